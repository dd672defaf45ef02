// Figures of the profile editor (issue 4):
//  - the editor route's JS (its lazy chunk, and everything /self-service downloads) next to
//    the sign-in route's JS, gzip -9; the editor chunk must not load on sign-in;
//  - keystroke → preview latency in Chromium: median and p95 over 200 keystrokes typed into
//    the name field, from the keydown in the editor to the preview frame's DOM showing the
//    change (and to the frame's next animation frame); budget p95 ≤ 50 ms;
//  - the autosave request for a one-field change: its body size, next to what a whole-document
//    save (PUT /profiles/{id} {version, content}) would send.
//
// Uses apps/web/dist as it is (builds it only when missing); WEB_DIST=<dir> measures another
// build. CHROMIUM_PATH overrides /usr/bin/chromium.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  buildWeb,
  CHROMIUM,
  CHROMIUM_ARGS,
  fmt,
  heading,
  JANE,
  lastLines,
  main,
  median,
  onCleanup,
  prepareDataDir,
  SEED_PASSWORD,
  startServer,
  table,
  verdict,
  WEB_DIST,
} from './lib/common.mjs';

const KEYSTROKES = 200;
const LATENCY_BUDGET_MS = 50;
const kb = (bytes) => fmt(bytes / 1000, 1);
const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
};

