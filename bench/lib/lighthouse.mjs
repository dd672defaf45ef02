// Lighthouse (mobile preset: emulated phone, simulated slow 4G and CPU throttling) against a
// page, in Debian's Chromium through chrome-launcher. Scores are 0–100.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One Lighthouse run: category scores, the main timings and the audits that failed in accessibility. */
export async function runLighthouse(url, { chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium' } = {}) {
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result.lhr;
    const score = (c) => Math.round((categories[c]?.score ?? 0) * 100);
    const ms = (id) => audits[id]?.numericValue ?? null;
    const failing = (category) =>
      categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
        .map((ref) => `${ref.id}: ${audits[ref.id].title}`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: ms('first-contentful-paint'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      cls: audits['cumulative-layout-shift']?.numericValue ?? null,
      failingAccessibility: failing('accessibility'),
      failingPerformance: failing('performance').slice(0, 8),
      runtimeError: result.lhr.runtimeError?.message ?? null,
    };
  } finally {
    await chrome.kill();
  }
}
