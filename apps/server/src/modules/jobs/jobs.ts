import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, PgBoss } from 'pg-boss';
import type { Database, Db } from '../../db/client.ts';
import { rowsOf } from '../events/rollups.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { JOB_SCHEMA } from './jobs-schema.ts';

const MAIL = 'mail';

/** Queues mails with the writes that cause them: both commit, or neither. */
export type MailQueue = {
  /**
   * Runs `work` in a transaction; each mail it hands to `mail` is queued in that same
   * transaction, so it is sent only if the work commits, and retried until delivered.
   */
  transaction<T>(db: Db, work: (tx: Db, mail: (m: Mail) => void) => Promise<T>): Promise<T>;
};

/** For writes that tell nobody (the demo seed): the work's transaction, its mails dropped. */
export const NO_MAIL: MailQueue = {
  transaction: (db, work) => db.transaction((tx) => work(tx as unknown as Db, () => {})),
};

/** Jobs queued, waiting for a retry or running, on every copy. */
export async function pendingJobs(db: Db): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql.raw(`select count(*)::int as n from ${JOB_SCHEMA}.job where state in ('created', 'retry', 'active')`)),
  );
  return rows[0]?.n ?? 0;
}

export type JobsOptions = { database: Database; mailer: Mailer; log: FastifyBaseLogger; retrySeconds: number };

/**
 * Background work that must not be lost: durable jobs on the shared database (pg-boss,
 * docs/decisions/014). A job survives a restart, runs on exactly one copy of the server,
 * and is retried with back-off when it fails. Today: mail.
 */
export class Jobs implements MailQueue {
  readonly #boss: PgBoss;
  readonly #opts: JobsOptions;
  #mailWorker: string | null = null;

  constructor(opts: JobsOptions) {
    this.#opts = opts;
    this.#boss = new PgBoss({
      db: { executeSql: opts.database.executeSql },
      backend: opts.database.kind,
      schema: JOB_SCHEMA,
      // The schema is ours to migrate (database.migrate(), under the start-up lock).
      migrate: false,
      createSchema: false,
      schedule: false,
    });
    // A failed poll or maintenance pass (the database away for a while) is tried again by pg-boss.
    this.#boss.on('error', (err) => opts.log.warn({ err }, 'job queue: a database call failed; it will be tried again'));
  }

  async start(): Promise<void> {
    await this.#boss.start();
    await this.#boss.createQueue(MAIL);
    this.#mailWorker = await this.#boss.work<Mail>(MAIL, { pollingIntervalSeconds: 2 }, async ([job]) => {
      // The job's id names the message: the outbox stores it once, and mail servers see one Message-ID on every retry.
      await this.#opts.mailer.send({ ...job!.data, messageId: `<${job!.id}@profilehub.jobs>` });
    });
  }

  async transaction<T>(db: Db, work: (tx: Db, mail: (m: Mail) => void) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const mails: Mail[] = [];
      const value = await work(tx as unknown as Db, (m) => mails.push(m));
      const into = { db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql) };
      const retry = { retryLimit: 12, retryDelay: this.#opts.retrySeconds, retryBackoff: true, retryDelayMax: 3_600 };
      for (const m of mails) await this.#boss.send(MAIL, m, { ...into, ...retry });
      return value;
    });
    this.wake();
    return result;
  }

  /** A job was just committed: this copy's worker fetches it now rather than at its next poll. */
  wake(): void {
    if (this.#mailWorker) this.#boss.notifyWorker(this.#mailWorker);
  }

  /** Resolves once no job is pending on any copy (tests); a job that keeps failing keeps it waiting. */
  async idle(): Promise<void> {
    while ((await pendingJobs(this.#opts.database.db)) > 0) {
      this.wake();
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Finishes the jobs running here (within `graceMs`); the rest stay queued for the next start or another copy. */
  async stop(graceMs = 10_000): Promise<void> {
    await this.#boss.stop({ graceful: true, timeout: graceMs, close: false });
  }
}
