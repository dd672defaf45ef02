import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
// Trigram indexes serve the name search of the users list (schema.ts); PostgreSQL has pg_trgm as a contrib extension.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { fromPglite } from 'pg-boss';
import { type ExecuteSql, migrateJobs } from '../modules/jobs/jobs-schema.ts';
import { RemotePGlite } from './pglite-remote.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A database handle the app owns: Drizzle on top of PGlite or node-postgres, one dialect. */
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Our migrations, then the job queue's own schema (pg-boss). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Plain SQL with `$1` parameters (several statements when there are none): the job queue's way in. */
  executeSql: ExecuteSql;
  /** One `select 1` that answers within `deadlineMs` or throws (ETIMEDOUT): the health check. */
  ping(deadlineMs: number): Promise<void>;
  /** The embedded store, for tests that clone it. */
  pglite?: PGlite;
};

const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export type DatabaseOptions = {
  url?: string | undefined;
  dataDir?: string | undefined;
  loadDataDir?: Blob | File | undefined;
  /** PGlite in a worker thread (the server): SQL never blocks HTTP. Tests and scripts keep it in their own thread. */
  thread?: boolean;
  /**
   * For maintenance commands (`npm run stats:rebuild`, the bench's data generator): no query
   * or statement timeout, since rebuilding the rollups of millions of events takes minutes.
   * The server's pool keeps its bounds (a request never waits past them).
   */
  maintenance?: boolean;
};

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    // Every wait is bounded, so a database that vanishes (or a failover that black-holes its
    // connections) turns into errors (503) within seconds, never a request that hangs: a
    // query that times out loses its connection, and the pool opens a fresh one next time.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      ...(opts.maintenance ? {} : { query_timeout: 20_000, statement_timeout: 15_000 }),
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let closing = false;
    // An idle connection the server drops (a restart, a failover, a dropped test database) must not
    // crash the process: without a listener node-postgres rethrows it. The next query opens a new one.
    pool.on('error', (error) => {
      if (!closing) console.warn(`PostgreSQL dropped an idle connection: ${error.message}`);
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    // Connections a black hole or failover left dead are found and closed within about 1.5 s.
    const held = new HeldConnections(pool, opts.url);
    const executeSql: ExecuteSql = async (text, values) => {
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows) : result.rows };
    };
    return {
      db,
      kind: 'postgres',
      executeSql,
      ping: (deadlineMs) => withDeadline(pool.query('select 1'), deadlineMs).then(() => {}),
      migrate: async () => {
        await migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_FOLDER });
        await migrateJobs(executeSql, 'postgres');
      },
      close: async () => {
        closing = true;
        held.stop();
        await pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  if (opts.dataDir) {
    dataDir = path.resolve(opts.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  if (opts.thread) {
    const remote = new RemotePGlite(dataDir, MIGRATIONS_FOLDER);
    await remote.ready;
    const executeSql: ExecuteSql = (text, values) => (values?.length ? remote.query(text, values) : remote.exec(text));
    return {
      db: drizzlePglite({ client: remote as unknown as PGlite, schema }) as unknown as Db,
      kind: 'pglite',
      executeSql,
      ping: (deadlineMs) => withDeadline(remote.query('select 1', []), deadlineMs).then(() => {}),
      migrate: async () => {
        await remote.migrate();
        await migrateJobs(executeSql, 'pglite');
      },
      close: () => remote.close(),
    };
  }
  const client = await PGlite.create({ dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const { executeSql } = fromPglite(client);
  return {
    db,
    kind: 'pglite',
    pglite: client,
    executeSql,
    ping: (deadlineMs) => withDeadline(client.query('select 1'), deadlineMs).then(() => {}),
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
      await migrateJobs(executeSql, 'pglite');
    },
    close: () => client.close(),
  };
}

/** The promise's outcome, or an ETIMEDOUT error once `ms` have passed (the promise runs on). */
async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`The database did not answer within ${ms} ms.`), { code: 'ETIMEDOUT' })), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a query may hear nothing before its connection is checked (500 ms) and how often that is looked at. */
const SILENT_MS = 500;
const WATCH_MS = 250;

