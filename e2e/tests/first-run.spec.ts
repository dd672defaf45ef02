import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { PORT, ROOT } from '../env.ts';
import { shot } from '../support.ts';

/**
 * An empty production install, as the README's Production section starts one: no demo
 * seed, no user, no division. Its start prints a one-time setup link; the link's page
 * creates the first superadmin and division and signs them in. Runs its own server (on
 * an empty embedded store, or an empty PostgreSQL database on the PostgreSQL pass).
 */
test.describe.configure({ mode: 'serial' });

const port = PORT + 1000;
const base = `http://localhost:${port}`;
let server: ChildProcess | undefined;
let output = '';
let dataDir = '';
let database: string | undefined;

async function emptyPostgresDatabase(): Promise<string | undefined> {
  const admin = process.env.E2E_ADMIN_DATABASE_URL;
  if (!admin) return undefined;
  database = `ph_e2e_first_${process.pid}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${database}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${database}`;
  return url.toString();
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ph-first-run-'));
  const url = await emptyPostgresDatabase();
  server = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: 'first-run-test-secret-long-enough-for-hs256',
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  // Started once it prints its setup link (the last thing before it listens) and answers.
  await expect.poll(() => /\/setup#token=[\w-]+/.test(output), { timeout: 100_000 }).toBe(true);
  await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 30_000 }).toBe(200);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  if (server && server.exitCode === null) await new Promise((resolve) => server!.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  if (database && process.env.E2E_ADMIN_DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.E2E_ADMIN_DATABASE_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await client.end();
  }
});

test('first run: the sign-in page of an empty install says how to set it up', async ({ page }) => {
  await page.goto(`${base}/sign-in`);
  await expect(page.getByText('This hub has no administrator yet')).toBeVisible();
  await expect(page.getByText('npm run admin:setup-link')).toBeVisible();
});

test('first run: a link without its token says what to do instead of failing on submit', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/setup`);
  await expect(page.getByText('This setup link is incomplete')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create and sign in' })).toBeDisabled();
  await shot(page, 'first-run-no-token-390');
});

test('first run: the printed link creates the first superadmin and division and signs them in', async ({ page }) => {
  const link = /(http:\/\/\S+\/setup#token=[\w-]+)/.exec(output)![1]!;
  expect(output).toContain('This hub has no administrator yet');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set up your hub' })).toBeVisible();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Operator');
  await page.getByLabel('Email address').fill('ada@initech.example');
  await page.getByRole('textbox', { name: 'Password' }).fill('Initech-Setup-42');
  await page.getByLabel('Name', { exact: true }).fill('Initech Europe');
  // The subdomain follows the name until someone edits it.
  await expect(page.getByLabel('Address of its pages')).toHaveValue('initech-europe');
  await shot(page, 'first-run-setup-1280');
  await page.getByRole('button', { name: 'Create and sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('navigation').getByText('Users')).toBeVisible();
  await shot(page, 'first-run-home-1280');

  // The link is spent: opening it again says the hub is set up.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This hub is already set up' })).toBeVisible();
});
