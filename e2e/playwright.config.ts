import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../bench/lib/chromium.mjs';
import { BASE_URL, ROOT } from './env.ts';

/**
 * End-to-end tests in Debian's Chromium (no browser downloads). The global setup
 * starts the real server on a fresh database (PGlite in a new data dir, or a new
 * PostgreSQL database when TEST_DATABASE_URL is set) and the teardown removes it.
 */
export default defineConfig({
  testDir: './tests',
  // Its own per run when `npm test` names one: the runner empties this directory as it starts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(ROOT, '.tmp', 'e2e-results'),
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  // Two cores: one browser at a time keeps the server and Chromium from starving each other.
  workers: 1,
  fullyParallel: false,
  // No retries: specs share one database per run (registration uses up the invitation), so a retry cannot pass honestly.
  retries: 0,
  // Always: a focused spec would silently drop every other spec from the run.
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(ROOT, '.tmp', 'playwright-report.json') }]],
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'off',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
});
