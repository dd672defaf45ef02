import { expect, test } from '@playwright/test';
import { expectToast, resize, shot, sideNav, signInAndWait, USERS } from '../support.ts';

/**
 * The divisions console (issue 26): a superadmin creates a division and sets its brand,
 * features and billing in the hub; a supervisor cannot reach it.
 */
test.describe.configure({ mode: 'serial' });

test('divisions: a superadmin creates a division and saves its white-label, flags and billing', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, USERS.superadmin);
  await sideNav(page).getByRole('link', { name: 'Divisions' }).click();
  await expect(page.getByRole('heading', { name: 'Divisions', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Acme', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'New division' }).click();
  const dialog = page.getByRole('dialog', { name: 'New division' });
  await dialog.getByLabel('Name').fill('Initech Console');
  await expect(dialog.getByLabel('Address of its pages')).toHaveValue('initech-console');
  await dialog.getByRole('button', { name: 'Create division' }).click();
  await expectToast(page, 'Initech Console was created');
  await expect(page).toHaveURL(/\/divisions\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Initech Console', level: 1 })).toBeVisible();

  await page.getByLabel('Approvals: staff changes wait for a supervisor before they go live').check();
  await page.getByText('Individual (each person pays)').click();
  await page.getByLabel('This division has its own brand and hub').check();
  await page.getByLabel('Hub title').fill('Initech');
  await page.getByLabel('Brand colour', { exact: true }).fill('#0f766e');
  await page.getByLabel('Hub domain').fill('hub.initech-console.localhost');
  await expect(page.frameLocator('iframe[title="Sign-in page preview"]').getByText('Sign in to Initech hub')).toBeVisible();
  await shot(page, 'divisions-settings-1440');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Initech Console was saved');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  // Saved where it counts: the new hub answers on its own domain with its brand.
  const wl = await page.request.get('/api/white-label', { headers: { host: 'hub.initech-console.localhost' } });
  expect(await wl.json()).toMatchObject({ whiteLabel: { title: 'Initech', brand_color: '#0f766e' } });

  await page.getByRole('link', { name: 'Divisions' }).first().click();
  await page.getByRole('searchbox', { name: 'Search divisions' }).fill('initech');
  await expect(page.getByText('1 division matching “initech”')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Initech Console' }).getByText('approvals')).toBeVisible();
  await shot(page, 'divisions-list-1440');
  await resize(page, { width: 390, height: 844 });
  await shot(page, 'divisions-list-390');
});

test('divisions: a supervisor has no divisions console and is sent home from its address', async ({ page }) => {
  await signInAndWait(page, USERS.supervisor);
  await expect(sideNav(page).getByRole('link', { name: 'Divisions' })).toHaveCount(0);
  await page.goto('/divisions');
  await expect(page).toHaveURL(/\/home$/);
});
