import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import ICAL from 'ical.js';
import { PORT, SHOTS_DIR } from '../env.ts';
import { apiLogin, expectToast, lastMailId, readCode, resize, SEED_PASSWORD, shot, signInAndWait, USERS, waitForMail } from '../support.ts';

/**
 * Issue #29 Contact exchange, through Jane's real public page in Chromium: a visitor shares
 * their details (the division's consent off, then on), Jane finds the contact in /contacts,
 * downloads its vCard and an .xlsx that reads back; her supervisor sees it, Globex's does not;
 * erasing the visitor on request removes them from the list and the exports. With the
 * follow-up on, the visitor is mailed Jane's card. At 1440 and 375 px, under the page's CSP.
 */
test.describe.configure({ mode: 'serial' });

const JANE = `http://acme.localhost:${PORT}/jane-doe`;
const stamp = Date.now().toString(36);
const VIC = { name: `Vic Exchange ${stamp}`, email: `vic-x-${stamp}@example.test`, company: 'Initech', jobTitle: 'Buyer' };
const ANN = { name: `Ann Consent ${stamp}`, email: `ann-x-${stamp}@example.test` };
const GLOBEX_SUPERVISOR = { email: `gsup-${stamp}@globex.example`, password: 'Globex-Boss-2026' };
const CONSENT = 'I agree that Acme keeps my details to get back to me.';

type Division = { id: number; updatedAt: string; consent: { enable: boolean; text: string }; exchangeFollowUp: boolean };
let admin: Record<string, string>;
let acmeAtStart: Division;

async function division(request: APIRequestContext, subdomain: string): Promise<Division> {
  const list = await (await request.get(`/api/companies/console?search=${subdomain}`, { headers: admin })).json();
  return list.data.find((c: { subdomain: string }) => c.subdomain === subdomain);
}
async function setAcme(request: APIRequestContext, values: Partial<Pick<Division, 'consent' | 'exchangeFollowUp'>>) {
  const now = await division(request, 'acme');
  const res = await request.patch(`/api/companies/${now.id}`, { headers: admin, data: { updatedAt: now.updatedAt, ...values } });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  admin = { authorization: `Bearer ${await apiLogin(request, USERS.superadmin, SEED_PASSWORD)}` };
  acmeAtStart = await division(request, 'acme');
});
test.afterAll(async ({ request }) => {
  // Other specs publish in Acme: its consent and follow-up go back to what they were.
  await setAcme(request, { consent: acmeAtStart.consent, exchangeFollowUp: acmeAtStart.exchangeFollowUp });
});

/** Collects what the page's CSP refuses, as the browser reports it. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** The screen as the visitor sees it (the dialog is fixed to the viewport, so no full-page shot). */
const viewShot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), animations: 'disabled' });

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page is wider than the screen').toBeLessThanOrEqual(clientWidth);
}

