import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiLogin, SEED_PASSWORD, shot, signInAndWait, USERS } from '../support.ts';

/**
 * Spec §2 Statistics: visitor interactions on Jane's published card reach her
 * statistics and her supervisor's company view; the date range changes the
 * numbers; the lead-form spreadsheet downloads and reads back.
 *
 * The events are posted to /api/events the way the page's script sends them
 * (headless Chromium's own user agent is, rightly, filtered as a bot). A label
 * counts only when it is a tap label of Jane's live page, so the taps carry her own
 * button's: no other spec and no demo traffic sends it, so the counts are the run's.
 */
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const LABEL = 'Book time with me';
const TAPS = 3;

type Item = { label: string; data: number };

async function janeProfileId(request: APIRequestContext): Promise<{ id: number; token: string }> {
  const token = await apiLogin(request, USERS.jane, SEED_PASSWORD);
  expect(token, 'Jane can sign in').toBeTruthy();
  const res = await request.get('/api/reports/overview', { headers: { authorization: `Bearer ${token}` } });
  const overview = (await res.json()) as { profile: { id: number } | null };
  expect(overview.profile?.id, 'Jane has a profile').toBeTruthy();
  return { id: overview.profile!.id, token: token! };
}

/** Jane's count of the run's label today, as her top interactions report it. */
async function tapsCounted(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/reports/query/top_interactions', { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: Item[] };
  return body.data.find((d) => d.label === LABEL)?.data ?? 0;
}

/** The card is 'Your top interactions' on one's own profile, 'Top interactions across profiles' on the company view, 'Top interactions' on a colleague's. */
function topInteractions(page: Page, title = 'Your top interactions') {
  return page.getByRole('region', { name: title, exact: true });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const { id, token } = await janeProfileId(request);
  for (let i = 0; i < TAPS; i++) {
    const res = await request.post('/api/events', {
      headers: { 'user-agent': BROWSER_UA, 'content-type': 'text/plain;charset=UTF-8' },
      data: JSON.stringify({ profileId: id, action: 'click', type: 'url', label: LABEL, value: 'https://acme.example/jane' }),
    });
    expect(res.status()).toBe(204);
  }
  // The ingest writes in batches within a second or so: wait for the rollup rather than for a fixed time.
  await expect.poll(() => tapsCounted(request, token), { timeout: 8_000, intervals: [250, 500, 1000] }).toBe(TAPS);
});

