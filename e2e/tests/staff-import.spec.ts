import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { resize, shot, signInAndWait, USERS } from '../support.ts';

/** Staff import (issue #26): a supervisor uploads a CSV, sees each bad row's error, imports the good ones. */
const stamp = Date.now().toString(36);
const CSV = [
  'Name,Email,Alias,Division,Job title',
  `Ivy Import,ivy.${stamp}@acme.example,ivy-${stamp},Acme,Engineer`,
  `Ian Import,ian.${stamp}@acme.example,,Acme,Designer`,
  `Bad Email,not-an-email,,Acme,`,
  `Other Division,other.${stamp}@acme.example,,Globex,`,
  `Taken Alias,taken.${stamp}@acme.example,jane-doe,Acme,`,
].join('\n');

test('a supervisor imports a CSV with 3 bad rows: the preview names each error, the 2 good rows are created', async ({ page }) => {
  await signInAndWait(page, USERS.supervisor);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Import staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import staff' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByLabel('CSV or Excel (.xlsx) file').click();
  await (await chooser).setFiles({ name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(dialog.getByText('2 rows are ready; 3 rows have errors and will be skipped.')).toBeVisible();
  await expect(dialog.getByLabel('Email Address', { exact: true })).toHaveValue('Email');
  const table = dialog.getByRole('table', { name: 'Rows of the file' });
  await expect(table.getByRole('row', { name: /Bad Email/ })).toContainText('Please enter a valid email address');
  await expect(table.getByRole('row', { name: /Other Division/ })).toContainText('Unknown division: Globex');
  await expect(table.getByRole('row', { name: /Taken Alias/ })).toContainText('The alias `jane-doe` has already been taken.');
  await resize(page, { width: 1440, height: 900 });
  await shot(page, 'staff-import-preview-1440');
  await resize(page, { width: 390, height: 844 });
  await shot(page, 'staff-import-preview-390');
  await resize(page, { width: 1440, height: 900 });

  await dialog.getByRole('checkbox', { name: 'Send invitations' }).uncheck();
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 created, 0 updated, 3 not imported.');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download result' }).click();
  const text = await readFile((await (await download).path())!, 'utf8');
  expect(text).toContain(`"2","ivy.${stamp}@acme.example","created","Created"`);
  expect(text).toContain('"4","not-an-email","failed","Please enter a valid email address"');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('tab', { name: /^All \(\d+\)$/ }).click();
  await page.getByLabel('Search').fill(`ivy.${stamp}`);
  await expect(page.getByText('Ivy Import').first()).toBeVisible();
});