test('a visitor shares their details on Jane’s page, consent off, and gets her card by mail', async ({ page, request }) => {
  await setAcme(request, { consent: { enable: false, text: acmeAtStart.consent.text }, exchangeFollowUp: true });
  const violations = await watchCsp(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(JANE);
  const share = page.getByRole('button', { name: 'Share my details' });
  await expect(share).toBeVisible();
  // The form's code is not loaded until the form is opened.
  const ours = () => scripts.filter((p) => p.startsWith('/_ph/'));
  expect(ours()).toEqual([]);
  const after = await lastMailId(request, VIC.email);
  await share.click();
  const dialog = page.getByRole('dialog', { name: 'Share your details with Jane' });
  await expect(dialog).toBeVisible();
  expect(ours()).toEqual(['/_ph/exchange.js']);
  // No consent asked: no box.
  await expect(dialog.getByRole('checkbox')).toHaveCount(0);
  await dialog.getByLabel(/^Name\b/).fill(VIC.name);
  await dialog.getByLabel(/^Email\b/).fill(VIC.email);
  await dialog.getByLabel(/^Phone\b/).fill('+27 82 555 0199');
  await dialog.getByLabel(/^Company\b/).fill(VIC.company);
  await dialog.getByLabel(/^Job title\b/).fill(VIC.jobTitle);
  await dialog.getByLabel(/^Note\b/).fill('Met you at the <b>fair</b>');
  await viewShot(page, 'exchange-form-1440');
  await dialog.getByRole('button', { name: 'Share my details' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! Jane now has your details.');
  await viewShot(page, 'exchange-thanks-1440');

  const mail = await waitForMail(request, VIC.email, after);
  expect(mail.subject).toBe('Jane Doe’s contact details');
  expect(mail.text).toContain('Attached: jane-doe.vcf');
  expect(await violations()).toEqual([]);
});

test('with the division’s consent on, the box is required; the offer follows “Save contact”; 375 px', async ({ page, request }) => {
  await setAcme(request, { consent: { enable: true, text: `<p>${CONSENT}</p>` } });
  const violations = await watchCsp(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(JANE);
  const download = page.waitForEvent('download');
  await page.locator('[data-track-type="save-to-contacts"]').first().click();
  expect((await download).suggestedFilename()).toBe('jane-doe.vcf');
  const dialog = page.getByRole('dialog', { name: 'Share your details with Jane' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You saved Jane’s card.');
  await expect(dialog).toContainText(CONSENT);
  await viewShot(page, 'exchange-offer-375');
  await dialog.getByLabel(/^Name\b/).fill(ANN.name);
  await dialog.getByLabel(/^Email\b/).fill(ANN.email);
  const box = dialog.getByRole('checkbox', { name: 'I agree' });
  await expect(box).not.toBeChecked();
  // Unticked, the browser holds the form back (the server would answer 400 with the same ask).
  await dialog.getByRole('button', { name: 'Share my details' }).click();
  expect(await box.evaluate((b: HTMLInputElement) => b.validity.valueMissing)).toBe(true);
  await expectNoHorizontalScroll(page);
  await viewShot(page, 'exchange-consent-375');
  await box.check();
  await dialog.getByRole('button', { name: 'Share my details' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you! Jane now has your details.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect(await violations()).toEqual([]);

  // The server asks for the box too, in words a visitor can act on.
  const profileId = Number(await page.locator('body').getAttribute('data-profile-id'));
  const refused = await request.post(`/api/contacts/exchange/${profileId}`, { data: { name: 'No Box', email: `nobox-${stamp}@example.test` } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toBe('Please tick the box to agree before you share your details.');
});

async function readDownload(page: Page, click: () => Promise<void>): Promise<{ name: string; body: Buffer }> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), body: Buffer.concat(chunks) };
}

async function xlsxNames(page: Page): Promise<string[]> {
  const file = await readDownload(page, () => page.getByRole('button', { name: 'Export XLSX' }).click());
  expect(file.name).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const names: string[] = [];
  sheet.eachRow((row, i) => {
    if (i > 1) names.push(String(row.getCell(1).value));
  });
  return names;
}

test('Jane sees both contacts, downloads a vCard and an .xlsx that read back', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, USERS.jane);
  await page.goto('/contacts');
  const vic = page.getByTestId('contact-row').filter({ hasText: VIC.name });
  await expect(vic).toHaveCount(1);
  await expect(vic).toContainText('Initech');
  await expect(vic).toContainText('Exchange');
  await expect(page.getByTestId('contact-row').filter({ hasText: ANN.name })).toHaveCount(1);
  await shot(page, 'exchange-contacts-1440');

  await page.getByRole('checkbox', { name: `Choose ${VIC.name}` }).check();
  const card = await readDownload(page, () => page.getByRole('button', { name: 'Download vCard' }).click());
  expect(card.name).toBe(`${VIC.name}.vcf`);
  const read = new ICAL.Component(ICAL.parse(card.body.toString('utf8')));
  expect(read.getFirstPropertyValue('fn')).toBe(VIC.name);
  expect(String(read.getFirstPropertyValue('email'))).toBe(VIC.email);
  expect(String(read.getFirstPropertyValue('title'))).toBe(VIC.jobTitle);

  const names = await xlsxNames(page);
  expect(names).toContain(VIC.name);
  expect(names).toContain(ANN.name);
});

async function globexSupervisor(request: APIRequestContext) {
  const globex = await division(request, 'globex');
  const made = await request.post('/api/users?notify_user=false', {
    headers: admin,
    data: { email: GLOBEX_SUPERVISOR.email, name: 'Gil Globex', company: globex.id, role: 'supervisor' },
  });
  expect(made.status(), await made.text()).toBe(200);
  const after = await lastMailId(request, GLOBEX_SUPERVISOR.email);
  expect((await request.post('/api/profiles/generate-otp', { data: { email: GLOBEX_SUPERVISOR.email } })).ok()).toBe(true);
  const otp = await readCode(request, GLOBEX_SUPERVISOR.email, after);
  const linked = await request.post('/api/profiles/link', { data: { email: GLOBEX_SUPERVISOR.email, otp, password: GLOBEX_SUPERVISOR.password } });
  expect(linked.status(), await linked.text()).toBe(200);
}

async function contactsOf(browser: Browser, email: string, password = SEED_PASSWORD) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAndWait(page, email, password);
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  return { page, close: () => context.close() };
}

test('Acme’s supervisor sees the exchange; Globex’s supervisor does not', async ({ browser, request }) => {
  const acme = await contactsOf(browser, USERS.supervisor);
  await expect(acme.page.getByTestId('contact-row').filter({ hasText: VIC.name })).toHaveCount(1);
  await acme.close();

  await globexSupervisor(request);
  const globex = await contactsOf(browser, GLOBEX_SUPERVISOR.email, GLOBEX_SUPERVISOR.password);
  await globex.page.getByRole('searchbox', { name: 'Search' }).fill(stamp);
  await expect(globex.page.getByText('No results found')).toBeVisible();
  await expect(globex.page.getByText('0 contacts')).toBeVisible();
  await expect(globex.page.getByTestId('contact-row')).toHaveCount(0);
  await shot(globex.page, 'exchange-globex-supervisor-1440');
  await globex.close();
});

test('erasing the visitor on request removes them from the list and the exports', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, USERS.jane);
  await page.goto('/contacts');
  await expect(page.getByTestId('contact-row').filter({ hasText: VIC.name })).toHaveCount(1);
  await page.getByRole('button', { name: "Erase a visitor's data" }).click();
  const dialog = page.getByRole('dialog', { name: "Erase a visitor's data" });
  await dialog.getByLabel("Visitor's email").fill(VIC.email);
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expectToast(page, '1 contact erased.');
  await expect(page.getByTestId('contact-row').filter({ hasText: VIC.name })).toHaveCount(0);
  const names = await xlsxNames(page);
  expect(names).not.toContain(VIC.name);
  expect(names).toContain(ANN.name);
  await resize(page, { width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await shot(page, 'exchange-contacts-375');
});
