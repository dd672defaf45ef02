import path from 'node:path';
import { expect, type Locator, test } from '@playwright/test';
import { SHOTS_DIR } from '../env.ts';
import { expectToast, resize, sideNav, signInAndWait, USERS } from '../support.ts';

/** The card alone, for people to look at (.tmp/e2e-shots, not committed). */
const cardShot = (card: Locator, name: string) => card.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), animations: 'disabled' });

/**
 * The public REST API (issue #29, docs/api.md): a superadmin makes a Globex key that reads
 * contacts in the divisions console, copies it from the shown-once box, the key reads Globex's
 * contacts and is refused elsewhere; revoked after a confirmation, it is refused at once.
 * The card is looked at on a phone (375 px) and a desktop (1440 px).
 */
test('API keys: made with a scope, shown once, used, revoked after a confirmation', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, USERS.superadmin);
  await sideNav(page).getByRole('link', { name: 'Divisions' }).click();
  await page.getByRole('link', { name: 'Globex', exact: true }).click();
  const card = page.getByRole('region', { name: 'API keys' });
  await expect(card).toBeVisible();

  await card.getByLabel('New key for').fill('CRM sync (e2e)');
  await card.getByRole('checkbox', { name: /Read contacts/ }).check();
  await card.getByRole('button', { name: 'Make a key' }).click();
  const shown = card.getByTestId('api-key');
  await expect(shown).toHaveText(/^phk_[A-Za-z0-9_-]{43}$/);
  const key = (await shown.textContent())!;
  await card.scrollIntoViewIfNeeded();
  await cardShot(card, 'api-keys-1440-made');

  const bearer = { authorization: `Bearer ${key}` };
  expect((await page.request.get('/api/contacts', { headers: bearer })).status()).toBe(200);
  const refused = await page.request.get('/api/audit', { headers: bearer });
  expect(refused.status()).toBe(403);

  await card.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  const prefix = key.slice(0, 12);
  await expect(card.getByText(`${prefix}…`)).toBeVisible();
  await expect(card.getByText(/Made by admin@example\.com/).last()).toBeVisible();

  await resize(page, { width: 375, height: 812 });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('button', { name: `Revoke CRM sync (e2e) ${prefix}` })).toBeVisible();
  // Nothing of the card is wider than the phone.
  const box = await card.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await cardShot(card, 'api-keys-375-list');

  await card.getByRole('button', { name: `Revoke CRM sync (e2e) ${prefix}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS_DIR, 'api-keys-375-confirm.png'), animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expectToast(page, 'The key is revoked.');
  expect((await page.request.get('/api/contacts', { headers: bearer })).status()).toBe(401);
  await resize(page, { width: 1440, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await cardShot(card, 'api-keys-1440-revoked');
});
