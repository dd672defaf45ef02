// Lighthouse (mobile preset: emulated phone, simulated slow 4G and CPU throttling) against a
// page, in Debian's Chromium through chrome-launcher. Scores are 0–100.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS } from './common.mjs';

// The benchmarks' flags, with chrome-launcher's spelling of headless; without the resolver
// rule, which made Lighthouse's first trace of every session fail (NO_NAVSTART).
const CHROME_FLAGS = CHROMIUM_ARGS.filter((flag) => !flag.startsWith('--host-resolver-rules')).map((flag) => (flag === '--headless' ? '--headless=new' : flag));

/** One Lighthouse run: category scores, the main timings and the audits that failed in accessibility. */
export async function runLighthouse(url, { chromePath = CHROMIUM } = {}) {
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
      // Main-thread tasks over 50 ms in the simulated run (what TBT is made of): where each came from.
      longTasks: (audits['long-tasks']?.details?.items ?? []).map((t) => ({ url: t.url, startMs: t.startTime, durationMs: t.duration })),
      mainThread: (audits['mainthread-work-breakdown']?.details?.items ?? []).map((t) => ({ group: t.groupLabel ?? t.group, ms: t.duration })),
    };
  } finally {
    await chrome.kill();
  }
}
