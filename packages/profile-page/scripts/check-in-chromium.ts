/**
 * Loads pages in Chromium and checks what static tests cannot (scripts only, not a unit test;
 * `npm test` runs the XSS part as e2e/tests/xss.spec.ts, also against the real server):
 * 1. every XSS payload page: no dialog, no script error, after hovering, focusing and opening everything;
 * 2. the page script: view / click / open / share / copy beacons in the /api/events shape, the YouTube
 *    swap, the lead form (thank-you and error), the toast;
 * 3. a rough colour-contrast pass over visible text (WCAG AA).
 * `npx tsx packages/profile-page/scripts/check-in-chromium.ts`
 */
import { TrackEventSchema } from '@profilehub/shared';
import type { Page } from 'playwright-core';
import { poisonedInput } from '../src/__fixtures__/poison.ts';
import { sampleInput } from '../src/__fixtures__/sample-input.ts';
import { XSS_PAYLOADS } from '../src/__fixtures__/xss-payloads.ts';
import { renderProfilePage } from '../src/index.ts';
import { launchChromium } from './chromium.ts';
import { SAMPLE_ASSETS } from './sample-assets.ts';

const PAGE = 'https://acme.profilehub.test/jane-doe';
const browser = await launchChromium();
const failures: string[] = [];

async function open(html: string, onRequest?: (url: URL, body: string | null) => { status: number; body?: string } | undefined): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.href === PAGE) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    const custom = onRequest?.(url, route.request().postData());
    if (custom) return route.fulfill({ status: custom.status, contentType: 'application/json', body: custom.body ?? '' });
    const asset = SAMPLE_ASSETS[url.origin === new URL(PAGE).origin ? url.pathname : url.href];
    if (asset) return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: asset });
    return route.fulfill({ status: 404, body: '' });
  });
  return page;
}

// ── 1. XSS corpus ──
let n = 0;
for (const payload of XSS_PAYLOADS) {
  const html = renderProfilePage(poisonedInput(payload, n++ % 2 ? 'mobile1' : 'desktop2')).html;
  const page = await open(html);
  let fired = '';
  page.on('dialog', async (d) => {
    fired = `dialog: ${d.message()}`;
    await d.dismiss();
  });
  page.on('pageerror', (e) => {
    fired ||= `page error: ${e.message}`;
  });
  await page.goto(PAGE, { waitUntil: 'load' });
  await page.evaluate(async () => {
    for (const d of document.querySelectorAll('details')) d.open = true;
    for (const el of document.querySelectorAll('input, textarea, select, a, button')) (el as HTMLElement).focus();
    window.scrollTo(0, document.body.scrollHeight);
    await new Promise((r) => setTimeout(r, 50));
  });
  for (let y = 0; y < 844; y += 120) for (let x = 0; x < 390; x += 130) await page.mouse.move(x, y);
  await page.waitForTimeout(30);
  if (fired) failures.push(`XSS ${payload}: ${fired}`);
  await page.context().close();
}
console.log(`XSS corpus: ${XSS_PAYLOADS.length} pages loaded in Chromium, ${failures.length} fired`);

// ── 2. Page script behaviour ──
const events: unknown[] = [];
let leadBody: unknown = null;
let leadStatus = 200;
const input = sampleInput();
const page = await open(renderProfilePage(input).html, (url, body) => {
  if (url.pathname === '/api/events') {
    events.push(JSON.parse(body ?? 'null'));
    return { status: 204 };
  }
  if (url.pathname === '/api/lead-forms/submit/42') {
    leadBody = JSON.parse(body ?? 'null');
    return leadStatus === 200
      ? { status: 200, body: '{"success":true}' }
      : { status: leadStatus, body: '{"message":"Too many submissions, try again later."}' };
  }
  return undefined;
});
const errors: string[] = [];
page.on('pageerror', (e) => errors.push(e.message));
await page.goto(PAGE, { waitUntil: 'networkidle' });
// Links open new tabs (target=_blank) or hand over to the phone; the page stays.
page.context().on('page', (popup) => void popup.close());
await page.evaluate(() => {
  const tel = document.querySelector('.ph-contact[href^="tel:"]');
  tel?.addEventListener('click', (e) => e.preventDefault());
});
await page.click('.ph-contact[href^="tel:"]');
await page.click('a[href="https://acme.test/book"]');
await page.click('.ph-social a[aria-label="Facebook"]');
await page.click('.ph-pop > summary');
await page.click('.ph-sec-aboutme > summary');
await page.click('button[data-action="copy"]');
const toast = await page.textContent('.ph-toast');
const clip = await page.evaluate(() => navigator.clipboard.readText());
await page.click('.ph-vids a.ph-yt');
const iframe = await page.getAttribute('.ph-vids iframe', 'src');
await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
await page.waitForTimeout(100);
await page.fill('#ph-f-name', 'Sam');
await page.fill('#ph-f-email', 'sam@example.com');
await page.fill('#ph-f-mobile', '+27 82 000 0000');
leadStatus = 429;
await page.click('.ph-form button[type=submit]');
await page.waitForSelector('.ph-err:not([hidden])');
const errText = await page.textContent('.ph-err');
leadStatus = 200;
await page.click('.ph-form button[type=submit]');
await page.waitForSelector('.ph-thanks:not([hidden])');
const thanks = await page.textContent('.ph-thanks');
await page.waitForTimeout(200);

