import { expect, type Page, test } from '@playwright/test';
import { pngFile } from '../editor-support.ts';
import { PORT } from '../env.ts';
import { apiLogin, expectToast, resize, SEED_PASSWORD, shot, sideNav, signInAndWait, USERS } from '../support.ts';

/**
 * The divisions console's settings with their live preview (issue 26): a superadmin uploads
 * Globex's logo and changes its brand colour, sees both in the previews before saving, saves,
 * and Bob's published page shows them. Globex is put back as the seed has it afterwards.
 */
test.describe.configure({ mode: 'serial' });

const BRAND = '#7c3aed';
/** Bob's published page, asked for on Globex's host (the test runner's resolver may not know *.localhost). */
const bobPage = async (page: Page) => (await page.request.get('/bob-smith', { headers: { host: `globex.localhost:${PORT}` } })).text();

const previewHtml = (page: Page, title: string) => page.locator(`iframe[title="${title}"]`).getAttribute('srcdoc');

// Bob's card (Globex) is not published by the seed: he publishes it, as Globex needs no approval.
test.beforeAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${await apiLogin(request, USERS.bob, SEED_PASSWORD)}` };
  const me = (await (await request.get('/api/companies/users/me', { headers })).json()) as { profile: { id: number } };
  const published = await request.put(`/api/profiles/${me.profile.id}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
});

test.afterAll(async ({ request }) => {
  const jwt = await apiLogin(request, USERS.superadmin, SEED_PASSWORD);
  const headers = { authorization: `Bearer ${jwt}` };
  const list = await (await request.get('/api/companies/console?search=globex', { headers })).json();
  const globex = list.data.find((c: { subdomain: string }) => c.subdomain === 'globex');
  await request.patch(`/api/companies/${globex.id}`, { headers, data: { updatedAt: globex.updatedAt, whiteLabel: null } });
});

test('division settings: an uploaded logo and a new colour show in the preview before saving, and on the public page after', async ({ page }) => {
  // Many steps, each a server render (previews, then every Globex page again): more than the default 30 s on a loaded machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, USERS.superadmin);
  await sideNav(page).getByRole('link', { name: 'Divisions' }).click();
  await page.getByRole('link', { name: 'Globex', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Globex', level: 1 })).toBeVisible();

  await page.getByLabel('This division has its own brand and hub').check();
  await page.getByLabel('Hub title').fill('Globex');

  // The logo goes through the hub's checked upload path; the field then holds its address.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Logo (dark, for light backgrounds)' }).click();
  await (await chooser).setFiles(await pngFile(page));
  const logo = page.getByRole('textbox', { name: 'Logo (dark, for light backgrounds)', exact: true });
  await expect(logo).toHaveValue(/^\/uploads\/\S+\.(png|jpe?g)$/);
  const logoUrl = await logo.inputValue();

  // Before saving: both previews follow the form.
  await page.getByLabel('Brand colour', { exact: true }).fill(BRAND);
  await expect.poll(() => previewHtml(page, 'Public page preview')).toContain(BRAND);
  await expect.poll(() => previewHtml(page, 'Sign-in page preview')).toContain(BRAND);
  const signIn = page.frameLocator('iframe[title="Sign-in page preview"]');
  await expect(signIn.getByText('Sign in to Globex hub')).toBeVisible();
  await expect(signIn.locator(`img[src="${logoUrl}"]`)).toBeVisible();
  // Nothing saved yet: the public page is still as it was.
  expect(await bobPage(page)).toContain('Bob');
  expect(await bobPage(page)).not.toContain(BRAND);
  await shot(page, 'division-settings-preview-1440');

  await resize(page, { width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // On a phone the preview comes after the form.
  const formBox = await page.getByRole('heading', { name: 'Billing and limits' }).boundingBox();
  const previewBox = await page.getByRole('region', { name: 'Live preview' }).boundingBox();
  expect(previewBox!.y).toBeGreaterThan(formBox!.y);
  await page.getByRole('heading', { name: 'Billing and limits' }).scrollIntoViewIfNeeded();
  await shot(page, 'division-settings-390');
  await resize(page, { width: 1440, height: 900 });

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Globex was saved');
  // The published page is rendered again with the new brand (in the background, after the save answered).
  await expect.poll(() => bobPage(page), { timeout: 30_000 }).toContain(BRAND);
});
