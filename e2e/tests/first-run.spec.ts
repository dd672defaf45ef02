import { expect, test } from '@playwright/test';
import { freePort } from '../../apps/server/src/test/processes.ts';
import { type OwnServer, startOwnServer } from '../own-server.ts';
import { shot } from '../support.ts';

/**
 * An empty production install, as the README's Production section starts one: no demo
 * seed, no user, no division. Its start prints a one-time setup link; the link's page
 * creates the first superadmin and division and signs them in. Runs its own server (on
 * an empty embedded store, or an empty PostgreSQL database on the PostgreSQL pass).
 */
test.describe.configure({ mode: 'serial' });

// The hub's address, on a port free when the spec starts (PORT + 1000 once landed on NATS's 4222).
let base = '';
let server: OwnServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = await startOwnServer('first-run', port);
});

test.afterAll(async () => {
  await server?.stop();
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
  const link = server!.setupLink();
  expect(server!.output()).toContain('This hub has no administrator yet');
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
