import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PORT } from '../env.ts';
import { apiLogin, lastMailId, SEED_PASSWORD, USERS, waitForMail } from '../support.ts';

const require = createRequire(import.meta.url);

/** Jane's card is published by the seed at her division's subdomain (Chromium sends *.localhost to loopback). */
const JANE = `http://acme.localhost:${PORT}/jane-doe`;
/** A visitor's phone: headless Chromium says "HeadlessChrome", which the server rightly drops as a bot. */
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

/** Jane's profile id and the supervisor's bearer header, through the API. */
async function janeAndSupervisor(request: APIRequestContext) {
  const janeJwt = await apiLogin(request, USERS.jane, SEED_PASSWORD);
  const supJwt = await apiLogin(request, USERS.supervisor, SEED_PASSWORD);
  expect(janeJwt && supJwt, 'the seeded accounts sign in').toBeTruthy();
  const me = (await (await request.get('/api/companies/users/me', { headers: { authorization: `Bearer ${janeJwt}` } })).json()) as { profile: { id: number } };
  return { janeId: me.profile.id, auth: { authorization: `Bearer ${supJwt}` } };
}

/** Polls `read` until `done` holds (events are written in batches about a second after they are acknowledged). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('the supervisor publishes Jane’s card; a visitor opens it and a tap on a contact button is stored', async ({ browser, request }) => {
  const { janeId, auth } = await janeAndSupervisor(request);
  const published = await request.put(`/api/profiles/${janeId}/publish`, { headers: auth });
  expect(published.status(), await published.text()).toBe(200);
  expect(((await published.json()) as { site: { domainName: string } }).site.domainName).toBe('acme.localhost');
  const clicks = async () => {
    const res = await request.get(`/api/reports/query/interactions?profileId=${janeId}&action=click`, { headers: auth });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { total: number }).total;
  };
  const before = await clicks();

  const visitor = await browser.newContext({ userAgent: PHONE_UA });
  const page = await visitor.newPage();
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
  // Stored: the click shows in Jane's statistics once the batch is written.
  await eventually(clicks, (n) => n > before, 'the click being stored');
  await visitor.close();
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
  // Parsed as a contacts app does: lines are folded at 75 octets (CRLF + space), properties are NAME;PARAMS:VALUE.
  for (const physical of text.split('\r\n')) expect(Buffer.byteLength(physical)).toBeLessThanOrEqual(75);
  const props = new Map<string, string[]>();
  for (const line of text.replace(/\r\n /g, '').split('\r\n').filter(Boolean)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).replace(/^item\d+\./, '');
    props.set(name, [...(props.get(name) ?? []), line.slice(colon + 1)]);
  }
  expect(props.get('FN')).toEqual(['Jane Doe']);
  expect(props.get('N')).toEqual(['Doe;Jane;;;']);
  expect(props.get('EMAIL;TYPE=INTERNET,WORK')).toEqual(['jane@acme.example']);
  expect(props.get('URL')?.[0]).toBe(JANE);
  expect(props.get('END')).toEqual(['VCARD']);
  // The photo is embedded (iOS and Android show only an embedded one): a 256 px JPEG.
  const photo = props.get('PHOTO;ENCODING=b;TYPE=JPEG')?.[0] ?? '';
  const jpeg = Buffer.from(photo, 'base64');
  expect(jpeg.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  expect(jpeg.length).toBeGreaterThan(1000);
});

test('an unknown alias gets the 404 page', async ({ page }) => {
  const res = await page.goto(`http://acme.localhost:${PORT}/nobody-here`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
});

test('the lead form sends the visitor’s details: thank-you message on the page, a stored submission, a mail to the owner', async ({ page, request }) => {
  const { janeId, auth } = await janeAndSupervisor(request);
  // Lead mails go only to people of the division (never a relay): the seeded form names Sam and Jane.
  const after = await lastMailId(request, 'supervisor@acme.example');
  await page.goto(JANE);
  const form = page.locator('form.ph-form');
  await form.locator('[name="name"]').fill('Vic Visitor');
  await form.locator('[name="email"]').fill('vic@example.test');
  await form.locator('[name="message"]').fill('Please call me about a quote');
  await form.locator('button[type="submit"]').click();
  await expect(page.getByText('Thank you! We will be in touch within one working day.')).toBeVisible();
  const mail = await waitForMail(request, 'supervisor@acme.example', after);
  expect(mail.text).toContain('Name: Vic Visitor');
  expect(mail.text).toContain('Cc: jane@acme.example');
  // Stored: the supervisor's lead-form report lists it.
  const stored = await eventually(
    async () => {
      const res = await request.get(`/api/reports/lead-forms?profileId=${janeId}`, { headers: auth });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { data: { name: string; email: string; message: string }[] }).data;
    },
    (rows) => rows.some((r) => r.name === 'Vic Visitor'),
    'the submission being stored',
  );
  expect(stored.find((r) => r.name === 'Vic Visitor')).toMatchObject({ email: 'vic@example.test', message: 'Please call me about a quote' });
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

test('every division’s public page passes the colour-contrast check (axe-core, WCAG AA)', async ({ browser, request }) => {
  // Bob's Globex card: his own colours on Globex's default brand. He publishes it himself (Globex approves nothing).
  const bobJwt = await apiLogin(request, USERS.bob, SEED_PASSWORD);
  const bobHeaders = { authorization: `Bearer ${bobJwt}` };
  const me = (await (await request.get('/api/companies/users/me', { headers: bobHeaders })).json()) as { profile: { id: number } };
  const published = await request.put(`/api/profiles/${me.profile.id}/publish`, { headers: bobHeaders });
  expect(published.status(), await published.text()).toBe(200);

  const visitor = await browser.newContext({ userAgent: PHONE_UA });
  for (const url of [JANE, `http://globex.localhost:${PORT}/bob-smith`]) {
    for (const width of [375, 1280]) {
      const page = await visitor.newPage();
      await page.setViewportSize({ width, height: 900 });
      expect((await page.goto(url))?.status()).toBe(200);
      // The page's CSP allows only its own script: axe is evaluated by the test runner, not loaded by the page.
      await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as { axe: { run: (o: object) => Promise<{ violations: { id: string; nodes: { target: string[]; failureSummary: string }[] }[] }> } }
        ).axe;
        const result = await axe.run({ runOnly: { type: 'rule', values: ['color-contrast'] } });
        return result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`));
      });
      expect(violations, `${url} at ${width} px`).toEqual([]);
      await page.close();
    }
  }
  await visitor.close();
});
