import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import lightMyRequest, { type InjectOptions } from 'light-my-request';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { signedInUser } from './factories.ts';
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

export type TestAppOptions = { env?: Record<string, string>; overrides?: BuildAppOptions['overrides']; logger?: BuildAppOptions['logger'] };

/** The real app on a cloned database, with cheap argon2 so tests stay fast. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ph-test-'));
  const config = testConfig({ DATA_DIR: dataDir, ...opts.env });
  const database = await cloneDatabase();
  const app = await buildApp({ config, database, overrides: opts.overrides, ...(opts.logger ? { logger: opts.logger } : {}) });
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

/** Request headers, such as a signed-in user's. */
export type Headers = Record<string, string>;

/** The app {@link useTestApp} makes, read through getters once its beforeAll has run. */
export type TestApp = Omit<TestContext, 'close'> & {
  /** The app's database (`app.deps.db`). */
  readonly db: Db;
  /** A new user, signed in to the app (factories' `signedInUser`). */
  signedIn(o?: Parameters<typeof signedInUser>[1]): ReturnType<typeof signedInUser>;
};

/**
 * One {@link createTestApp} for the tests of this file (or of the describe block it is called
 * in): made in a beforeAll, closed in an afterAll. Hooks run in the order they are registered
 * (after-hooks in reverse), so a beforeAll registered after this call can use the app. `opts` may
 * be a function, read when the app is made, for values an earlier beforeAll sets up.
 */
export function useTestApp(opts: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  let context: TestContext | undefined;
  beforeAll(async () => {
    context = await createTestApp(typeof opts === 'function' ? opts() : opts);
  });
  afterAll(async () => {
    await context?.close();
  });
  const current = (): TestContext => {
    if (!context) throw new Error('the test app is made in beforeAll: use it in hooks and tests');
    return context;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    get db() {
      return current().app.deps.db;
    },
    signedIn: (o) => signedInUser(current().app, o),
  };
}
