import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import lightMyRequest, { type InjectOptions } from 'light-my-request';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { withDatabase } from './global-setup.ts';

/** A fresh migrated database for one test file: a PGlite clone, or a PostgreSQL database made from the template. */
export async function cloneDatabase(): Promise<Database> {
  const template = inject('templateDatabase');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const name = `ph_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // CREATE DATABASE … TEMPLATE fails while another worker copies the same template; retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (err) {
        if (attempt > 40) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    const database = await openDatabase({ url: withDatabase(url, name) });
    const close = database.close;
    database.close = async () => {
      await close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
    return database;
  }
  const dump = readFileSync(inject('pgliteDump'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
};

/**
 * A test's requests go where a real client's go: through the HTTP server's own listener, so
 * the fast path (http/fast-path.ts) answers what it takes in production and Fastify the rest.
 * (Fastify's own `inject` starts behind the fast path.) Call once the app is ready.
 */
export function injectThroughServer(app: FastifyInstance): void {
  const [listener] = app.server.listeners('request') as RequestListener[];
  if (!listener) throw new Error('the app has no HTTP server listener');
  app.inject = ((opts: InjectOptions | string) => lightMyRequest(listener, opts)) as FastifyInstance['inject'];
}

/** The settings every test app runs with (cheap argon2, quiet logs), plus `env`. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_PASSES: '1',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://hub.test',
    ...env,
  });
}

/** The real app on a cloned database, with cheap argon2 so tests stay fast. */
export async function createTestApp(opts: { env?: Record<string, string>; overrides?: BuildAppOptions['overrides'] } = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ph-test-'));
  const config = testConfig({ DATA_DIR: dataDir, ...opts.env });
  const database = await cloneDatabase();
  const app = await buildApp({ config, database, overrides: opts.overrides });
  await app.ready();
  injectThroughServer(app);
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
