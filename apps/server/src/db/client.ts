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
import { RemotePGlite } from './pglite-remote.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A database handle the app owns: Drizzle on top of PGlite or node-postgres, one dialect. */
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded store, for tests that clone it. */
  pglite?: PGlite;
};

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export type DatabaseOptions = {
  url?: string | undefined;
  dataDir?: string | undefined;
  loadDataDir?: Blob | File | undefined;
  /** PGlite in a worker thread (the server): SQL never blocks HTTP. Tests and scripts keep it in their own thread. */
  thread?: boolean;
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
      query_timeout: 20_000,
      statement_timeout: 15_000,
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
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
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
    return {
      db: drizzlePglite({ client: remote as unknown as PGlite, schema }) as unknown as Db,
      kind: 'pglite',
      migrate: () => remote.migrate(),
      close: () => remote.close(),
    };
  }
  const client = await PGlite.create({ dataDir, loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}
