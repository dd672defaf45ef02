import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, PgBoss } from 'pg-boss';
import type { Database, Db } from '../../db/client.ts';
import { busy } from '../../http/errors.ts';
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

/**
 * Periodic work on the shared database: one job per occurrence across every copy (pg-boss's
 * cron). `atStart` also queues one run when a copy starts, for work a fresh start must not
 * wait an hour for.
 */
export type Schedule = { name: string; cron: string; run: () => Promise<unknown>; atStart?: boolean };

/** Resolves once no job is pending on any copy (tests, shutdown checks); `poke` runs before each wait. */
export async function noPendingJobs(db: Db, poke: () => void = () => {}): Promise<void> {
  while ((await pendingJobs(db)) > 0) {
    poke();
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Work a module keeps in rows of its own and sends in batches rather than as one job per row
 * (webhook deliveries, decision 033): started, woken, waited for and stopped with the jobs.
 */
export type RowWorker = {
  start(): void;
  wake(): void;
  /** Rows still to be done, on every copy. */
  pending(): Promise<number>;
  stop(graceMs: number): Promise<void>;
};

/** A kind of work besides mail (`define`). */
type Task = {
  work: (data: object) => Promise<object>;
  localConcurrency: number;
  gaveUp: ((data: object, err: unknown) => Promise<void>) | undefined;
  policy: 'standard' | 'stately';
};

export type JobsOptions = {
  database: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  retrySeconds: number;
  /** How often an idle worker asks for jobs it was not woken for (`JOB_POLL_SECONDS`). */
  pollSeconds: number;
  /** The domain of queued mails' Message-IDs (mailer.ts messageIdDomain). */
  messageIdDomain: string;
  /** The server's upkeep; test apps run none (they call the tasks themselves). */
  schedules?: Schedule[];
};

/** How long a request waits for the job it started before saying it is still running. */
const WAIT_MS = 120_000;
/** A job finished on another copy is noticed by asking the database this often. */
const WAIT_POLL_MS = 200;

/**
 * Background work that must not be lost: durable jobs on the shared database (pg-boss,
 * docs/decisions/014). A job survives a restart, runs on exactly one copy of the server,
 * and is retried with back-off when it fails: mail, a template's rebuild (`define`/`run`),
 * and the periodic upkeep (`schedules`).
 */
export class Jobs implements MailQueue {
  readonly #boss: PgBoss;
  readonly #opts: JobsOptions;
  #mailWorker: string | null = null;
  /** Kinds of work besides mail, by queue name (`define`). */
  readonly #tasks = new Map<string, Task>();
  /** Each kind's workers (one per `localConcurrency`), by queue name. */
  readonly #workers = new Map<string, string[]>();
  /** Workers of rows (`attach`), by name. */
  readonly #rowWorkers = new Map<string, RowWorker>();
  /** Requests waiting for a job that this copy may finish: its output, as soon as it is done here. */
  readonly #waiting = new Map<string, (output: object) => void>();

  constructor(opts: JobsOptions) {
    this.#opts = opts;
    this.#boss = new PgBoss({
      db: { executeSql: opts.database.executeSql },
      backend: opts.database.kind,
      schema: JOB_SCHEMA,
      // The schema is ours to migrate (database.migrate(), under the start-up lock).
      migrate: false,
      createSchema: false,
      schedule: Boolean(opts.schedules?.length),
    });
    // A failed poll or maintenance pass (the database away for a while) is tried again by pg-boss.
    this.#boss.on('error', (err) => opts.log.warn({ err }, 'job queue: a database call failed; it will be tried again'));
  }

  /**
   * A kind of job and the work it does, on whichever copy fetches it (before `start`). It is
   * retried when it fails or its copy dies (after its expiry), so the work must be safe to
   * repeat. Its result is the job's output, which `run` hands back.
   */
  define<T extends object, R extends object>(
    name: string,
    work: (data: T) => Promise<R>,
    options: {
      localConcurrency?: number;
      /** Called once when the last try has failed, to record it where people look (a job left "running" forever is lost work). */
      gaveUp?: (data: T, err: unknown) => Promise<void>;
      /**
       * `stately`: per `singletonKey`, at most one job waits and one runs; queuing while one
       * waits adds nothing, since the waiting one has not started and will see the newest state.
       */
      policy?: 'standard' | 'stately';
    } = {},
  ): void {
    this.#tasks.set(name, {
      work: work as unknown as Task['work'],
      localConcurrency: options.localConcurrency ?? 1,
      gaveUp: options.gaveUp as Task['gaveUp'],
      policy: options.policy ?? 'standard',
    });
  }

  /** A worker of rows, started with the jobs (before `start`); `wakeWorker(name)` wakes it. */
  attach(name: string, worker: RowWorker): void {
    this.#rowWorkers.set(name, worker);
  }

  /**
   * Queues a job of a `define`d kind and waits for its output. The job does not depend on the
   * waiting request: if this copy stops, another one (or the next start) finishes it.
   */
  async run<T extends object, R extends object>(name: string, data: T): Promise<R> {
    const id = await this.#boss.send(name, data, { retryLimit: 3, retryDelay: 5, expireInSeconds: 900 });
    if (!id) throw new Error(`job queue: ${name} was not queued`);
    const done = new Promise<object>((resolve) => this.#waiting.set(id, resolve));
    this.wakeWorker(name);
    try {
      const until = Date.now() + WAIT_MS;
      while (Date.now() < until) {
        const finished = await Promise.race([done, new Promise<null>((r) => setTimeout(() => r(null), WAIT_POLL_MS))]);
        if (finished) return finished as R;
        const job = await this.#boss.getJobById<T>(name, id);
        if (job?.state === 'completed') return job.output as R;
        if (job?.state === 'failed' || job?.state === 'cancelled') {
          this.#opts.log.error({ job: name, id, output: job.output }, 'job failed after its retries');
          throw busy('This could not be done right now; please try again in a moment.', 30);
        }
      }
      throw busy('This is taking longer than usual; it goes on in the background. Please check again in a few minutes.', 60);
    } finally {
      this.#waiting.delete(id);
    }
  }

  /**
   * Queues a job of a `define`d kind in the caller's transaction (it exists only if that
   * commits) and returns without waiting for it; `wakeWorker` after the commit starts it here
   * at once. Long work sends heartbeats, so a job whose copy died is retried once its
   * heartbeat is `heartbeatSeconds` old (at pg-boss's next monitor pass), not after its expiry.
   */
  async queue(
    tx: Db,
    name: string,
    data: object,
    options: {
      expireInSeconds: number;
      heartbeatSeconds: number;
      retryLimit?: number;
      retryDelay?: number;
      retryBackoff?: boolean;
      retryDelayMax?: number;
      singletonKey?: string;
    },
  ): Promise<string | null> {
    const into = { db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql) };
    const id = await this.#boss.send(name, data, { ...into, retryLimit: 3, retryDelay: 5, ...options });
    // In a `stately` queue one job per key waits: a second send finds it and is not needed.
    if (!id && !options.singletonKey) throw new Error(`job queue: ${name} was not queued`);
    return id;
  }

  /** A job (or a row of an `attach`ed worker) of this kind was just committed: this copy's workers fetch now. */
  wakeWorker(name: string): void {
    for (const worker of this.#workers.get(name) ?? []) this.#boss.notifyWorker(worker);
    this.#rowWorkers.get(name)?.wake();
  }

  async start(): Promise<void> {
    await this.#boss.start();
    for (const [name, { work, localConcurrency, gaveUp, policy }] of this.#tasks) {
      await this.#boss.createQueue(name, { policy });
      const options = { pollingIntervalSeconds: this.#opts.pollSeconds, includeMetadata: true } as const;
      // One pg-boss worker per unit of concurrency, each with its id: pg-boss's own localConcurrency
      // gives one id for all of them, and notifying it wakes only the first, so a backlog (10,000
      // webhook deliveries, bench/webhooks.mjs) went out one job per worker per poll (2 s).
      const workers: string[] = [];
      for (let i = 0; i < localConcurrency; i++) {
        let self = '';
        self = await this.#boss.work<object, object, typeof options>(name, options, async ([job]) => {
          try {
            const output = await work(job!.data);
            this.#waiting.get(job!.id)?.(output);
            return output;
          } catch (err) {
            if (gaveUp && job!.retryCount >= job!.retryLimit) {
              this.#opts.log.error({ err, job: name, id: job!.id }, 'job failed on its last try');
              await gaveUp(job!.data, err).catch((e: unknown) => this.#opts.log.error({ err: e, job: name }, 'recording a failed job failed'));
            }
            throw err;
          } finally {
            // A job was there, so there may be more: fetch the next at once (an empty fetch goes back to the poll).
            this.#boss.notifyWorker(self);
          }
        });
        workers.push(self);
      }
      this.#workers.set(name, workers);
    }
    for (const task of this.#opts.schedules ?? []) {
      await this.#boss.createQueue(task.name);
      // Upserted on every start; an occurrence missed while every copy was down runs once.
      await this.#boss.schedule(task.name, task.cron, null, { tz: 'UTC', missed: 'once', retryLimit: 2, retryDelay: 60 });
      const worker = await this.#boss.work(task.name, { pollingIntervalSeconds: 30 }, async () => {
        await task.run();
      });
      if (task.atStart) {
        await this.#boss.send(task.name, {}, { retryLimit: 2, retryDelay: 60 });
        this.#boss.notifyWorker(worker);
      }
    }
    for (const worker of this.#rowWorkers.values()) worker.start();
    await this.#boss.createQueue(MAIL);
    this.#mailWorker = await this.#boss.work<Mail>(MAIL, { pollingIntervalSeconds: this.#opts.pollSeconds }, async ([job]) => {
      // The job's id names the message: the outbox stores it once, and mail servers see one Message-ID on every retry.
      await this.#opts.mailer.send({ ...job!.data, messageId: `<${job!.id}@${this.#opts.messageIdDomain}>` });
      // One mail per fetch: ask for the next at once rather than after the next poll, or a
      // backlog (an import's invitations) goes out one every 2 s and holds up every mail behind it.
      this.wake();
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

  /** Resolves once no job nor row is pending on any copy (tests); one that keeps failing keeps it waiting. */
  async idle(): Promise<void> {
    const poke = () => {
      this.wake();
      for (const name of this.#workers.keys()) this.wakeWorker(name);
      for (const worker of this.#rowWorkers.values()) worker.wake();
    };
    for (;;) {
      await noPendingJobs(this.#opts.database.db, poke);
      let rows = 0;
      for (const worker of this.#rowWorkers.values()) rows += await worker.pending();
      // Rows done may have queued jobs (and jobs rows): both are looked at again until neither has any.
      if (rows === 0 && (await pendingJobs(this.#opts.database.db)) === 0) return;
      poke();
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Finishes the jobs running here (within `graceMs`); the rest stay queued for the next start or another copy. */
  async stop(graceMs = 10_000): Promise<void> {
    await Promise.all([this.#boss.stop({ graceful: true, timeout: graceMs, close: false }), ...[...this.#rowWorkers.values()].map((w) => w.stop(graceMs))]);
  }
}
