import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startOidcProvider, type TestOidcProvider } from '../../apps/server/src/test/oidc-provider.ts';
import { BASE_URL, SHOTS_DIR } from '../env.ts';
import { apiLogin, enterEmail, expectToast, resize, SEED_PASSWORD, shot, sideNav, signInAndWait, USERS } from '../support.ts';

/**
 * Company single sign-on (issue #28) in the browser: a superadmin sets Globex's OpenID provider
 * (a real oidc-provider this spec starts) in the divisions console, with SSO required; Bob of
 * Globex then gets "Continue with SSO" and no password, and signs in through the provider's pages.
 * Globex signs in with passwords again afterwards.
 */
test.describe.configure({ mode: 'serial' });

let idp: TestOidcProvider;

test.beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: `${BASE_URL}/api/auth/sso/callback` });
  idp.accounts.set('bob', { email: USERS.bob, email_verified: true, name: 'Bob Smith' });
});

test.afterAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${await apiLogin(request, USERS.superadmin, SEED_PASSWORD)}` };
  const list = await (await request.get('/api/companies/console?search=globex', { headers })).json();
  const globex = list.data.find((c: { subdomain: string }) => c.subdomain === 'globex');
  await request.delete(`/api/companies/${globex.id}/sso`, { headers });
  await idp?.close();
});

test('the divisions console sets a division single sign-on', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, USERS.superadmin);
  await sideNav(page).getByRole('link', { name: 'Divisions' }).click();
  await page.getByRole('link', { name: 'Globex', exact: true }).click();
  const card = page.getByRole('region', { name: 'Single sign-on' });
  await expect(card.getByText('Not set')).toBeVisible();
  await expect(card.getByText(`${BASE_URL}/api/auth/sso/callback`)).toBeVisible();
  await card.getByLabel('Issuer URL').fill(idp.issuer);
  await card.getByLabel('Client ID').fill(idp.client.clientId);
  await card.getByLabel('Client secret').fill(idp.client.clientSecret);
  await card.getByLabel('Email domains').fill('globex.example');
  await card.getByRole('switch', { name: 'SSO required' }).check();
  await card.getByRole('button', { name: 'Save single sign-on' }).click();
  await expectToast(page, 'Single sign-on is saved.');
  await expect(card.getByText('Required', { exact: true })).toBeVisible();
  await expect(card.getByLabel('Client secret')).toHaveValue('');
  await expect(card.getByText('A secret is set. Leave this empty to keep it.')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: shotPath('sso-card-1440') });
  await resize(page, { width: 375, height: 800 });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: shotPath('sso-card-375') });
});

test('an email of a division with SSO required gets "Continue with SSO", no password, and signs in at its provider', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/sign-in');
  await enterEmail(page, USERS.bob);
  const sso = page.getByRole('link', { name: 'Continue with SSO' });
  await expect(sso).toBeVisible();
  await expect(page.getByText('Your company signs you in with single sign-on: use Continue with SSO.')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await shot(page, 'sso-sign-in-1440');
  await resize(page, { width: 375, height: 800 });
  await shot(page, 'sso-sign-in-375');

  // A password is refused through the API too, with the same message.
  const refused = await page.request.post('/api/auth/local', { data: { identifier: USERS.bob, password: SEED_PASSWORD } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Your company signs you in with single sign-on: use Continue with SSO.');

  await sso.click();
  // The provider's own (development) login and consent pages.
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/`));
  await page.locator('input[name="login"]').fill('bob');
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click(); // consent
  await expectToast(page, 'Logged in successfully!');
  await expect(page).toHaveURL(/\/(home|self-service)/);
});

const shotPath = (name: string) => path.join(SHOTS_DIR, `${name}.png`);
