import { type APIRequestContext, expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { type Auth, auth, editorView, openEditor, openSection, ownProfileId, preview, savedAfter } from '../editor-support.ts';
import { BASE_URL, expectToast, resize, shot, signInAndWait, USERS } from '../support.ts';

/**
 * Issue 25 rows 3 and 14, as Jane meets them. Acme's template has its own WhatsApp number
 * and lets its people leave theirs out (seed: `whatsappNumber` optional). Jane's card is
 * put back as seeded afterwards (other specs expect her own numbers).
 */

const PORT = new URL(BASE_URL).port;
const JANE_PAGE = `http://acme.localhost:${PORT}/jane-doe`;
const TEMPLATE_WHATSAPP = '+27 82 555 0100';
const SUBMITTED = 'Your digital profile data is being submitted for approval. You will be alerted via email once approved.';

async function patchJane(request: APIRequestContext, headers: Auth, changes: Record<string, unknown>): Promise<number> {
  const id = await ownProfileId(request, await auth(request, USERS.jane));
  const view = await editorView(request, headers, id);
  const res = await request.patch(`/api/profiles/${id}`, { headers, data: { version: view.profile.version, changes } });
  expect(res.status(), await res.text()).toBe(200);
  return id;
}

/** The supervisor publishes Jane's card as it is (a supervisor's publish needs no approval). */
async function publishJane(request: APIRequestContext, id: number): Promise<void> {
  const res = await request.put(`/api/profiles/${id}/publish`, { headers: await auth(request, USERS.supervisor) });
  expect(res.status(), await res.text()).toBe(200);
}

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: BASE_URL });
  const supervisor = await auth(request, USERS.supervisor);
  const id = await patchJane(request, supervisor, { whatsappNumber: '+27 82 555 0101', removedFields: null, navigateToOffice: null });
  await publishJane(request, id);
  await request.dispose();
});

test('Jane empties the WhatsApp number she inherits: gone from the preview, her page and her vCard; the approval lists only that', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // Set-up: Jane's card shows the template's WhatsApp number, live.
  const supervisor = await auth(request, USERS.supervisor);
  const id = await patchJane(request, supervisor, { whatsappNumber: TEMPLATE_WHATSAPP, removedFields: null });
  await publishJane(request, id);
  await page.goto(JANE_PAGE);
  await expect(page.locator('a[href="https://wa.me/27825550100"]')).toHaveCount(1);

  await signInAndWait(page, USERS.jane);
  await openEditor(page);
  const whatsapp = page.getByRole('textbox', { name: 'WhatsApp number' });
  await expect(whatsapp).toHaveValue(TEMPLATE_WHATSAPP);
  await savedAfter(page, () => whatsapp.fill(''));
  await expect(whatsapp).toHaveAccessibleDescription(/^Not shown on your page or contact card\./);
  await expect(preview(page).locator('a[href^="https://wa.me/"]')).toHaveCount(0);
  // Still removed when she comes back, with the way to take the template's number again.
  await page.reload();
  await expect(whatsapp).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Use the template’s value' })).toBeVisible();

  await page.getByRole('button', { name: /submit for approval/i }).click();
  const pending = page.getByRole('dialog', { name: 'Waiting for approval' });
  if (await pending.isVisible().catch(() => false)) await pending.getByRole('button', { name: 'Send latest changes' }).click();
  await expectToast(page, SUBMITTED);

  // The supervisor sees exactly what Jane did, and approves it.
  const queue = await request.get('/api/approvals?status=active&pageSize=100', { headers: supervisor });
  const hers = ((await queue.json()) as { data: { id: number; profileId: number; profileChanges: unknown[] }[] }).data.find((a) => a.profileId === id);
  expect(hers?.profileChanges).toEqual([{ actionType: 'removed', fieldTitle: 'WhatsApp number', oldValue: { value: TEMPLATE_WHATSAPP }, newValue: null }]);
  const approved = await request.put(`/api/approvals/respond/${hers!.id}`, { headers: supervisor, data: { approved: true, rebuild: true } });
  expect(approved.status(), await approved.text()).toBe(200);

  // A visitor: no WhatsApp button, and the saved contact has no WhatsApp number.
  await page.goto(JANE_PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Jane Doe' })).toBeVisible();
  await expect(page.locator('a[href^="https://wa.me/"]')).toHaveCount(0);
  const card = await page.evaluate(async () => (await fetch('/jane-doe/contact.vcf')).text());
  const contact = new ICAL.Component(ICAL.parse(card));
  expect(contact.getFirstPropertyValue('fn')).toBe('Jane Doe');
  expect(contact.getAllProperties('tel').map((p) => String(p.getFirstValue()))).not.toContain(TEMPLATE_WHATSAPP);
  expect(contact.getAllProperties('x-ablabel').map((p) => String(p.getFirstValue()))).not.toContain('WhatsApp');
});

test('Jane enters her office address in parts; the preview shows it on one line (1440 and 390 px)', async ({ page }) => {
  await resize(page, { width: 1440, height: 900 });
  await signInAndWait(page, USERS.jane);
  await openEditor(page);
  await openSection(page, 'Personal details');
  const address = page.getByRole('group', { name: 'Navigate to office' });
  // The template's address, in its parts (the seed's is stored in parts).
  await expect(address.getByRole('textbox', { name: 'Street address' })).toHaveValue('1 Long Street');
  await expect(address.getByRole('textbox', { name: 'Postal code' })).toHaveValue('8001');
  await address.getByRole('textbox', { name: 'Street address' }).fill('12 Loop Street, Unit 4');
  await address.getByRole('textbox', { name: 'City' }).fill('Cape Town');
  await address.getByRole('textbox', { name: 'Province / region' }).fill('Western Cape');
  await address.getByRole('textbox', { name: 'Postal code' }).fill('8001');
  await savedAfter(page, () => address.getByRole('textbox', { name: 'Country' }).fill('South Africa'));
  await expect(preview(page).getByText('12 Loop Street, Unit 4, Cape Town, Western Cape, 8001, South Africa')).toBeVisible();
  await address.scrollIntoViewIfNeeded();
  await address.screenshot({ path: test.info().outputPath('address-1440.png') });
  await shot(page, 'editor-address-1440');
  await resize(page, { width: 390, height: 844 });
  await address.scrollIntoViewIfNeeded();
  await address.screenshot({ path: test.info().outputPath('address-390.png') });
  await shot(page, 'editor-address-390');
});
