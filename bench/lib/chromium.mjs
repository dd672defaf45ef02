// Debian's Chromium and the flags the repo-level runs launch it with: the benchmarks and the
// end-to-end tests (e2e/playwright.config.ts). No imports, so a Playwright config can load it too.

/** Debian's Chromium; CHROMIUM_PATH overrides. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Headless, no sandbox, GPU or QUIC, and none of Chromium's own background traffic. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
