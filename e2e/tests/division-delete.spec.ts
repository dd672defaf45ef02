import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { PORT } from '../env.ts';
import { expectToast, resize, shot, sideNav, signInAndWait, USERS } from '../support.ts';

/**
 * Deleting a division (issue 26): a superadmin exports all of a new division's data (a job,
 * followed with a progress bar), downloads the zip, then deletes the division with its name
 * typed. Only a division made here is deleted: other specs use the seeded ones.
 */
test('division delete: export all data with progress, download it, then delete with the name typed', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, USERS.superadmin);
  await sideNav(page).getByRole('link', { name: 'Divisions' }).click();
  const name = `Initrode ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New division' }).click();
  const dialog = page.getByRole('dialog', { name: 'New division' });
  await dialog.getByLabel('Name').fill(name);
  const subdomain = await dialog.getByLabel('Address of its pages').inputValue();
  await dialog.getByRole('button', { name: 'Create division' }).click();
  await expectToast(page, `${name} was created`);

  const zone = page.getByRole('region', { name: 'Delete division' });
  const deleteButton = zone.getByRole('button', { name: 'Delete division' });
  await zone.scrollIntoViewIfNeeded();
  await expect(deleteButton).toBeDisabled();
  await expect(zone.getByText('Available once an export of all its data is ready.')).toBeVisible();
  await shot(page, 'division-delete-zone-1440');

  await zone.getByRole('button', { name: 'Export all data' }).click();
  // The bar follows the job until the archive is ready (a small division is done in a moment).
  const download = zone.getByRole('button', { name: /^Download export/ });
  await expect(zone.getByRole('progressbar', { name: 'Export progress' }).or(download)).toBeVisible();
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(zone.getByRole('progressbar')).toHaveCount(0);
  const saving = page.waitForEvent('download');
  await download.click();
  const file = await saving;
  const day = new Date().toISOString().slice(0, 10);
  expect(file.suggestedFilename()).toBe(`division-${subdomain}-export-${day}.zip`);
  const listing = execFileSync('unzip', ['-Z1', await file.path()]).toString();
  expect(listing).toContain('division.json');
  expect(listing).toContain('profiles.json');
  await shot(page, 'division-delete-export-ready-1440');

  await expect(deleteButton).toBeEnabled();
  await deleteButton.click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  const finalButton = confirm.getByRole('button', { name: 'Delete division for good' });
  await expect(finalButton).toBeDisabled();
  await confirm.getByLabel('Type the division’s name to confirm').fill('Wrong name');
  await expect(finalButton).toBeDisabled();
  await confirm.getByLabel('Type the division’s name to confirm').fill(name);
  await expect(finalButton).toBeEnabled();
  await shot(page, 'division-delete-confirm-1440');
  await resize(page, { width: 390, height: 844 });
  await shot(page, 'division-delete-confirm-390');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await zone.scrollIntoViewIfNeeded();
  await shot(page, 'division-delete-zone-390');
  // The danger zone fits a phone (the page's payment-structure switch is wider, and not this spec's).
  const box = await zone.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);

  await deleteButton.click();
  await confirm.getByLabel('Type the division’s name to confirm').fill(name);
  await confirm.getByRole('button', { name: 'Delete division for good' }).click();
  await expectToast(page, `${name} was deleted`);
  await expect(page).toHaveURL(/\/divisions$/);
  await page.getByRole('searchbox', { name: 'Search divisions' }).fill(name);
  await expect(page.getByRole('link', { name })).toHaveCount(0);

  const visitor = await context.newPage();
  const res = await visitor.goto(`http://${subdomain}.localhost:${PORT}/nobody-here`);
  expect(res?.status()).toBe(404);
});
