import { expect, test } from '@playwright/test';
import { resize, shot, sideNav, signInAndWait, USERS } from '../support.ts';

/**
 * A division's own domain in the divisions console (issue 26): the superadmin enters it, the
 * card shows the DNS record and the check URL, and "Verify now" reports why a domain that does
 * not point to the hub is not verified. (Verification that succeeds, and Caddy, are proved in
 * apps/server/src/modules/domains/*.test.ts, where a name can be pointed at the test server.)
 */
test('custom domain: a superadmin enters a division domain and sees the DNS record, check URL and why it is not verified', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, USERS.superadmin);
  await sideNav(page).getByRole('link', { name: 'Divisions' }).click();
  await expect(page.getByRole('heading', { name: 'Divisions', level: 1 })).toBeVisible();
  await page.getByRole('table').getByRole('link', { name: 'Acme', exact: true }).click();
  const card = page.getByRole('region', { name: 'Custom domain' });
  await expect(card.getByText('Not set')).toBeVisible();

  await card.getByLabel('Domain').fill('Cards.Acme-Example.invalid');
  await card.getByLabel('Domain').press('Enter');
  await expect(card.getByText('Waiting for verification')).toBeVisible();
  await expect(card.getByRole('cell', { name: 'cards.acme-example.invalid' })).toBeVisible();
  await expect(card.getByText(/^http:\/\/cards\.acme-example\.invalid\/\.well-known\/profilehub-verification\/[A-Za-z0-9_-]{32}$/)).toBeVisible();
  // Enter in the card set the domain: the settings form around it has nothing to save.
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  await card.getByRole('button', { name: 'Verify now' }).click();
  await expect(card.getByText('The hub could not reach this domain over HTTP. Check that its DNS record points to the hub, then try again.')).toBeVisible();
  await card.screenshot({ path: '.tmp/e2e-shots/custom-domain-card-1440.png' });
  await shot(page, 'custom-domain-pending-1440');
  await resize(page, { width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  // On a phone the long check URL wraps and the DNS table scrolls inside the card: the card itself never overflows.
  expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await card.screenshot({ path: '.tmp/e2e-shots/custom-domain-card-390.png' });
  await shot(page, 'custom-domain-pending-390');
  await resize(page, { width: 1440, height: 900 });

  await card.getByRole('button', { name: 'Remove' }).click();
  await expect(card.getByText('Not set')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Verify now' })).toHaveCount(0);
});
