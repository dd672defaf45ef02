// Figure: "JS the sign-in page downloads: ≤ 120 KB gzip" (issue #15: headroom for the coming features).
//
// Loads http://localhost:PORT/sign-in in Debian's Chromium against a running server,
// records every JavaScript (and CSS) response, gzips each body with zlib level 9 and
// sums them. Without Chromium (or playwright-core) it falls back to the module script,
// modulepreload and stylesheet links of dist/index.html, which misses lazily loaded chunks.
//
// Uses apps/web/dist as it is (builds it only when missing); WEB_DIST=<dir> measures
// another build. CHROMIUM_PATH overrides /usr/bin/chromium.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  buildWeb,
  CHROMIUM,
  CHROMIUM_ARGS,
  fmt,
  heading,
  lastLines,
  main,
  onCleanup,
  prepareDataDir,
  startServer,
  table,
  verdict,
  WEB_DIST,
  webBuildState,
} from './lib/common.mjs';

const BUDGET_BYTES = 120_000; // "120 KB"; KB = 1,000 bytes, as Vite reports sizes
const kb = (bytes) => fmt(bytes / 1000, 1);

function measure(url, kind, body, extra = {}) {
  return { kind, url, rawBytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length, ...extra };
}

async function inBrowser(pw, distDir, notes) {
  const prep = await prepareDataDir('signin');
  const server = await startServer({ dataDir: prep.dataDir, env: { WEB_DIST: distDir } });
  onCleanup(() => server.stop());
  const browser = await pw.chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  onCleanup(() => browser.close());
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && pageErrors.push(`console: ${msg.text()}`));
  const assets = new Map();
  const pending = [];
  const encodings = new Set();
  page.on('response', (res) => {
    const req = res.request();
    const url = res.url();
    const type = req.resourceType();
    const ct = res.headers()['content-type'] ?? '';
    const clean = url.split(/[?#]/)[0];
    const kind =
      type === 'script' || /javascript|ecmascript/.test(ct) || /\.m?js$/.test(clean)
        ? 'js'
        : type === 'stylesheet' || ct.includes('text/css') || clean.endsWith('.css')
          ? 'css'
          : null;
    if (!kind || assets.has(url)) return;
    assets.set(url, null);
    pending.push(
      (async () => {
        try {
          const body = await res.body();
          encodings.add(res.headers()['content-encoding'] ?? 'identity');
          assets.set(url, measure(url, kind, body, { status: res.status() }));
        } catch (err) {
          assets.set(url, { kind, url, error: err.message });
        }
      })(),
    );
  });
  const url = `http://localhost:${server.port}/sign-in`;
  const doc = await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
  if (doc?.status() !== 200) throw new Error(`GET ${url} answered ${doc?.status()}: ${(await doc?.text())?.slice(0, 200)}`);
  await page.waitForTimeout(500); // chunks a lazy route starts after its first render
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const rendered = await page.evaluate(() => ({
    title: document.title,
    rootChildren: document.getElementById('root')?.childElementCount ?? 0,
    text: (document.body.textContent ?? '').trim().slice(0, 120),
  }));
  if (!rendered.rootChildren) notes.push('The page rendered nothing into #root: the figure may miss chunks a working page would load.');
  if (pageErrors.length) notes.push(`Page errors: ${pageErrors.slice(0, 3).join(' | ')}`);
  notes.push(`Content-Encoding the server sent for these files: ${[...encodings].join(', ') || '–'} (the figure is the gzip -9 size either way).`);
  const files = [...assets.values()].filter(Boolean);
  for (const f of files.filter((f) => f.error)) notes.push(`Could not read ${f.url}: ${f.error}`);
  return { method: 'chromium', url, page: rendered, files: files.filter((f) => !f.error) };
}

function fromIndexHtml(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = [];
  for (const [tag, name] of html.matchAll(/<(script|link)\b[^>]*>/gi).map((m) => [m[0], m[1].toLowerCase()])) {
    const attrs = Object.fromEntries(
      [...tag.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)].map((a) => [a[1].toLowerCase(), a[2] ?? a[3] ?? a[4]]),
    );
    let kind = null;
    let ref = null;
    if (name === 'script' && attrs.src) [kind, ref] = ['js', attrs.src];
    else if (name === 'link' && /\bmodulepreload\b/.test(attrs.rel ?? '')) [kind, ref] = ['js', attrs.href];
    else if (name === 'link' && /\bstylesheet\b/.test(attrs.rel ?? '')) [kind, ref] = ['css', attrs.href];
    if (!kind || !ref || /^(https?:)?\/\//.test(ref)) continue;
    const file = path.join(distDir, decodeURIComponent(ref.split(/[?#]/)[0]).replace(/^\//, ''));
    if (!existsSync(file)) throw new Error(`index.html references ${ref}, which is not in ${distDir}`);
    if (!files.some((f) => f.url === ref)) files.push(measure(ref, kind, readFileSync(file)));
  }
  return { method: 'static', files };
}

await main('signin-bundle', async () => {
  heading('Sign-in page: JavaScript downloaded (gzip -9)');
  const notes = [];
  const distDir = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : WEB_DIST;
  if (!existsSync(path.join(distDir, 'index.html'))) {
    if (process.env.WEB_DIST) throw new Error(`WEB_DIST=${distDir} has no index.html`);
    console.log('apps/web/dist is missing: npm run build -w @profilehub/web …');
    const b = buildWeb();
    if (!b.ok) throw new Error(`the web app does not build, nothing to measure:\n${lastLines(b.output, 20)}`);
    console.log(`  built in ${fmt(b.ms / 1000, 1)} s`);
  } else if (!process.env.WEB_DIST && !webBuildState().fresh) {
    notes.push('apps/web/dist is older than the web sources; measured the existing build (run `npm run build` first for a current figure).');
  }
  console.log(`Build measured: ${distDir}`);

  let pw = null;
  try {
    pw = await import('playwright-core');
  } catch {}
  let result;
  if (pw && existsSync(CHROMIUM)) {
    result = await inBrowser(pw, distDir, notes);
    console.log(`Loaded ${result.url} in ${CHROMIUM} (page "${result.page.title}"; #root has ${result.page.rootChildren} element(s)).`);
  } else {
    const why = pw ? `no Chromium at ${CHROMIUM}` : 'playwright-core is not installed';
    notes.push(
      `FALLBACK (${why}): counted the module script, modulepreload and stylesheet links of index.html; chunks the sign-in route loads lazily are NOT counted, so this is a lower bound.`,
    );
    console.log(`Fallback: ${why}; reading dist/index.html instead of loading the page.`);
    result = fromIndexHtml(distDir);
  }

  const files = result.files.sort((a, b) => a.kind.localeCompare(b.kind) || b.gzipBytes - a.gzipBytes);
  const js = files.filter((f) => f.kind === 'js');
  const css = files.filter((f) => f.kind === 'css');
  const sum = (xs, k) => xs.reduce((s, f) => s + f[k], 0);
  const jsGzip = sum(js, 'gzipBytes');
  const short = (u) => u.replace(/^https?:\/\/[^/]+/, '');
  console.log(`\nFiles (${js.length} JS, ${css.length} CSS; KB = 1,000 bytes):`);
  console.log(
    table(
      [
        ['kind', 'file', 'raw KB', 'gzip KB'],
        ...files.map((f) => [f.kind, short(f.url), kb(f.rawBytes), kb(f.gzipBytes)]),
        ['JS', 'total', kb(sum(js, 'rawBytes')), kb(jsGzip)],
        ['CSS', 'total', kb(sum(css, 'rawBytes')), kb(sum(css, 'gzipBytes'))],
      ],
      { align: ['l', 'l', 'r', 'r'] },
    ),
  );
  const pass = jsGzip <= BUDGET_BYTES;
  console.log('\nResult:');
  console.log(
    table(
      [
        ['figure', 'value', 'budget', 'verdict'],
        [`JS the sign-in page downloads (gzip -9, ${result.method})`, `${kb(jsGzip)} KB`, `≤ ${kb(BUDGET_BYTES)} KB`, verdict(pass)],
        ['CSS alongside (not budgeted)', `${kb(sum(css, 'gzipBytes'))} KB`, '', ''],
      ],
      { align: ['l', 'r', 'r', 'l'] },
    ),
  );
  for (const n of notes) console.log(`Note: ${n}`);

  return {
    method: result.method,
    url: result.url ?? null,
    budgetBytes: BUDGET_BYTES,
    jsGzipBytes: jsGzip,
    jsRawBytes: sum(js, 'rawBytes'),
    cssGzipBytes: sum(css, 'gzipBytes'),
    pass,
    files: files.map((f) => ({ kind: f.kind, file: short(f.url), rawBytes: f.rawBytes, gzipBytes: f.gzipBytes })),
    notes,
  };
});
