/**
 * Renders the rich fixture to .tmp/profile-sample.html and takes Chromium
 * screenshots at 390×844 and 1280×800 (both layouts), serving stand-in images
 * through request interception. `npx tsx packages/profile-page/scripts/screenshots.ts`
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { RICH_PROFILE } from '../../shared/src/profile/test-fixtures.ts';
import { sampleInput } from '../src/__fixtures__/sample-input.ts';
import { PAGE_SCRIPT, renderProfilePage, serviceWorkerScript } from '../src/index.ts';
import { launchChromium } from './chromium.ts';
import { SAMPLE_ASSETS } from './sample-assets.ts';

const OUT = new URL('../../../.tmp/', import.meta.url).pathname;
mkdirSync(OUT, { recursive: true });
const PAGE = 'https://acme.profilehub.test/jane-doe';

const pages = {
  desktop: renderProfilePage(sampleInput()).html,
  mobile: renderProfilePage(sampleInput({ ...RICH_PROFILE, templateLayout: 'mobile1' })).html,
};
writeFileSync(`${OUT}profile-sample.html`, pages.desktop);
writeFileSync(`${OUT}profile-sample-mobile-layout.html`, pages.mobile);
const css = /<style[^>]*>([\s\S]*?)<\/style>/.exec(pages.desktop)?.[1] ?? '';
const withoutScript = pages.desktop.replace(/<script[\s\S]*?<\/script>/, '');
console.log(
  `HTML ${pages.desktop.length} B, gzip ${gzipSync(pages.desktop).length} B (HTML+CSS without script: ${gzipSync(withoutScript).length} B; CSS ${css.length} B)`,
);
console.log(`script ${PAGE_SCRIPT.length} B, gzip ${gzipSync(PAGE_SCRIPT).length} B`);

const browser = await launchChromium();
const shots: [string, keyof typeof pages, number, number, boolean][] = [
  ['profile-390', 'desktop', 390, 844, false],
  ['profile-390-full', 'desktop', 390, 844, true],
  ['profile-1280', 'desktop', 1280, 800, false],
  ['profile-1280-full', 'desktop', 1280, 800, true],
  ['profile-mobile-layout-390', 'mobile', 390, 844, false],
  ['profile-mobile-layout-390-full', 'mobile', 390, 844, true],
];
const errors: string[] = [];
for (const [name, layout, width, height, fullPage] of shots) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: width < 500 ? 2 : 1 });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && !/Failed to load resource|fetching the script/.test(m.text()) && errors.push(`${name}: ${m.text()}`));
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.href === PAGE) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: pages[layout] });
    const asset = SAMPLE_ASSETS[url.origin === new URL(PAGE).origin ? url.pathname : url.href];
    if (asset) return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: asset });
    if (url.pathname === '/api/events') return route.fulfill({ status: 204 });
    if (url.pathname === '/jane-doe/sw.js')
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: serviceWorkerScript('ph-42:1', { page: PAGE }) });
    return route.fulfill({ status: 404, body: '' });
  });
  await page.goto(PAGE, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  if (fullPage) {
    // Lazy images load as they come into view.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 40));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(300);
  }
  await page.screenshot({ path: `${OUT}${name}.png`, fullPage });
  if (fullPage && process.argv.includes('--parts')) {
    const total = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0, n = 1; y < total; y += height, n++) {
      await page.screenshot({ path: `${OUT}${name}-part${n}.png`, fullPage: true, clip: { x: 0, y, width, height: Math.min(height, total - y) } });
    }
  }
  await context.close();
}
await browser.close();
if (errors.length) console.log(errors.join('\n'));
console.log(`screenshots in ${OUT}`);