const expect = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
};
expect(toast === 'Copied!', `toast after copy: ${toast}`);
expect(clip === PAGE, `clipboard: ${clip}`);
expect(iframe === 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0&playsinline=1', `iframe: ${iframe}`);
expect(errText === 'Too many submissions, try again later.', `lead form error: ${errText}`);
expect(thanks === 'Thanks, we will be in touch.', `thank-you: ${thanks}`);
expect(
  JSON.stringify(leadBody) ===
    JSON.stringify({
      profileId: 42,
      formId: 'Jane Doe Lead Form-1740787200000',
      fields: { name: 'Sam', email: 'sam@example.com', mobile: '+27 82 000 0000', message: '', website: '' },
    }),
  `lead body ${JSON.stringify(leadBody)}`,
);
for (const e of events) expect(TrackEventSchema.safeParse(e).success, `event not accepted by TrackEventSchema: ${JSON.stringify(e)}`);
const seen = events.map((e) => {
  const { action, type } = e as { action: string; type: string };
  return `${action}/${type}`;
});
for (const want of [
  'view/page',
  'click/phone',
  'click/url',
  'click/socialmedia',
  'open/modal',
  'click/copy-link',
  'view-media/video',
  'scroll/page',
  'submit/lead-form',
])
  expect(seen.includes(want), `no ${want} event (saw ${seen.join(', ')})`);
expect(errors.length === 0, `page errors: ${errors.join('; ')}`);
console.log(`events: ${seen.join(', ')}`);

// ── 3. Rough colour contrast of visible text ──
for (const layout of ['desktop2', 'mobile1']) {
  const p = await open(renderProfilePage(sampleInput({ ...input.content, templateLayout: layout })).html);
  await p.goto(PAGE, { waitUntil: 'networkidle' });
  // A string, so the TypeScript runner adds no helpers to code that runs in the page.
  const low = (await p.evaluate(`(() => {
    const parse = (c) => { const n = (c.match(/[\\d.]+/g) ?? []).map(Number); return c.startsWith('color(') ? n.map((v, i) => (i < 3 ? v * 255 : v)) : n; };
    const lum = ([r = 0, g = 0, b = 0]) =>
      [r, g, b].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
    const bgOf = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.backgroundImage !== 'none' && !e.matches('body, .ph-page')) return null; // over an image or gradient: not judged here
        const c = parse(s.backgroundColor);
        if (c.length >= 3 && (c[3] ?? 1) > 0.5) return c;
      }
      return [255, 255, 255];
    };
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent?.trim() || el.closest('script,style,[hidden],.ph-sr,.ph-hp,.ph-toast')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const bg = bgOf(el);
      if (!bg) continue;
      const fg = parse(getComputedStyle(el).color);
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const ratio = (a + 0.05) / (b + 0.05);
      const size = Number.parseFloat(getComputedStyle(el).fontSize);
      const bold = Number(getComputedStyle(el).fontWeight) >= 700;
      const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
      if (ratio < need) out.push(\`\${node.textContent.trim().slice(0, 30)} \${ratio.toFixed(2)} < \${need}\`);
    }
    return out;
  })()`)) as string[];
  for (const l of low) failures.push(`contrast (${layout}): ${l}`);
  await p.context().close();
}
await browser.close();
console.log(failures.length ? `FAILURES:\n${failures.join('\n')}` : 'all Chromium checks passed');
process.exitCode = failures.length ? 1 : 0;