/** Every JS response of a page, gzip -9 sizes, by URL. */
function recordJs(page) {
  const files = new Map();
  const pending = [];
  page.on('response', (res) => {
    const url = res.url().split(/[?#]/)[0];
    const type = res.request().resourceType();
    if (!(type === 'script' || /\.m?js$/.test(url)) || files.has(url)) return;
    files.set(url, null);
    pending.push(
      res
        .body()
        .then((body) => files.set(url, { url, rawBytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }))
        .catch(() => files.delete(url)),
    );
  });
  return async () => {
    await Promise.all(pending);
    return [...files.values()].filter(Boolean);
  };
}

const sum = (files) => files.reduce((s, f) => s + f.gzipBytes, 0);
const short = (u) => u.replace(/^https?:\/\/[^/]+/, '');

await main('editor', async () => {
  heading('Profile editor: bundle, keystroke → preview latency, autosave size');
  const notes = [];
  const distDir = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : WEB_DIST;
  if (!existsSync(path.join(distDir, 'index.html'))) {
    if (process.env.WEB_DIST) throw new Error(`WEB_DIST=${distDir} has no index.html`);
    console.log('apps/web/dist is missing: npm run build -w @profilehub/web …');
    const b = buildWeb();
    if (!b.ok) throw new Error(`the web app does not build, nothing to measure:\n${lastLines(b.output, 20)}`);
  }
  let pw;
  try {
    pw = await import('playwright-core');
  } catch {
    throw new Error('playwright-core is not installed: the editor figures need a browser');
  }
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}`);

  const prep = await prepareDataDir('editor');
  const server = await startServer({ dataDir: prep.dataDir, env: { WEB_DIST: distDir, RATE_LIMITS: 'false' } });
  onCleanup(() => server.stop());
  const base = `http://localhost:${server.port}`;
  const browser = await pw.chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  onCleanup(() => browser.close());

  // --- sign-in route JS
  const signInContext = await browser.newContext({ serviceWorkers: 'block' });
  const signInPage = await signInContext.newPage();
  const signInJs = recordJs(signInPage);
  await signInPage.goto(`${base}/sign-in`, { waitUntil: 'networkidle' });
  await signInPage.waitForTimeout(500);
  await signInPage.waitForLoadState('networkidle');
  const signInFiles = await signInJs();
  const editorOnSignIn = signInFiles.some((f) => /ProfileEditor-/.test(f.url));
  await signInContext.close();

  // --- editor route JS, as Jane
  const login = await fetch(`${base}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: JANE, password: SEED_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in as ${JANE} answered ${login.status}`);
  const { jwt } = await login.json();
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
  await context.addInitScript((token) => {
    sessionStorage.setItem('jwt', token);
    localStorage.setItem('profile-editor:welcome-seen', '1');
  }, jwt);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const editorJs = recordJs(page);
  await page.goto(`${base}/self-service`, { waitUntil: 'networkidle' });
  const name = page.getByRole('textbox', { name: 'Full name' });
  await name.waitFor();
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await frame.getByRole('heading', { name: 'Jane Doe' }).waitFor();
  await page.waitForLoadState('networkidle');
  const editorFiles = await editorJs();
  const editorChunk = editorFiles.find((f) => /\/ProfileEditor-[^/]+\.js$/.test(f.url));
  if (!editorChunk) notes.push('No ProfileEditor-*.js chunk was seen: the chunk name changed, the figure below is the whole route.');

  // --- keystroke → preview latency
  await page.evaluate(() => {
    const iframe = document.querySelector('[data-testid="preview-frame"]');
    const doc = iframe.contentDocument;
    const win = iframe.contentWindow;
    const state = { key: 0, waiter: null };
    window.__bench = state;
    document.addEventListener('keydown', () => (state.key = performance.now()), { capture: true });
    new MutationObserver(() => {
      const waiter = state.waiter;
      if (!waiter) return;
      state.waiter = null;
      const dom = performance.now() - state.key;
      win.requestAnimationFrame(() => waiter({ dom, frame: performance.now() - state.key }));
    }).observe(doc.body, { subtree: true, childList: true, characterData: true });
  });
  await name.click();
  await name.fill('');
  await page.waitForTimeout(300);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const dom = [];
  const nextFrame = [];
  for (let i = 0; i < KEYSTROKES; i++) {
    const rendered = page.evaluate(() => new Promise((resolve) => (window.__bench.waiter = resolve)));
    await page.keyboard.press(letters[i % letters.length]);
    const t = await Promise.race([rendered, new Promise((r) => setTimeout(() => r(null), 2000))]);
    if (!t) throw new Error(`keystroke ${i + 1}: the preview did not change within 2 s`);
    dom.push(t.dom);
    nextFrame.push(t.frame);
  }

  // --- the autosave that follows: one field changed
  const patch = await page.waitForRequest((r) => r.method() === 'PATCH' && /\/api\/profiles\/\d+$/.test(r.url()), { timeout: 10_000 });
  const patchBytes = Buffer.byteLength(patch.postData() ?? '');
  const changedFields = Object.keys(JSON.parse(patch.postData() ?? '{}').changes ?? {});
  const wholeBytes = await page.evaluate(async (token) => {
    const me = await (await fetch('/api/companies/users/me', { headers: { Authorization: `Bearer ${token}` } })).json();
    const view = await (await fetch(`/api/profiles/${me.profile.id}?populate=self-service`, { headers: { Authorization: `Bearer ${token}` } })).json();
    return new TextEncoder().encode(JSON.stringify({ version: view.profile.version, content: view.content })).length;
  }, jwt);
  if (errors.length) notes.push(`Page errors: ${errors.slice(0, 3).join(' | ')}`);

  const figures = {
    signInJsGzipBytes: sum(signInFiles),
    editorChunkGzipBytes: editorChunk?.gzipBytes ?? null,
    editorRouteJsGzipBytes: sum(editorFiles),
    editorOnSignIn,
    latency: {
      keystrokes: KEYSTROKES,
      domMedianMs: median(dom),
      domP95Ms: p95(dom),
      frameMedianMs: median(nextFrame),
      frameP95Ms: p95(nextFrame),
      budgetP95Ms: LATENCY_BUDGET_MS,
    },
    autosave: { requestBytes: patchBytes, changedFields, wholeDocumentBytes: wholeBytes },
  };
  const pass = { latency: figures.latency.frameP95Ms <= LATENCY_BUDGET_MS, signIn: !editorOnSignIn };

  console.log('\nEditor route JS files (gzip -9, KB = 1,000 bytes):');
  console.log(
    table([['file', 'gzip KB'], ...editorFiles.sort((a, b) => b.gzipBytes - a.gzipBytes).map((f) => [short(f.url), kb(f.gzipBytes)])], { align: ['l', 'r'] }),
  );
  console.log('\nResult:');
  console.log(
    table(
      [
        ['figure', 'value', 'budget', 'verdict'],
        ['sign-in route JS (gzip)', `${kb(figures.signInJsGzipBytes)} KB`, 'editor not loaded', verdict(pass.signIn)],
        ['editor lazy chunk ProfileEditor-*.js (gzip)', editorChunk ? `${kb(editorChunk.gzipBytes)} KB` : 'not found', 'printed', ''],
        ['all JS /self-service downloads (gzip)', `${kb(figures.editorRouteJsGzipBytes)} KB`, 'printed', ''],
        [
          `keystroke → preview DOM, median / p95 (${KEYSTROKES} keys)`,
          `${fmt(figures.latency.domMedianMs, 1)} / ${fmt(figures.latency.domP95Ms, 1)} ms`,
          'printed',
          '',
        ],
        [
          'keystroke → preview next frame, median / p95',
          `${fmt(figures.latency.frameMedianMs, 1)} / ${fmt(figures.latency.frameP95Ms, 1)} ms`,
          `p95 ≤ ${LATENCY_BUDGET_MS} ms`,
          verdict(pass.latency),
        ],
        [`autosave request, one field (${changedFields.join(', ')})`, `${fmt(patchBytes)} bytes`, 'printed', ''],
        ['  a whole-document save would send', `${fmt(wholeBytes)} bytes`, 'printed', ''],
      ],
      { align: ['l', 'r', 'r', 'l'] },
    ),
  );
  for (const n of notes) console.log(`Note: ${n}`);
  return { ...figures, pass, notes };
});