test('Jane sees the taps on her statistics, and a range without them shows none', async ({ page }) => {
  await signInAndWait(page, USERS.jane);
  await page.goto('/statistics');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile stats overview' })).toBeVisible();
  await expect(page.getByText('Lifetime overview')).toBeVisible();
  // A user sees no Top viewed profiles and no filters (spec §6).
  await expect(page.getByRole('region', { name: 'Top viewed profiles' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to users' })).toHaveCount(0);
  const row = topInteractions(page).getByRole('listitem').filter({ hasText: LABEL });
  await expect(row).toContainText(String(TAPS));
  await expect(page.getByRole('region', { name: 'Getting in touch' })).toBeVisible();
  await shot(page, 'statistics-jane');

  // Lifetime means lifetime (issue 13 §8): the count stays whatever range the page shows.
  const lifetimeViews = page.getByText(/^[\d.,]+K? lifetime views$/);
  await expect(lifetimeViews).toBeVisible();
  const lifetime = await lifetimeViews.textContent();

  // Last Year ended before today's taps: the row goes, the title says so.
  await page.getByRole('button', { name: 'Select Date Range' }).click();
  await page.getByRole('button', { name: 'Last Year' }).click();
  await expect(page.getByText('Last Year', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/start=\d{4}-01-01&end=\d{4}-12-31/);
  await expect(topInteractions(page).getByText(LABEL)).toHaveCount(0);
  await expect(lifetimeViews).toHaveText(lifetime!);
  // Back to Lifetime: they are there again.
  await page.getByRole('button', { name: 'Select Date Range' }).click();
  await page.getByRole('button', { name: 'Lifetime' }).click();
  await expect(topInteractions(page).getByRole('listitem').filter({ hasText: LABEL })).toContainText(String(TAPS));
});

test('the supervisor sees the taps in the company view and drills down to Jane', async ({ page }) => {
  await signInAndWait(page, USERS.supervisor);
  await page.goto('/statistics');
  await expect(page.getByRole('heading', { level: 1, name: 'Company stats overview' })).toBeVisible();
  await expect(topInteractions(page, 'Top interactions across profiles').getByRole('listitem').filter({ hasText: LABEL })).toContainText(String(TAPS));
  await expect(page.getByRole('region', { name: 'Your top interactions' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to users' })).toBeVisible();
  await shot(page, 'statistics-supervisor');

  // Acme has more than one profile, so the supervisor gets Top viewed profiles; Jane's row drills down.
  await page.getByRole('region', { name: 'Top viewed profiles' }).getByRole('link', { name: 'Jane Doe' }).click();
  await expect(page).toHaveURL(/\/statistics\/\d+_\d+_jane-doe/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile stats overview' })).toBeVisible();
  await expect(page.getByText('Jane Doe', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to company stats' })).toBeVisible();
  await expect(topInteractions(page, 'Top interactions').getByRole('listitem').filter({ hasText: LABEL })).toContainText(String(TAPS));
});

test('a tap on a button the live page does not name reads "(No label found)" (spec §8)', async ({ page, request }) => {
  const { id, token } = await janeProfileId(request);
  const today = new Date().toISOString().slice(0, 10);
  const unnamedSms = async () => {
    const res = await request.get(`/api/reports/query/top_interactions?start=${today}&end=${today}&limit=90`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { data: (Item & { type: string })[] };
    return body.data.find((d) => d.label === '(No label found)' && d.type === 'sms')?.data ?? 0;
  };
  const before = await unnamedSms();
  // A label her page does not show is dropped by the ingest (a visitor cannot write into her statistics).
  for (let i = 0; i < 2; i++) {
    const res = await request.post('/api/events', {
      headers: { 'user-agent': BROWSER_UA, 'content-type': 'text/plain;charset=UTF-8' },
      data: JSON.stringify({ profileId: id, action: 'click', type: 'sms', label: `not on the page ${Date.now()}`, value: 'sms:+27215550100' }),
    });
    expect(res.status()).toBe(204);
  }
  await expect.poll(unnamedSms, { timeout: 8_000, intervals: [250, 500, 1000] }).toBe(before + 2);

  await signInAndWait(page, USERS.jane);
  await page.goto(`/statistics?start=${today}&end=${today}`);
  const row = topInteractions(page).getByRole('listitem').filter({ hasText: '(No label found)' }).filter({ hasText: 'SMS' });
  await expect(row).toContainText(String(before + 2));
});

test('Jane downloads her lead-form submissions as .xlsx and it reads back', async ({ page, request }) => {
  const { id } = await janeProfileId(request);
  const name = `Lead ${Date.now().toString(36)}`;
  const sent = await request.post(`/api/lead-forms/submit/${id}`, {
    data: { fields: { name, email: 'lead@example.test', message: '=cmd|calc' } },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  await signInAndWait(page, USERS.jane);
  await page.goto('/statistics');
  const touch = page.getByRole('region', { name: 'Getting in touch' });
  await expect(touch).toBeVisible();
  const download = page.waitForEvent('download');
  await touch.getByRole('button', { name: 'Download lead form submissions (.xlsx)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Lead form submissions \d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2} for Jane Doe\.xlsx$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'Date (UTC)', 'Profile', 'Name', 'Email', 'Mobile', 'Message']);
  const rows = sheet.getRows(2, sheet.rowCount - 1) ?? [];
  const mine = rows.find((r) => r.getCell(3).value === name);
  expect(mine, 'the new submission is in the file').toBeTruthy();
  // Typed text stays as typed: an xlsx string cell is never a formula.
  expect(mine!.getCell(6).value).toBe('=cmd|calc');
  for (const r of rows) r.eachCell((cell) => expect(cell.formula).toBeUndefined());
});

test('a view through the QR code lands in "Where views come from", and on a phone the scroll-to-top control covers no card', async ({ page, request }) => {
  const { id, token } = await janeProfileId(request);
  const qrViews = async () => {
    const res = await request.get('/api/reports/view-sources', { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { dimensions: { dimension: string; items: { value: string; count: number }[] }[] };
    return body.dimensions.find((d) => d.dimension === 'source')?.items.find((i) => i.value === 'qr')?.count ?? 0;
  };
  const before = await qrViews();
  // The page's script sends its URL's ?src= tag with the view beacon (packages/profile-page).
  const res = await request.post('/api/events', {
    headers: { 'user-agent': BROWSER_UA, 'content-type': 'text/plain;charset=UTF-8' },
    data: JSON.stringify({ profileId: id, action: 'view', type: 'page', source: 'qr' }),
  });
  expect(res.status()).toBe(204);
  await expect.poll(qrViews, { timeout: 8_000, intervals: [250, 500, 1000] }).toBe(before + 1);

  await page.setViewportSize({ width: 375, height: 740 });
  await signInAndWait(page, USERS.jane);
  await page.goto('/statistics');
  const sources = page.getByRole('region', { name: 'Where views come from' });
  const qr = sources.getByRole('region', { name: 'Source' }).getByRole('listitem').filter({ hasText: 'QR code' });
  await expect(qr).toBeVisible();
  await expect(qr.getByLabel(`${before + 1} views`)).toBeVisible();
  await expect(sources.getByRole('link', { name: 'IP geolocation by DB-IP' })).toHaveAttribute('href', 'https://db-ip.com');

  // At the page's end the control sits below the last card, not over its figures.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const control = page.getByRole('button', { name: 'Scroll to top' });
  await expect(control).toBeVisible();
  await expect.poll(async () => (await control.boundingBox())?.y ?? 0).toBeGreaterThan(0);
  const box = (await control.boundingBox())!;
  const cards = await page.locator('main section').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  const covered = cards.filter((c) => c.height > 0 && c.left < box.x + box.width && box.x < c.right && c.top < box.y + box.height && box.y < c.bottom);
  expect(covered, 'cards under the scroll-to-top control at the end of the page').toEqual([]);
  await shot(page, 'statistics-sources-375');
});
