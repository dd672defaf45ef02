import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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
  /**
   * One `select 1` that answers within `deadlineMs` or throws (ETIMEDOUT): the health check.
   * On PostgreSQL a missed deadline also finds connections a black hole or a failover left
   * dead, so the pool recovers as soon as the database answers again.
   */
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
    const held = new HeldConnections(pool, opts.url);
    const executeSql: ExecuteSql = async (text, values) => {
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows) : result.rows };
    };
    return {
      db,
      kind: 'postgres',
      executeSql,
      ping: async (deadlineMs) => {
        try {
          await withDeadline(pool.query('select 1'), deadlineMs);
        } catch (err) {
          await held.dropDeadIfDatabaseAnswers();
          throw err;
        }
      },
      migrate: async () => {
        await migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_FOLDER });
        await migrateJobs(executeSql, 'postgres');
      },
      close: async () => {
        closing = true;
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
  const client = await PGlite.create({ dataDir, loadDataDir: opts.loadDataDir });
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

/** How long a query may hear nothing before a connection counts as dead, once a fresh one answers. */
const SILENT_MS = 1000;

/**
 * The pool's connections, with when each last heard from PostgreSQL. A black hole or a
 * failover leaves connections that hear nothing and are never closed (TCP keep-alive takes
 * minutes to notice, and a proxy in between answers it anyway), so every query sent on
 * one waits for its 20 s timeout. When the pool misses a health check's deadline, a fresh
 * connection is tried: if the database answers it, the pool's connections that are idle or
 * have heard nothing for SILENT_MS while a query was out are closed, and the next queries
 * open new ones. (A query that has legitimately run silent for that long at that very
 * moment — the pool saturated by slow reports — is cut off too and answered 503.)
 */
class HeldConnections {
  readonly #clients = new Map<pg.Client, { heard: number; busy: boolean }>();
  readonly #url: string;
  #probing: Promise<void> | null = null;
  constructor(pool: pg.Pool, url: string) {
    this.#url = url;
    pool.on('connect', (client) => {
      const state = { heard: Date.now(), busy: false };
      this.#clients.set(client, state);
      streamOf(client)?.on('data', () => {
        state.heard = Date.now();
      });
    });
    pool.on('acquire', (client) => {
      const state = this.#clients.get(client);
      if (state) Object.assign(state, { busy: true, heard: Date.now() });
    });
    pool.on('release', (_err, client) => {
      const state = this.#clients.get(client);
      if (state) state.busy = false;
    });
    pool.on('remove', (client) => this.#clients.delete(client));
  }

  /** One probe at a time: a fresh connection; if it answers, the dead held ones are closed. */
  dropDeadIfDatabaseAnswers(): Promise<void> {
    this.#probing ??= this.#probe().finally(() => {
      this.#probing = null;
    });
    return this.#probing;
  }

  async #probe(): Promise<void> {
    const fresh = new pg.Client({ connectionString: this.#url, connectionTimeoutMillis: 500, query_timeout: 500 });
    fresh.on('error', () => {});
    try {
      await fresh.connect();
      await fresh.query('select 1');
    } catch {
      return; // the database itself does not answer: nothing to tell apart yet
    } finally {
      void fresh.end().catch(() => {});
    }
    const now = Date.now();
    for (const [client, state] of this.#clients) if (!state.busy || now - state.heard > SILENT_MS) streamOf(client)?.destroy();
  }
}

/** node-postgres keeps a client's socket on `connection.stream` (not in its types). */
function streamOf(client: pg.Client): import('node:net').Socket | undefined {
  return (client as unknown as { connection?: { stream?: import('node:net').Socket } }).connection?.stream;
}
