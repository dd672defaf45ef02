import { expect, type Page, test } from '@playwright/test';
import { openEditor, pngFile } from '../editor-support.ts';
import { expectToast, signInAndWait, toast, USERS } from '../support.ts';

/**
 * Spec §8's error texts that a healthy hub never shows (issue 13): each forced here the way
 * it happens to a customer. A real refusal where the server gives one ('Build error: …'),
 * otherwise the network failing under the request (the browser drops it, or a proxy in
 * front answers 502 without a body) — the hub's own server is never stood in for.
 */
test.describe.configure({ mode: 'serial' });

const NIA = 'Nia New';

async function usersRow(page: Page, name: string, tab: 'Published' | 'Unpublished' = 'Published') {
  await page.goto('/users');
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  // Other specs add people: find this one by name rather than by page.
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  return row;
}

test('the users list: "Build error: …" with the server’s reason, "Oops! Error" and "Unknown error" when no reason comes', async ({ page }) => {
  await signInAndWait(page, USERS.supervisor);

  // Nia has not registered: her profile cannot be built yet, and the server says why.
  let row = await usersRow(page, NIA, 'Unpublished');
  await row.getByRole('button', { name: `More actions for ${NIA}` }).click();
  await page.getByRole('menuitem', { name: 'Publish Profile' }).click();
  await expectToast(page, /^Build error: \S.+/);

  // A proxy in front of the hub answers 502 without a body: the default text.
  await page.route(/\/api\/profiles\/\d+$/, (route) => (route.request().method() === 'DELETE' ? route.fulfill({ status: 502, body: '' }) : route.fallback()));
  row = await usersRow(page, NIA, 'Unpublished');
  await row.getByRole('button', { name: `More actions for ${NIA}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete profile' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Oops! Error');
  await expect(page.getByRole('row').filter({ hasText: NIA })).toBeVisible();

  // An unpublish answered with no data at all.
  await page.route(/\/api\/profiles\/\d+\/unpublish$/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: 'null' }));
  row = await usersRow(page, 'Jane Doe');
  await row.getByRole('button', { name: 'More actions for Jane Doe' }).click();
  await page.getByRole('menuitem', { name: 'Unpublish' }).click();
  await page.getByRole('dialog', { name: 'Unpublish profile' }).getByRole('button', { name: 'Unpublish' }).click();
  await expectToast(page, 'Unknown error');
});

test('the editor: "Approval Request Error" and "Error uploading image" when the request is lost', async ({ page }) => {
  // Acme asks for approval: the request never reaches the hub.
  await signInAndWait(page, USERS.jane);
  await openEditor(page);
  await page.route(/\/api\/approvals(\/|$)/, (route) => (route.request().method() === 'GET' ? route.fallback() : route.abort('connectionreset')));
  await page.getByRole('button', { name: /^(Re-)?[Ss]ubmit for approval$/ }).click();
  // A request already waiting (another spec sent one) is confirmed first.
  const waiting = page.getByRole('dialog', { name: 'Waiting for approval' });
  await expect(waiting.or(toast(page, 'Approval Request Error')).first()).toBeVisible();
  if (await waiting.isVisible()) await waiting.getByRole('button', { name: 'Send latest changes' }).click();
  await expectToast(page, 'Approval Request Error');

  // The upload is cut off on its way.
  await page.route(/\/api\/upload$/, (route) => route.abort('connectionreset'));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^(Upload|Replace) profile picture$/ }).click();
  await (await chooser).setFiles(await pngFile(page));
  const crop = page.getByRole('dialog', { name: 'Crop profile picture' });
  await crop.getByRole('button', { name: 'Crop and upload' }).click();
  await expectToast(page, 'Error uploading image');
});

test('Globex publishes without approval: "Publishing Error" when the build request is lost', async ({ page }) => {
  await signInAndWait(page, USERS.bob);
  await openEditor(page);
  await page.route(/\/api\/profiles\/\d+\/publish$/, (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: /^Publish( changes)?$/ }).click();
  await expectToast(page, 'Publishing Error');
});
