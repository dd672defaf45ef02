import { expect, test } from '@playwright/test';
import { PORT } from '../env.ts';
import { expectToast, resize, shot, sideNav, signInAndWait, USERS } from '../support.ts';

/**
 * Archiving a division (issue 26): a superadmin archives a new division from the console, its
 * public pages answer 410 "no longer available", and a restore brings them back.
 */
test('division archive: a superadmin archives a division, its pages answer 410, and restores it', async ({ page, context }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, USERS.superadmin);
  await sideNav(page).getByRole('link', { name: 'Divisions' }).click();
  const name = `Umbrella ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New division' }).click();
  const dialog = page.getByRole('dialog', { name: 'New division' });
  await dialog.getByLabel('Name').fill(name);
  const subdomain = await dialog.getByLabel('Address of its pages').inputValue();
  await dialog.getByRole('button', { name: 'Create division' }).click();
  await expectToast(page, `${name} was created`);

  const visitor = await context.newPage();
  const pageUrl = `http://${subdomain}.localhost:${PORT}/nobody-here`;
  expect((await visitor.goto(pageUrl))?.status()).toBe(404);

  await page.getByRole('button', { name: 'Archive division' }).click();
  const confirm = page.getByRole('dialog', { name: `Archive ${name}?` });
  await expect(confirm.getByText('every public page answers “no longer available”')).toBeVisible();
  await shot(page, 'division-archive-confirm-1440');
  await confirm.getByRole('button', { name: 'Archive division' }).click();
  await expectToast(page, `${name} was archived`);
  await expect(page.getByText('This division is archived')).toBeVisible();
  await shot(page, 'division-archived-settings-1440');

  const gone = await visitor.goto(pageUrl);
  expect(gone?.status()).toBe(410);
  await expect(visitor.getByRole('heading', { name: 'Profile no longer available' })).toBeVisible();

  await page.getByRole('link', { name: 'Divisions' }).first().click();
  await page.getByRole('searchbox', { name: 'Search divisions' }).fill(name);
  await expect(page.getByRole('row').filter({ hasText: name }).getByText('Archived')).toBeVisible();
  await shot(page, 'division-archived-list-1440');
  await resize(page, { width: 390, height: 844 });
  await expect(page.getByText('Archived', { exact: true })).toBeVisible();
  await shot(page, 'division-archived-list-390');
  await page.getByRole('link', { name }).click();
  await shot(page, 'division-archived-settings-390');

  await page.getByRole('button', { name: 'Restore division' }).click();
  await expectToast(page, `${name} was restored`);
  await expect(page.getByRole('button', { name: 'Archive division' })).toBeVisible();
  expect((await visitor.goto(pageUrl))?.status()).toBe(404);
});
