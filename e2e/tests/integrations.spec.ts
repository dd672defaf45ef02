import { expect, type Page, test } from '@playwright/test';
import { resize, shot, sideNav, signInAndWait, USERS } from '../support.ts';

/**
 * Integrations (issues #28, #29): a supervisor sets up their own division's single sign-on, SCIM
 * provisioning and webhooks, without a superadmin. The token they make works for their division's
 * SCIM at once, and stops at once when they revoke it.
 */

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page is wider than the screen').toBeLessThanOrEqual(clientWidth);
}

test('integrations: a supervisor makes a SCIM token for their division, it provisions at once, and a revoke ends it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, USERS.supervisor);
  await sideNav(page).getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  for (const card of ['Single sign-on', 'SCIM provisioning', 'Webhooks']) await expect(page.getByRole('heading', { name: card, level: 2 })).toBeVisible();
  await shot(page, 'integrations-1440');

  const name = `Directory ${Date.now().toString(36)}`;
  await page.getByLabel('New token for').fill(name);
  await page.getByRole('button', { name: 'Make a token' }).click();
  const shown = page.getByTestId('scim-token');
  await expect(shown).toHaveText(/^phscim_/);
  const token = (await shown.textContent()) ?? '';
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);

  const users = () => page.request.get('/scim/v2/Users?count=1', { headers: { authorization: `Bearer ${token}` } });
  const before = await users();
  expect(before.status(), await before.text()).toBe(200);
  expect(((await before.json()) as { totalResults: number }).totalResults).toBeGreaterThan(0);

  await page
    .getByRole('button', { name: new RegExp(`^Revoke ${name} `) })
    .first()
    .click();
  await expect(page.getByText('Revoked').first()).toBeVisible();
  expect((await users()).status()).toBe(401);

  await resize(page, { width: 375, height: 812 });
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'integrations-375');
});

test('integrations: a user has no such link and is sent home', async ({ page }) => {
  await signInAndWait(page, USERS.jane);
  await expect(sideNav(page).getByRole('link', { name: 'Contacts' })).toBeVisible();
  await expect(sideNav(page).getByRole('link', { name: 'Integrations' })).toHaveCount(0);
  await page.goto('/integrations');
  await expect(page).toHaveURL(/\/home$/);
});

test('integrations: a superadmin is sent to the divisions console, where the same cards are', async ({ page }) => {
  await signInAndWait(page, USERS.superadmin);
  await page.goto('/integrations');
  await expect(page).toHaveURL(/\/divisions$/);
});
