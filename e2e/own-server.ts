import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import pg from 'pg';
import { ROOT } from './env.ts';

/**
 * An empty production install of its own, as the README's Production section starts one:
 * NODE_ENV=production, no demo seed, no user, no division — on an empty embedded store in a
 * temporary DATA_DIR, or an empty PostgreSQL database on the PostgreSQL pass
 * (E2E_ADMIN_DATABASE_URL, set by the global setup). Its start prints a one-time setup link.
 * For specs whose story starts from nothing (first-run, second-customer); the shared e2e
 * server stays seeded for the others.
 */
export type OwnServer = {
  port: number;
  /** http://localhost:{port}: the hub's PUBLIC_URL. */
  base: string;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  /** The setup link the start printed. */
  setupLink: () => string;
  stop: () => Promise<void>;
};

async function emptyPostgresDatabase(name: string): Promise<string | undefined> {
  const admin = process.env.E2E_ADMIN_DATABASE_URL;
  if (!admin) return undefined;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPostgresDatabase(name: string): Promise<void> {
  const admin = process.env.E2E_ADMIN_DATABASE_URL;
  if (!admin) return;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  await client.end();
}

/**
 * Starts the server on `port` with an empty store and waits until it has printed its setup
 * link and answers /api/health. `name` names the temporary directory and database; `env`
 * adds to (or overrides) the production settings, e.g. SMTP_URL instead of the outbox.
 */
export async function startOwnServer(name: string, port: number, env: NodeJS.ProcessEnv = {}): Promise<OwnServer> {
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `ph-${name}-`));
  const database = `ph_e2e_${name.replaceAll('-', '_')}_${process.pid}`;
  const url = await emptyPostgresDatabase(database);
  let output = '';
  const server: ChildProcess = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: `${name}-test-secret-long-enough-for-hs256`,
      MAIL_OUTBOX: 'true',
      SMTP_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      PUBLIC_DOMAIN: 'localhost',
      DATA_DIR: dataDir,
      DATABASE_URL: url ?? '',
      WEB_DIST: process.env.E2E_WEB_DIR ?? path.join(ROOT, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      SEED: '',
      SEED_PASSWORD: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (url) await dropPostgresDatabase(database);
  };
  try {
    // Started once it prints its setup link (the last thing before it listens) and answers.
    await expect
      .poll(
        () => {
          if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${output.slice(-4000)}`);
          return /\/setup#token=[\w-]+/.test(output);
        },
        { timeout: 100_000 },
      )
      .toBe(true);
    await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 30_000 }).toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    base,
    output: () => output,
    setupLink: () => /(http:\/\/\S+\/setup#token=[\w-]+)/.exec(output)![1]!,
    stop,
  };
}
