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
    const executeSql: ExecuteSql = async (text, values) => {
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows) : result.rows };
    };
    return {
      db,
      kind: 'postgres',
      executeSql,
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
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
      await migrateJobs(executeSql, 'pglite');
    },
    close: () => client.close(),
  };
}