/**
 * Finds the pool's connections that a black hole or a failover left dead. Such a connection
 * hears nothing and is never closed (TCP keep-alive takes minutes, and a proxy in between
 * answers it anyway), so a query sent on it waits for its 20 s timeout, and the writes
 * waiting behind it too. Every WATCH_MS: a connection whose query has heard nothing for
 * SILENT_MS since it was sent is checked on a fresh connection — PostgreSQL's own view
 * (pg_stat_activity) says whether its backend is running a query. A slow query is (and is
 * left alone). A backend that is idle or gone either never got the query or answered it
 * already; on a loaded machine that answer may only be late (a backend reports itself idle
 * before it sends, and then may wait for a core). So the connection is closed only when its
 * backend is seen the same way again SILENT_MS later, with nothing heard meanwhile: its query
 * fails (503, retried by the client), the next one opens a new connection. While the
 * database does not answer the fresh connection either, nothing is closed.
 */
class HeldConnections {
  /** When each connection last showed life: a byte heard, or taken from the pool to send a query. */
  readonly #heard = new Map<pg.Client, number>();
  /** Connections whose backend was seen idle or gone while their query waited: what was seen, and when. */
  readonly #suspects = new Map<pg.Client, { seen: string; at: number }>();
  readonly #url: string;
  #checking = false;
  readonly #timer: NodeJS.Timeout;
  constructor(pool: pg.Pool, url: string) {
    this.#url = url;
    const alive = (client: pg.Client) => this.#heard.set(client, Date.now());
    pool.on('connect', (client) => {
      alive(client);
      streamOf(client)?.on('data', () => alive(client));
    });
    // A connection idle for minutes has heard nothing for minutes: its next query's silence counts from when it is sent.
    pool.on('acquire', alive);
    pool.on('remove', (client) => {
      this.#heard.delete(client);
      this.#suspects.delete(client);
    });
    this.#timer = setInterval(() => void this.#watch(), WATCH_MS).unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  #silent(client: pg.Client, now: number): boolean {
    return now - (this.#heard.get(client) ?? 0) > SILENT_MS && queryOutOn(client);
  }

  async #watch(): Promise<void> {
    if (this.#checking) return;
    const silent = [...this.#heard.keys()].filter((client) => this.#silent(client, Date.now()));
    for (const client of this.#suspects.keys()) if (!silent.includes(client)) this.#suspects.delete(client);
    if (!silent.length) return;
    this.#checking = true;
    const fresh = new pg.Client({ connectionString: this.#url, connectionTimeoutMillis: 500, query_timeout: 500 });
    fresh.on('error', () => {});
    try {
      await fresh.connect();
      const pids = silent.map((client) => (client as unknown as { processID: number | null }).processID ?? 0);
      const { rows } = await fresh.query<{ pid: number; state: string | null; since: string | null }>(
        'select pid, state, state_change::text as since from pg_stat_activity where pid = any($1::int[])',
        [pids],
      );
      const backends = new Map(rows.map((r) => [r.pid, r]));
      const now = Date.now();
      for (const [i, client] of silent.entries()) {
        const backend = backends.get(pids[i]!);
        // It answered meanwhile, or PostgreSQL is running its query (or waiting on a lock for it): alive.
        if (!this.#silent(client, now) || backend?.state === 'active') {
          this.#suspects.delete(client);
          continue;
        }
        const seen = backend ? `${backend.state} since ${backend.since}` : 'gone';
        const before = this.#suspects.get(client);
        if (before?.seen !== seen) {
          this.#suspects.set(client, { seen, at: now });
          continue;
        }
        // Seen the same SILENT_MS ago and nothing heard since: the answer is not late, it is lost.
        if (now - before.at >= SILENT_MS && (this.#heard.get(client) ?? 0) < before.at) streamOf(client)?.destroy();
      }
    } catch {
      // The database itself does not answer: nothing to tell apart yet.
    } finally {
      this.#checking = false;
      void fresh.end().catch(() => {});
    }
  }
}

/** Whether a query of this client is out, waiting for PostgreSQL (node-postgres keeps it on `_activeQuery`). */
function queryOutOn(client: pg.Client): boolean {
  return Boolean((client as unknown as { _activeQuery?: unknown })._activeQuery);
}

/** node-postgres keeps a client's socket on `connection.stream` (not in its types). */
function streamOf(client: pg.Client): import('node:net').Socket | undefined {
  return (client as unknown as { connection?: { stream?: import('node:net').Socket } }).connection?.stream;
}
