import { type Browser, chromium } from 'playwright-core';

/**
 * Chromium (CHROMIUM_PATH, else Debian's /usr/bin/chromium), headless, with the flags the repo's other Chromium runs use
 * (bench/lib/chromium.mjs; this package's scripts keep their own copy so they reach no
 * further than the workspace packages).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
