// `npm test`: every test. Unit and API tests (Vitest, on PGlite, or on PostgreSQL when
// TEST_DATABASE_URL is set), then end-to-end tests in real Chromium when one is found.
// Without Chromium the e2e part is skipped with a note, and fails only when E2E_REQUIRED=1.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;
/** Every skipped test by name (with the reason where the runner records one): a run is never green by skipping quietly. */
const skippedNames = [];
/** Every failed test by name, with the first line of its error: the end of a long log names what broke. */
const failedNames = [];
const firstLine = (message) =>
  stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .find((l) => l.trim()) ?? '';

// Extra arguments go to Vitest, e.g. `npm test -- --project server` for only the database-backed tests.
const vitestArgs = process.argv.slice(2);

// 1. Vitest: shared rules, server API against a real database, web components, the public page.
// Named by this run's pid, as are the e2e run's files: two runs side by side cannot read or empty each other's.
const vitestJson = path.join(tmp, `vitest-report-${process.pid}.json`);
rmSync(vitestJson, { force: true });
const vitestStatus = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`, ...vitestArgs]);
const v = readJson(vitestJson);
rmSync(vitestJson, { force: true });
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  for (const file of v.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'pending' || t.status === 'skipped' || t.status === 'todo') {
        skippedNames.push(`${path.relative(root, file.name)} › ${t.fullName}`);
      } else if (t.status === 'failed') {
        failedNames.push(`${path.relative(root, file.name)} › ${t.fullName} — ${firstLine(t.failureMessages?.[0])}`);
      }
    }
    // A file that failed before its tests ran (an import error, a failing hook) has no test to name.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failedNames.push(`${path.relative(root, file.name)} — ${firstLine(file.message)}`);
      failed += 1;
    }
  }
}
if (vitestStatus !== 0 || !v) ok = false;

// 2. End-to-end in Chromium.
// Debian's old headless shell first: the same Blink without the full browser's windowing (Playwright
// runs headless tests on it too); here 24 specs took about a fifth less time in it than in the full browser.
const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].filter(Boolean);
const chromium = candidates.find((p) => existsSync(p));
const e2eRequired = process.env.E2E_REQUIRED === '1';
if (!chromium) {
  console.log('\nChromium was not found, so the end-to-end tests did not run.');
  console.log('Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) or point CHROMIUM_PATH at a Chromium/Chrome binary, then run `npm test` again.');
  if (e2eRequired) {
    console.log('E2E_REQUIRED=1: failing because the end-to-end tests could not run.');
    ok = false;
  }
} else {
  const pwJson = path.join(tmp, `playwright-report-${process.pid}.json`);
  rmSync(pwJson, { force: true });
  const results = path.join(tmp, `e2e-results-${process.pid}`);
  const status = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
    E2E_OUTPUT_DIR: results,
  });
  const p = readJson(pwJson);
  rmSync(pwJson, { force: true });
  // What a failed spec left (screenshots) stays for whoever reads the log.
  if (status === 0) rmSync(results, { recursive: true, force: true });
  else console.log(`\nWhat the failed e2e specs left: ${path.relative(root, results)}`);
  if (p?.stats) {
    passed += p.stats.expected;
    failed += p.stats.unexpected; // no retries (playwright.config.ts), so no test is flaky
    skipped += p.stats.skipped;
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        const name = `e2e/tests/${spec.file} › ${[...titles, spec.title].join(' › ')}`;
        for (const t of spec.tests ?? []) {
          if (t.status === 'unexpected') {
            const error = t.results?.find((r) => r.error)?.error?.message;
            failedNames.push(`${name} — ${firstLine(error)}`);
          }
          if (t.status !== 'skipped') continue;
          const why = (t.annotations ?? []).find((a) => a.type === 'skip')?.description;
          skippedNames.push(`${name}${why ? ` — ${why}` : ''}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...titles, ...(child.title && !child.title.endsWith('.ts') ? [child.title] : [])]);
    };
    for (const suite of p.suites ?? []) walk(suite, []);
  }
  if (status !== 0 || !p) ok = false;
}

if (skippedNames.length > 0) {
  console.log(`\nSkipped (${skippedNames.length}):`);
  for (const name of skippedNames) console.log(`  - ${name}`);
}
if (failedNames.length > 0) {
  console.log(`\nFailed (${failedNames.length}):`);
  for (const name of failedNames) console.log(`  - ${name}`);
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed === 0) ok = false;
process.exit(ok ? 0 : 1);
