import { expect, test } from '@playwright/test';
import { PORT } from '../env.ts';

/** Jane's card is published by the seed at her division's subdomain (Chromium sends *.localhost to loopback). */
const JANE = `http://acme.localhost:${PORT}/jane-doe`;

test('a visitor opens Jane’s published card, and a tap on a contact button is recorded', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  const view = page.waitForRequest((r) => r.url().endsWith('/api/events') && (r.postData() ?? '').includes('"view"'));
  const res = await page.goto(JANE);
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
  await expect(page.getByRole('heading', { name: 'Jane Doe' })).toBeVisible();
  await view;

  // The tap is sent with sendBeacon; the server acknowledges with 204.
  const click = page.waitForResponse(
    (r) => r.url().endsWith('/api/events') && r.request().method() === 'POST' && (r.request().postData() ?? '').includes('"click"'),
  );
  await page
    .locator('a[data-track-action="click"]')
    .first()
    .click({ modifiers: ['Control'] });
  expect((await click).status()).toBe(204);
  expect(errors).toEqual([]);
});

test('Save contact downloads a vCard 3.0 with Jane’s name', async ({ page }) => {
  await page.goto(JANE);
  const download = page.waitForEvent('download');
  await page.locator('[data-track-type="save-to-contacts"]').first().click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('jane-doe.vcf');
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  expect(text.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
  expect(text).toContain('FN:Jane Doe');
});

test('an unknown alias gets the 404 page', async ({ page }) => {
  const res = await page.goto(`http://acme.localhost:${PORT}/nobody-here`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
});

test('the lead form sends the visitor’s details: thank-you message on the page, a mail to the owner', async ({ page, request }) => {
  await page.goto(JANE);
  const form = page.locator('form.ph-form');
  await form.locator('[name="name"]').fill('Vic Visitor');
  await form.locator('[name="email"]').fill('vic@example.test');
  await form.locator('[name="message"]').fill('Please call me about a quote');
  await form.locator('button[type="submit"]').click();
  await expect(page.getByText('Thank you! We will be in touch within one working day.')).toBeVisible();
  const mails = (await (await request.get('/dev/mail.json?to=leads@acme.example')).json()) as { mails: { text: string }[] };
  expect(mails.mails[0]?.text).toContain('Name: Vic Visitor');
  expect(mails.mails[0]?.text).toContain('Cc: sales@acme.example');
});

test('saved to the phone, the card opens offline', async ({ page, context }) => {
  await page.goto(JANE);
  // The page registers its service worker, which caches the card.
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    await new Promise((r) => setTimeout(r, reg.active ? 300 : 1000));
  });
  await page.reload();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Jane Doe' })).toBeVisible();
  await context.setOffline(false);
});
