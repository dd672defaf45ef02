import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { resize, shot, signInAndWait, USERS } from '../support.ts';

/** Staff import (issue #26): a supervisor uploads a CSV, sees each bad row's error, imports the good ones as a job, downloads the result. */
const stamp = Date.now().toString(36);
const CSV = [
  'Name,Email,Alias,Division,Job title',
  `Ivy Import,ivy.${stamp}@acme.example,ivy-${stamp},Acme,Engineer`,
  `Ian Import,ian.${stamp}@acme.example,,Acme,Designer`,
  `Bad Email,not-an-email,,Acme,`,
  `Other Division,other.${stamp}@acme.example,,Globex,`,
  `Taken Alias,taken.${stamp}@acme.example,jane-doe,Acme,`,
].join('\n');

test('a supervisor imports a CSV with 3 bad rows: the preview names each error, a progress bar follows the job, the 2 good rows are created and the result downloads', async ({
  page,
}) => {
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
  // The job of 5 rows ends in a blink: its first status answers are held at 2 of 5 so the
  // progress bar can be seen (and photographed) midway; then the real answers go through.
  let midway = true;
  await page.route(/\/api\/users\/import\/\d+$/, async (route) => {
    const response = await route.fetch();
    if (!midway) return route.fulfill({ response });
    const job = await response.json();
    return route.fulfill({ response, json: { ...job, state: 'running', done: 2, created: 2, updated: 0, skipped: 0 } });
  });
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(dialog.getByText('Importing… 2 of 5 rows')).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '40');
  await expect(dialog.getByRole('button', { name: 'Download result' })).toBeDisabled();
  await shot(page, 'staff-import-progress-1440');
  await resize(page, { width: 390, height: 844 });
  await shot(page, 'staff-import-progress-390');
  await resize(page, { width: 1440, height: 900 });
  midway = false;

  await expect(dialog.getByRole('status')).toHaveText('2 created, 0 updated, 3 skipped.');
  await expect(dialog.getByText('Imported 5 of 5 rows')).toBeVisible();
  await shot(page, 'staff-import-result-1440');
  await resize(page, { width: 390, height: 844 });
  await shot(page, 'staff-import-result-390');
  await resize(page, { width: 1440, height: 900 });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download result' }).click();
  const text = await readFile((await (await download).path())!, 'utf8');
  expect(text).toContain('"Row","Email","Outcome","Reason"');
  expect(text).toContain(`"2","ivy.${stamp}@acme.example","created","Created"`);
  expect(text).toContain('"4","not-an-email","skipped","Please enter a valid email address"');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('tab', { name: /^All \(\d+\)$/ }).click();
  await page.getByLabel('Search').fill(`ivy.${stamp}`);
  await expect(page.getByText('Ivy Import').first()).toBeVisible();
});
