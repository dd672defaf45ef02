// Figures of the public profile page (issue 3, "6. Figures"):
// - critical bytes of the published page (HTML + inline CSS + inline script) ≤ 14 KB gzip in
//   one request; page JS ≤ 5 KB gzip; no render-blocking requests;
// - visits/s of the published page with view recording on, beside raw node:http serving the
//   same bytes from memory and nginx serving them from disk, in alternating rounds of the same
//   run: app / raw ≥ 0.7 for visits and ≥ 0.9 for the page alone (median of the per-round ratios);
// - the same visits spread over many published pages of many divisions (issue 27: the enterprise
//   data set's pages, Zipf-like popularity), app / raw beside the one hot page's;
// - Lighthouse (mobile preset, Debian Chromium): performance ≥ 98, accessibility 100;
// - publish latency for one profile and for rebuilding a template's published children.
//
// One server (RATE_LIMITS=false, so the per-IP events limit does not turn the load into a
// 429 benchmark) on a prepared DATA_DIR. The seed publishes Jane's page at
// acme.localhost/jane-doe; Node does not resolve *.localhost, so every request goes to
// 127.0.0.1 with `Host: acme.localhost:PORT`.
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { prng } from '../apps/server/src/test/prng.ts';
import {
  cannon,
  fmt,
  freePort,
  HOST,
  heading,
  main,
  median,
  onCleanup,
  percentile,
  prepareDataDir,
  rssKib,
  SEED_PASSWORD,
  serverEnv,
  spawnTracked,
  spreadOf,
  startRawHttpServer,
  startServer,
  stopProcess,
  table,
  tempDir,
  verdict,
} from './lib/common.mjs';
import { NGINX, startNginx } from './lib/nginx.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 10;
/**
 * Visits and beacons run with more connections: a beacon is answered only once its event is
 * committed (group commit, decision 008), so with 10 connections the run measures the commit's
 * wait (~10 ms a beacon), not what the server can take. Browsers send beacons without waiting
 * for the answer; many visitors at once is the load a public page meets.
 */
const VISIT_CONNECTIONS = Number(process.env.BENCH_VISIT_CONNECTIONS ?? 200);
/**
 * Both servers get the same load for this long before the measured run: throughput of a server
 * that is up, not of one whose code V8 has not optimised yet (500 requests were ~0.1 s, and the
 * app then measured at half its steady rate while the bare server, with little code to optimise,
 * hardly changed).
 */
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5);
/** Alternating rounds (app, raw, nginx, app, …): each ratio is taken per round and printed as min / median / max. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PUBLISH_RUNS = 10;
const REBUILD_RUNS = 3;
const CHILDREN_TARGET = 100;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/**
 * The many-pages phase (issue 27): the enterprise data set (`seed:enterprise`, bootstrap/
 * enterprise-data.ts) of BENCH_PAGES_DIVISIONS divisions × BENCH_PAGES_STAFF staff is seeded into
 * the data dir before the server starts (untimed, no events); it publishes 70 % of the staff
 * (100 × 100 → about 7,000 pages; 1,000 × 100, the full set, about 70,000), each on its
 * division's host `ent-0001.localhost`. More than the server's page cache holds (64 MiB of the
 * pages' stored brotli and gzip forms, decision 035), so the rarely visited ones are really read
 * from the database (and, when stored without their forms, compressed once).
 */
const MANY_DIVISIONS = Number(process.env.BENCH_PAGES_DIVISIONS ?? 100);
const MANY_STAFF = Number(process.env.BENCH_PAGES_STAFF ?? 100);
/** Zipf exponent of the pages' popularity: the page of rank k is visited in proportion to 1 / k^s. */
const ZIPF_S = Number(process.env.BENCH_PAGES_ZIPF_S ?? 1);
/** Seeds of the PRNG: which page gets which rank, and the sequence of visits (the same for app and raw, run after run). */
const RANK_SEED = 27;
const VISIT_SEED = 2027;
const ENTERPRISE_SEED_ENTRY = 'apps/server/src/bootstrap/seed-enterprise.ts';
/** KB = 1,000 bytes, as in the other scripts. */
const BUDGET = { documentGzipBytes: 14_000, scriptGzipBytes: 5_000, renderBlocking: 0, ratio: 0.7, pageRatio: 0.9 };
const PUBLIC_DOMAIN = 'localhost'; // the server's default PUBLIC_DOMAIN: a division's pages are at {subdomain}.{PUBLIC_DOMAIN}
const PAGE_SUBDOMAIN_HOST = `acme.${PUBLIC_DOMAIN}`;
const PAGE_PATH = '/jane-doe';
const SUPERVISOR = 'supervisor@acme.example';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

// ---------------------------------------------------------------- HTTP

/** One request to 127.0.0.1 on a fresh connection; the body comes back as a Buffer. */
function request(port, method, urlPath, { headers = {}, body, timeoutMs = 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
    const h = { ...headers };
    if (data !== undefined) {
      h['content-length'] = Buffer.byteLength(data);
      if (!Object.keys(h).some((k) => k.toLowerCase() === 'content-type')) h['content-type'] = 'application/json';
    }
    const t0 = performance.now();
    const req = http.request({ host: HOST, port, path: urlPath, method, headers: h, agent: false, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(data);
  });
}

/** JSON API calls as one signed-in user. */
function apiClient(port, jwt) {
  return async (method, urlPath, body) => {
    const r = await request(port, method, urlPath, { headers: { authorization: `Bearer ${jwt}` }, body });
    let json = null;
    try {
      json = JSON.parse(r.body.toString('utf8'));
    } catch {}
    return { status: r.status, json, text: r.body.toString('utf8').slice(0, 400), ms: r.ms };
  };
}

// ---------------------------------------------------------------- HTML analysis

/** The value of attribute `name` in a start tag, or null (a bare attribute gives ''). */
function attr(tag, name) {
  const m = new RegExp(`\\s${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=[\\s/>])`, 'i').exec(tag);
  if (!m) return null;
  return m[1] ?? m[2] ?? m[3] ?? '';
}

/**
 * What the first request carries and what it makes the browser wait for: inline scripts and
 * styles (raw and gzip -9 each), and render-blocking requests in <head> (external
 * stylesheets; external scripts without async, defer or type=module).
 */
function analyseHtml(html) {
  const gz = (s) => gzipSync(Buffer.from(s, 'utf8'), { level: 9 }).length;
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  const inlineScripts = scripts
    .filter((m) => attr(`<script ${m[1]}>`, 'src') === null && m[2].length > 0)
    .map((m) => ({ type: attr(`<script ${m[1]}>`, 'type') ?? 'classic', bytes: Buffer.byteLength(m[2]), gzipBytes: gz(m[2]) }));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => ({ bytes: Buffer.byteLength(m[1]), gzipBytes: gz(m[1]) }));
  const head = /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const renderBlocking = [];
  for (const [tag] of head.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const media = (attr(tag, 'media') ?? 'all').toLowerCase();
    if (rel.includes('stylesheet') && attr(tag, 'href') && media !== 'print') renderBlocking.push(tag);
  }
  for (const [tag] of head.matchAll(/<script\b[^>]*>/gi)) {
    const external = attr(tag, 'src') !== null;
    const deferred = attr(tag, 'async') !== null || attr(tag, 'defer') !== null || (attr(tag, 'type') ?? '').toLowerCase() === 'module';
    if (external && !deferred) renderBlocking.push(tag);
  }
  const bodyExternalScripts = [...html.matchAll(/<script\b[^>]*\ssrc\s*=[^>]*>/gi)].length - renderBlocking.filter((t) => /^<script/i.test(t)).length;
  const images = [...html.matchAll(/<img\b[^>]*>/gi)].map(([tag]) => ({ src: attr(tag, 'src'), loading: attr(tag, 'loading') ?? 'eager' }));
  return { inlineScripts, styles, renderBlocking, bodyExternalScripts, images };
}

// ---------------------------------------------------------------- small helpers

/** Nearest-rank percentile. */
const kb = (bytes) => `${fmt(bytes / 1000, 1)} KB`;
const countOf = (run, code) => run.statusCodes?.[code]?.count ?? 0;

function loadLine(label, r, { visits = true } = {}) {
  const pages = countOf(r, 200) / r.durationS;
  const events = countOf(r, 204) / r.durationS;
  const others = Object.entries(r.statusCodes ?? {})
    .filter(([code]) => code !== '200' && code !== '204')
    .map(([code, s]) => `${code}×${s.count}`);
  const bad = others.length || r.errors || r.timeouts ? `  (other codes ${others.join(' ') || 'none'}, errors ${r.errors}, timeouts ${r.timeouts})` : '';
  const what = visits ? `${fmt(pages)} visits/s (${fmt(pages)} pages/s + ${fmt(events)} events/s)` : `${fmt(countOf(r, 200) ? pages : events)} req/s`;
  return `  ${label}: ${what}  p50 ${fmt(r.latencyMs.p50, 1)} ms  p99 ${fmt(r.latencyMs.p99, 1)} ms  (${fmt(r.durationS, 1)} s, ${r.connections} connections)${bad}`;
}

/** The raw server for one page (`{ headers, bodyBase64 }`) or for many (`fetchManyPages`'s files). */
async function startRawServer(spec) {
  let files;
  if (spec.indexFile) files = [spec.indexFile, spec.bodiesFile];
  else {
    files = [path.join(tempDir('raw-page'), 'page.json')];
    writeFileSync(files[0], JSON.stringify(spec));
  }
  const port = await freePort();
  const child = await startRawHttpServer('raw-page-server.mjs', port, files);
  return { port, child };
}

/**
 * Seeds the enterprise data set into `dataDir` (before the server opens it; PGlite allows one
 * process per data dir) and lists its published pages: id, division subdomain and path.
 */
async function seedManyPages(dataDir) {
  const t0 = performance.now();
  const child = spawnTracked(process.execPath, [ENTERPRISE_SEED_ENTRY], {
    env: serverEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_ENTERPRISE_SCALE: String(MANY_DIVISIONS),
      SEED_ENTERPRISE_STAFF: String(MANY_STAFF),
      SEED_ENTERPRISE_EVENTS: '0',
      SEED_ENTERPRISE_RENDER: 'all',
    }),
    echo: true,
  });
  const r = await child.exited;
  if (r.code !== 0) throw new Error(`seed:enterprise failed (exit ${r.code ?? r.signal ?? r.error?.message}):\n${child.outputTail()}`);
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const { rows } = await db.query(
      `select p.id, p.alias, c.subdomain from profiles p join companies c on c.id = p.company_id
       where c.subdomain like 'ent-%' and not p.is_master and p.published_html is not null and p.alias is not null order by p.id`,
    );
    return { seedS: (performance.now() - t0) / 1000, pages: rows.map((x) => ({ profileId: x.id, subdomain: x.subdomain, path: `/${x.alias}` })) };
  } finally {
    await db.close();
  }
}

/**
 * Who is popular: the pages in an order shuffled by the PRNG (so the hot ones are spread over
 * the divisions), and the cumulative share of visits up to each rank, rank k weighing 1 / k^s.
 */
function popularity(pages, s) {
  const rnd = prng(RANK_SEED);
  const ranked = [...pages];
  for (let i = ranked.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rnd() * (i + 1));
    [ranked[i], ranked[j]] = [ranked[j], ranked[i]];
  }
  const cdf = new Float64Array(ranked.length);
  let sum = 0;
  for (let k = 0; k < ranked.length; k += 1) {
    sum += 1 / (k + 1) ** s;
    cdf[k] = sum;
  }
  for (let k = 0; k < ranked.length; k += 1) cdf[k] /= sum;
  return { ranked, cdf };
}

/** The rank (0-based) whose cumulative share first reaches u. */
function rankOf(cdf, u) {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Visits spread over the ranked pages, each a page GET on its division's host then its view
 * beacon, as in the one-page visit (`beacon: false`: the GETs alone). The sequence of pages comes
 * from one PRNG seeded alike for every run, so app and raw meet the same pages in the same order
 * (the faster one goes further along it); `counts[rank]` counts the GETs sent per rank.
 */
function manyVisit(model, port, counts, beacon = true) {
  const rnd = prng(VISIT_SEED);
  const hostOf = (page) => `${page.subdomain}.${PUBLIC_DOMAIN}:${port}`;
  return [
    {
      method: 'GET',
      path: '/',
      headers: { 'accept-encoding': 'br', 'user-agent': PHONE_UA },
      setupRequest: (req, context) => {
        const rank = rankOf(model.cdf, rnd());
        counts[rank] += 1;
        const page = model.ranked[rank];
        context.page = page;
        return { ...req, path: page.path, headers: { ...req.headers, host: hostOf(page) } };
      },
    },
  ].concat(beacon ? [manyBeacon(hostOf)] : []);
}

/** A many-pages visit's view beacon, for the page its GET drew. */
function manyBeacon(hostOf) {
  return {
    method: 'POST',
    path: '/api/events',
    headers: { 'content-type': 'text/plain', 'user-agent': PHONE_UA },
    setupRequest: (req, context) => ({
      ...req,
      headers: { ...req.headers, host: hostOf(context.page) },
      body: JSON.stringify({ profileId: context.page.profileId, action: 'view', type: 'page' }),
    }),
  };
}

/** How many distinct pages the GETs of a run met, and the share of them that went to the top 1 % of ranks. */
function coverage(counts) {
  let total = 0;
  let distinct = 0;
  let top = 0;
  const topRanks = Math.max(1, Math.ceil(counts.length / 100));
  for (let k = 0; k < counts.length; k += 1) {
    total += counts[k];
    if (counts[k]) distinct += 1;
    if (k < topRanks) top += counts[k];
  }
  return { requests: total, distinct, topRanks, topShare: total ? top / total : 0 };
}

/**
 * Every page's bytes as the app sends them (br, one GET each, untimed; the app compresses each
 * on its first visit), written for the raw server: the headers all pages share once, each page's
 * own (its ETag) beside its key, the bodies end to end in one file.
 */
async function fetchManyPages(port, pages) {
  const fetched = new Array(pages.length);
  let next = 0;
  const worker = async () => {
    while (next < pages.length) {
      const i = next++;
      const page = pages[i];
      const host = `${page.subdomain}.${PUBLIC_DOMAIN}`;
      const r = await request(port, 'GET', page.path, { headers: { host: `${host}:${port}`, 'accept-encoding': 'br', 'user-agent': PHONE_UA } });
      if (r.status !== 200) throw new Error(`GET ${page.path} (Host ${host}) answered ${r.status}: ${r.body.toString('utf8').slice(0, 300)}`);
      fetched[i] = { key: `${host}${page.path}`, headers: servedHeaders(r.headers), body: r.body };
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const common = fetched[0].headers;
  let offset = 0;
  const index = fetched.map((f) => {
    const own = Object.fromEntries(Object.entries(f.headers).filter(([k, v]) => common[k] !== v));
    const entry = [f.key, own, offset, f.body.length];
    offset += f.body.length;
    return entry;
  });
  const dir = tempDir('raw-pages');
  const indexFile = path.join(dir, 'pages.json');
  const bodiesFile = path.join(dir, 'bodies.bin');
  writeFileSync(indexFile, JSON.stringify({ common, pages: index }));
  writeFileSync(bodiesFile, Buffer.concat(fetched.map((f) => f.body)));
  return { indexFile, bodiesFile, bytes: offset };
}

/**
 * Waits until the process uses less than a tenth of a core over half a second, 30 s at most,
 * and returns the seconds waited. After the many-pages load the app is still compressing the
 * pages its last visits asked for; that work must not fall into the next server's or load's run.
 */
async function settle(pid) {
  const cpuTicks = () => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[11]) + Number(rest[12]); // utime + stime, in clock ticks (100 a second)
  };
  const t0 = performance.now();
  let before = cpuTicks();
  while (performance.now() - t0 < 30_000) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuTicks();
    if (now - before < 5) break;
    before = now;
  }
  return (performance.now() - t0) / 1000;
}

/** A response's headers as an anchor server sends them again (without the ones of the connection). */
const servedHeaders = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k)));

/** Counts the stored events once the server is down (PGlite allows one process per data dir). */
async function storedEvents(dataDir, profileId) {
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    const { rows } = await db.query("select count(*)::int as n from events where profile_id = $1 and action = 'view' and type = 'page'", [profileId]);
    await db.close();
    return rows[0]?.n ?? null;
  } catch (err) {
    return { error: err?.message ?? String(err) };
  }
}

// ---------------------------------------------------------------- the benchmark

await main('public-page', async () => {
  heading('Public page: critical bytes, visits/s vs raw node:http, publish latency');
  const notes = [];
  console.log('RATE_LIMITS=false for this run: the per-IP limit of POST /api/events would otherwise answer 429 under load.');

  const prep = await prepareDataDir('page');
  console.log(`Seeding the enterprise data set for the many-pages phase (untimed): ${fmt(MANY_DIVISIONS)} divisions × ${fmt(MANY_STAFF)} staff, no events …`);
  const many = await seedManyPages(prep.dataDir);
  if (many.pages.length === 0) throw new Error('seed:enterprise published no page');
  console.log(`  ${fmt(many.pages.length)} published pages in ${fmt(many.seedS)} s.`);
  const server = await startServer({ dataDir: prep.dataDir, env: { RATE_LIMITS: 'false' } });
  // The server's resident memory, sampled through each phase of load; the peak of each is printed.
  const peakRssKib = { start: rssKib(server.child.pid), hot: 0, many: 0 };
  let rssPhase = null;
  const rssSampler = setInterval(() => {
    if (rssPhase) peakRssKib[rssPhase] = Math.max(peakRssKib[rssPhase], rssKib(server.child.pid) ?? 0);
  }, 200);
  onCleanup(() => clearInterval(rssSampler));
  const hostHeader = `${PAGE_SUBDOMAIN_HOST}:${server.port}`;
  console.log(
    `Server up on http://${HOST}:${server.port} (prepare ${fmt(prep.ms)} ms, start ${fmt(server.startMs)} ms); ` +
      `page requests carry Host: ${hostHeader} (http://${hostHeader}${PAGE_PATH}).\n`,
  );

  // 1. Critical bytes ---------------------------------------------------------------
  const gzipRes = await request(server.port, 'GET', PAGE_PATH, { headers: { host: hostHeader, 'accept-encoding': 'gzip', 'user-agent': PHONE_UA } });
  if (gzipRes.status !== 200)
    throw new Error(`GET ${PAGE_PATH} (Host ${hostHeader}) answered ${gzipRes.status}: ${gzipRes.body.toString('utf8').slice(0, 300)}`);
  const gzipEncoding = gzipRes.headers['content-encoding'] ?? 'identity';
  const html = (gzipEncoding === 'gzip' ? gunzipSync(gzipRes.body) : gzipRes.body).toString('utf8');
  const documentGzipBytes = gzipEncoding === 'gzip' ? gzipRes.body.length : gzipSync(html, { level: 9 }).length;
  const htmlBytes = Buffer.byteLength(html);
  const doc = analyseHtml(html);
  const scriptGzipBytes = doc.inlineScripts.reduce((s, x) => s + x.gzipBytes, 0);
  const scriptBytes = doc.inlineScripts.reduce((s, x) => s + x.bytes, 0);
  const styleBytes = doc.styles.reduce((s, x) => s + x.bytes, 0);
  const styleGzipBytes = doc.styles.reduce((s, x) => s + x.gzipBytes, 0);
  const profileId = Number(/<body\b[^>]*\sdata-profile-id="(\d+)"/i.exec(html)?.[1]);
  if (!profileId) throw new Error('the page has no data-profile-id on <body>; cannot send view events');

  const brRes = await request(server.port, 'GET', PAGE_PATH, { headers: { host: hostHeader, 'accept-encoding': 'br', 'user-agent': PHONE_UA } });
  if (brRes.status !== 200) throw new Error(`GET ${PAGE_PATH} with accept-encoding br answered ${brRes.status}`);
  const brEncoding = brRes.headers['content-encoding'] ?? 'identity';
  const brHtml = (brEncoding === 'br' ? brotliDecompressSync(brRes.body) : brRes.body).toString('utf8');
  if (brHtml !== html) notes.push('The br and gzip responses decode to different HTML.');
  if (gzipEncoding !== 'gzip') notes.push(`The page was not sent gzip-compressed (content-encoding ${gzipEncoding}); the figure is gzip -9 of the HTML.`);

  console.log(`Critical bytes (GET ${PAGE_PATH}, Jane's page, profile id ${profileId}; KB = 1,000 bytes):`);
  console.log(
    `  HTML document: ${kb(htmlBytes)} raw, ${kb(documentGzipBytes)} gzip as sent (${fmt(documentGzipBytes)} bytes), ${kb(brRes.body.length)} br as sent`,
  );
  console.log(`    inline CSS:    ${doc.styles.length} <style>, ${kb(styleBytes)} raw, ${kb(styleGzipBytes)} gzip -9 alone`);
  console.log(
    `    inline script: ${doc.inlineScripts.length} <script> (${doc.inlineScripts.map((s) => s.type).join(', ') || 'none'}), ${kb(scriptBytes)} raw, ${kb(scriptGzipBytes)} gzip -9 (each body alone)`,
  );
  console.log(
    `  render-blocking requests in <head>: ${doc.renderBlocking.length}${doc.renderBlocking.length ? ` — ${doc.renderBlocking.join(' ')}` : ''}` +
      `; external scripts elsewhere: ${doc.bodyExternalScripts}; <img>: ${doc.images.length} (${doc.images.filter((i) => i.loading === 'lazy').length} lazy)`,
  );
  console.log(
    `  response: ${gzipRes.headers['cache-control'] ?? 'no cache-control'}; etag ${gzipRes.headers.etag ? 'yes' : 'no'}; vary ${gzipRes.headers.vary ?? '–'}\n`,
  );

  // 2. Visits/s with view recording on, vs raw node:http and nginx -------------------
  const eventBody = JSON.stringify({ profileId, action: 'view', type: 'page' });
  const pageReq = (host) => ({ method: 'GET', path: PAGE_PATH, headers: { host, 'accept-encoding': 'br', 'user-agent': PHONE_UA } });
  const eventReq = (host) => ({
    method: 'POST',
    path: '/api/events',
    headers: { host, 'content-type': 'text/plain', 'user-agent': PHONE_UA },
    body: eventBody,
  });
  const probe = await request(server.port, 'POST', '/api/events', { headers: eventReq(hostHeader).headers, body: eventBody });
  if (probe.status !== 204) throw new Error(`POST /api/events answered ${probe.status}: ${probe.body.toString('utf8').slice(0, 300)}`);

  // The anchors serve the page exactly as the app sent it (br), with its headers.
  const pageHeaders = servedHeaders(brRes.headers);
  const raw = await startRawServer({ headers: pageHeaders, bodyBase64: brRes.body.toString('base64') });
  let nginx = null;
  try {
    nginx = await startNginx({ pagePath: PAGE_PATH, headers: pageHeaders, body: brRes.body });
  } catch (err) {
    notes.push(`nginx anchor not measured: ${err.message}`);
  }
  if (!nginx) notes.push(`nginx anchor not measured: ${NGINX} is missing (apt-get install -y nginx).`);
  const targets = [{ name: 'app', port: server.port }, { name: 'raw', port: raw.port }, ...(nginx ? [{ name: 'nginx', port: nginx.port }] : [])];
  const load = (t, requests, duration, connections = VISIT_CONNECTIONS) =>
    cannon({ url: `http://${HOST}:${t.port}`, connections, requests: requests(`${PAGE_SUBDOMAIN_HOST}:${t.port}`), duration });
  const visit = (host) => [pageReq(host), eventReq(host)];
  const pageOnly = (host) => [pageReq(host)];
  const eventOnly = (host) => [eventReq(host)];

  // The many pages: each one's bytes fetched once from the app (untimed) for their raw server.
  const t0Fetch = performance.now();
  const manyFiles = await fetchManyPages(server.port, many.pages);
  const rawMany = await startRawServer(manyFiles);
  console.log(
    `Many pages: ${fmt(many.pages.length)} published pages of ${fmt(MANY_DIVISIONS)} divisions fetched once from the app (br, ${fmt(manyFiles.bytes / 1e6, 1)} MB, ${fmt((performance.now() - t0Fetch) / 1000)} s, untimed) for their raw server.`,
  );
  const model = popularity(many.pages, ZIPF_S);
  const manyTargets = [
    { name: 'app', port: server.port },
    { name: 'raw', port: rawMany.port },
  ];
  const loadMany = async (t, duration, beacon = true) => {
    const counts = new Uint32Array(model.ranked.length);
    const requests = manyVisit(model, t.port, counts, beacon);
    const r = await cannon({ url: `http://${HOST}:${t.port}`, connections: beacon ? VISIT_CONNECTIONS : CONNECTIONS, requests, duration });
    const settledS = t.name === 'app' ? await settle(server.child.pid) : 0;
    return { ...r, coverage: coverage(counts), settledS };
  };

  console.log(
    `Load: autocannon, ${VISIT_CONNECTIONS} connections for visits and beacons (each beacon waits for its commit), ${CONNECTIONS} for the page alone; ${ROUNDS} rounds of ${DURATION_S} s per server and load, the servers taking turns (app, raw, nginx, …) ` +
      `after ${WARMUP_S} s of the same load each to warm up; one visit = GET ${PAGE_PATH} (accept-encoding br, phone user agent)` +
      ' + POST /api/events {"action":"view","type":"page"} (text/plain, as sendBeacon sends it). ' +
      'raw = bare node:http serving the same bytes from memory; nginx = Debian nginx, one worker, the same bytes from disk. ' +
      `Many pages: the same visits, ${VISIT_CONNECTIONS} connections, each to a page drawn by a seeded PRNG with Zipf popularity (s = ${ZIPF_S}) over the ${fmt(many.pages.length)} pages, on its division's host; app and raw only.`,
  );
  let eventsAcknowledged = 1; // the probe
  // The many pages warm up first: the app is still compressing the pages of the last visits of
  // that load for some seconds after it, which must not fall into the first round's hot page.
  for (const t of manyTargets) {
    rssPhase = t.name === 'app' ? 'many' : null;
    await loadMany(t, WARMUP_S);
  }
  for (const t of targets) {
    rssPhase = t.name === 'app' ? 'hot' : null;
    const warm = await load(t, visit, WARMUP_S);
    if (t.name === 'app') eventsAcknowledged += countOf(warm, 204);
  }
  rssPhase = null;
  const rounds = [];
  for (let i = 1; i <= ROUNDS; i += 1) {
    const round = { loadavg1m: os.loadavg()[0], visits: {}, page: {}, events: {}, many: {}, manyPage: {} };
    console.log(`  round ${i} of ${ROUNDS} (load average ${fmt(round.loadavg1m, 2)}):`);
    for (const [kind, requests, label, connections] of [
      ['visits', visit, 'visits     ', VISIT_CONNECTIONS],
      ['page', pageOnly, 'GET page   ', CONNECTIONS],
      ['events', eventOnly, 'POST events', VISIT_CONNECTIONS],
    ]) {
      for (const t of targets) {
        rssPhase = t.name === 'app' ? 'hot' : null;
        const r = await load(t, requests, DURATION_S, connections);
        round[kind][t.name] = r;
        if (t.name === 'app') eventsAcknowledged += countOf(r, 204);
        console.log(loadLine(`${label} ${t.name.padEnd(5)}`, r, { visits: kind === 'visits' }));
      }
    }
    for (const t of manyTargets) {
      rssPhase = t.name === 'app' ? 'many' : null;
      const r = await loadMany(t, DURATION_S);
      round.many[t.name] = r;
      const c = r.coverage;
      console.log(
        `${loadLine(`many pages ${t.name.padEnd(5)}`, r)}; ${fmt(c.distinct)} distinct pages, ${fmt(c.topShare * 100, 1)} % of GETs to the top 1 % (${fmt(c.topRanks)} pages)${r.settledS ? `; its CPU settled ${fmt(r.settledS, 1)} s after the load (waited at most 30 s)` : ''}`,
      );
    }
    // The GETs alone over the many pages: what the page path costs apart from recording views.
    for (const t of manyTargets) {
      rssPhase = t.name === 'app' ? 'many' : null;
      const r = await loadMany(t, DURATION_S, false);
      round.manyPage[t.name] = r;
      console.log(`${loadLine(`many GETs  ${t.name.padEnd(5)}`, r)}; ${fmt(r.coverage.distinct)} distinct pages`);
    }
    rssPhase = null;
    rounds.push(round);
  }
  if (rounds.every((r) => countOf(r.visits.app, 200) === 0)) throw new Error('no page was served during the run');
  await stopProcess(raw.child);
  await stopProcess(rawMany.child);
  await nginx?.stop();

  const rate = (r) => (countOf(r, 200) || countOf(r, 204)) / r.durationS;
  /** min / median / max over the rounds of the app's rate divided by an anchor's, taken per round. */
  const ratioOf = (kind, anchor) => (rounds[0][kind][anchor] ? spreadOf(rounds.map((r) => rate(r[kind].app) / rate(r[kind][anchor]))) : null);
  const ratios = {
    visitsRaw: ratioOf('visits', 'raw'),
    visitsNginx: ratioOf('visits', 'nginx'),
    pageRaw: ratioOf('page', 'raw'),
    pageNginx: ratioOf('page', 'nginx'),
    eventsRaw: ratioOf('events', 'raw'),
    manyRaw: ratioOf('many', 'raw'),
    manyPageRaw: ratioOf('manyPage', 'raw'),
  };
  const rates = Object.fromEntries(targets.map((t) => [t.name, spreadOf(rounds.map((r) => rate(r.visits[t.name])))]));
  const manyRates = Object.fromEntries(manyTargets.map((t) => [t.name, spreadOf(rounds.map((r) => rate(r.many[t.name])))]));
  const manyCoverage = rounds.map((r) => r.many.app.coverage);
  const perS = (s) => `${fmt(s.min)} / ${fmt(s.median)} / ${fmt(s.max)}`;
  const mibOf = (kib) => `${fmt(kib / 1024)} MiB`;
  const pct = (s) => (s ? `${fmt(s.min * 100, 1)} / ${fmt(s.median * 100, 1)} / ${fmt(s.max * 100, 1)} %` : 'not measured');
  const loads = spreadOf(rounds.map((r) => r.loadavg1m));
  console.log(
    `  app / raw, per round, min / median / max: visits ${pct(ratios.visitsRaw)} (budget ≥ ${BUDGET.ratio * 100} %); GET page alone ${pct(ratios.pageRaw)}; POST events alone ${pct(ratios.eventsRaw)}`,
  );
  console.log('  visits/s, min / median / max of the rounds, and app / raw per round:');
  console.log(
    `    one hot page (Jane's, 1 page, 100 % of GETs to it):  app ${perS(rates.app)}, raw ${perS(rates.raw)}, app / raw ${pct(ratios.visitsRaw)}; server peak RSS ${mibOf(peakRssKib.hot)}`,
  );
  console.log(
    `    many pages (${fmt(many.pages.length)} pages of ${fmt(MANY_DIVISIONS)} divisions, Zipf s = ${ZIPF_S}): app ${perS(manyRates.app)}, raw ${perS(manyRates.raw)}, app / raw ${pct(ratios.manyRaw)}; server peak RSS ${mibOf(peakRssKib.many)} (${mibOf(peakRssKib.start)} at start); ` +
      `the app's GETs per round met ${manyCoverage.map((c) => fmt(c.distinct)).join(' / ')} distinct pages, and ${manyCoverage.map((c) => `${fmt(c.topShare * 100, 1)} %`).join(' / ')} of those GETs went to the top 1 % (${fmt(manyCoverage[0].topRanks)} pages)`,
  );
  console.log(`    many pages, the GETs alone (${CONNECTIONS} connections): app / raw ${pct(ratios.manyPageRaw)}`);
  console.log(`  app / nginx: visits ${pct(ratios.visitsNginx)}; GET page alone ${pct(ratios.pageNginx)}`);
  console.log(`  load average at the start of each round: ${fmt(loads.min, 2)} / ${fmt(loads.median, 2)} / ${fmt(loads.max, 2)}\n`);

  // 3. Publish latency ----------------------------------------------------------------
  const signIn = await request(server.port, 'POST', '/api/auth/local', { body: { identifier: SUPERVISOR, password: SEED_PASSWORD } });
  if (signIn.status !== 200) throw new Error(`sign-in as ${SUPERVISOR} answered ${signIn.status}: ${signIn.body.toString('utf8').slice(0, 300)}`);
  const api = apiClient(server.port, JSON.parse(signIn.body.toString('utf8')).jwt);

  const timePublish = async (id) => {
    const r = await api('PUT', `/api/profiles/${id}/publish`);
    if (r.status !== 200) throw new Error(`PUT /api/profiles/${id}/publish answered ${r.status}: ${r.text}`);
    return r.ms;
  };
  const firstPublishMs = await timePublish(profileId); // the first render after start (JIT, module warm-up)
  const publishMs = [];
  for (let i = 0; i < PUBLISH_RUNS; i += 1) publishMs.push(await timePublish(profileId));
  const publish = { firstMs: firstPublishMs, runs: publishMs, medianMs: median(publishMs), p90Ms: percentile(publishMs, 90), maxMs: Math.max(...publishMs) };
  console.log(
    `Publish Jane's page (PUT /api/profiles/${profileId}/publish as ${SUPERVISOR}, request to response): first after start ${fmt(firstPublishMs)} ms; ` +
      `then ${PUBLISH_RUNS} runs median ${fmt(publish.medianMs, 1)} ms, p90 ${fmt(publish.p90Ms, 1)} ms (nearest rank), max ${fmt(publish.maxMs, 1)} ms`,
  );

  // 4. Rebuild the template's published children ----------------------------------------
  const me = await api('GET', '/api/companies/users/me');
  const company = me.json?.companies?.[0];
  const masterId = company?.masterProfiles?.[0]?.id;
  if (!masterId) throw new Error(`no template (master profile) in ${SUPERVISOR}'s first division: ${me.text}`);
  const janeView = await api('GET', `/api/profiles/${profileId}?populate=self-service`);
  if (janeView.status !== 200) throw new Error(`GET /api/profiles/${profileId}?populate=self-service answered ${janeView.status}: ${janeView.text}`);

  // The rebuild is a job (decision 034): the POST answers 202 with it, and the time runs until its progress says done.
  const rebuild = async () => {
    const t0 = performance.now();
    const r = await api('POST', `/api/profiles/rebuild-children/${masterId}`);
    if (r.status !== 202) throw new Error(`POST /api/profiles/rebuild-children/${masterId} answered ${r.status}: ${r.text}`);
    for (;;) {
      const job = await api('GET', `/api/profiles/rebuilds/${r.json.id}`);
      if (job.status !== 200) throw new Error(`GET /api/profiles/rebuilds/${r.json.id} answered ${job.status}: ${job.text}`);
      if (job.json.state === 'done' || job.json.state === 'failed')
        return { ms: performance.now() - t0, total: job.json.total, rebuilt: job.json.rebuilt, failed: job.json.failed };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  // What the seed left published (Jane), and one rebuild of just that as a reference point.
  const before = await rebuild();
  const seeded = before.total;
  console.log(`Rebuild with the seed's ${seeded} published child(ren): ${fmt(before.ms)} ms`);

  // More published children through the API: create (with Jane's content, renamed), alias, publish.
  const created = { ok: 0, failed: 0, firstError: null, publishMs: [], createMs: [] };
  const t0 = performance.now();
  for (let i = seeded + 1; i <= CHILDREN_TARGET; i += 1) {
    const n = String(i).padStart(3, '0');
    const content = {
      ...janeView.json.content,
      firstName: 'Bench',
      lastName: `Child ${n}`,
      fullName: `Bench Child ${n}`,
      emailAddress: `bench-${n}@acme.example`,
    };
    const steps = [
      ['POST /api/profiles', () => api('POST', '/api/profiles', { companyId: company.id, masterProfileId: masterId, content })],
      ['PUT alias', (id) => api('PUT', `/api/profiles/${id}/alias`, { alias: `bench-child-${n}` })],
      ['PUT publish', (id) => api('PUT', `/api/profiles/${id}/publish`)],
    ];
    let id = null;
    let failed = null;
    for (const [label, step] of steps) {
      const r = await step(id);
      if (r.status !== 200) {
        failed = `${label} answered ${r.status}: ${r.text}`;
        break;
      }
      if (label === 'POST /api/profiles') {
        id = r.json.profile.id;
        created.createMs.push(r.ms);
      }
      if (label === 'PUT publish') created.publishMs.push(r.ms);
    }
    if (failed) {
      created.failed += 1;
      created.firstError ??= failed;
      if (created.failed >= 3 && created.ok === 0) break; // the API refuses it; no point in trying the rest
    } else created.ok += 1;
  }
  const setupS = (performance.now() - t0) / 1000;
  console.log(
    `Children of template ${masterId}: ${seeded} published by the seed + ${created.ok} created and published through the API ` +
      `(POST /api/profiles with Jane's content renamed, PUT alias, PUT publish) in ${fmt(setupS, 1)} s` +
      `${created.failed ? ` (${created.failed} failed; first: ${created.firstError})` : ''}.`,
  );
  if (created.publishMs.length)
    console.log(
      `  first publish of each new child: median ${fmt(median(created.publishMs), 1)} ms, p90 ${fmt(percentile(created.publishMs, 90), 1)} ms (${created.publishMs.length} profiles)`,
    );

  const rebuildRuns = [];
  for (let i = 0; i < REBUILD_RUNS; i += 1) rebuildRuns.push(await rebuild());
  const rebuildMs = median(rebuildRuns.map((r) => r.ms));
  const rebuilt = rebuildRuns[0].rebuilt;
  const children = rebuildRuns[0].total;
  if (children < CHILDREN_TARGET)
    notes.push(`Rebuild measured for ${children} published children, not ${CHILDREN_TARGET}: ${created.firstError ?? 'creation stopped early'}.`);
  if (rebuildRuns.some((r) => r.failed > 0)) notes.push(`A rebuild reported failed children: ${JSON.stringify(rebuildRuns)}.`);
  console.log(
    `Rebuild (POST /api/profiles/rebuild-children/${masterId}): ${rebuilt} of ${rebuildRuns[0].total} children rebuilt; ` +
      `${REBUILD_RUNS} runs ${rebuildRuns.map((r) => `${fmt(r.ms)} ms`).join(', ')} → median ${fmt(rebuildMs)} ms, ${fmt(rebuildMs / Math.max(rebuilt, 1), 1)} ms per child\n`,
  );

  // 5. Lighthouse ----------------------------------------------------------------------
  // Mobile preset (emulated phone, simulated slow 4G and CPU); Chromium resolves *.localhost itself.
  const lighthouseUrl = `http://${hostHeader}${PAGE_PATH}`;
  let lighthouse;
  try {
    const { runLighthouse } = await import('./lib/lighthouse.mjs');
    // A run Lighthouse could not record (a runtime error such as NO_NAVSTART) has no score: it is
    // printed and run again (at most twice per run), never counted as a 0.
    const runs = [];
    const unrecorded = [];
    while (runs.length < LIGHTHOUSE_RUNS) {
      const r = await runLighthouse(lighthouseUrl);
      if (r.runtimeError && unrecorded.length < 2 * LIGHTHOUSE_RUNS) unrecorded.push(r.runtimeError);
      else runs.push(r);
    }
    for (const error of unrecorded) console.log(`Lighthouse could not record a run (${error}); it was discarded and run again.`);
    const byPerf = [...runs].sort((a, b) => a.performance - b.performance);
    lighthouse = {
      url: lighthouseUrl,
      runs: runs.length,
      median: byPerf[Math.floor(byPerf.length / 2)],
      all: runs.map((r) => [r.performance, r.accessibility]),
      unrecorded,
    };
    const perf = runs.map((r) => r.performance);
    console.log(
      `Lighthouse performance of each run: ${perf.join(', ')} (min / median / max ${Math.min(...perf)} / ${lighthouse.median.performance} / ${Math.max(...perf)})`,
    );
    for (const [i, r] of runs.entries()) {
      const tasks = r.longTasks.map((t) => `${fmt(t.durationMs)} ms at ${fmt(t.startMs)} ms (${t.url || 'no script'})`).join('; ');
      const work = r.mainThread.map((w) => `${w.group} ${fmt(w.ms)} ms`).join(', ');
      console.log(
        `  run ${i + 1}: ${r.runtimeError ? `Lighthouse error: ${r.runtimeError}; ` : ''}TBT ${fmt(r.tbtMs)} ms; long tasks: ${tasks || 'none'}; main thread: ${work}`,
      );
    }
    const m = lighthouse.median;
    console.log(
      `Lighthouse (mobile, ${runs.length} runs counted, ${unrecorded.length} discarded as not recorded, median by performance) ${lighthouseUrl}: performance ${m.performance}, accessibility ${m.accessibility}, ` +
        `best practices ${m.bestPractices}, SEO ${m.seo}; FCP ${fmt(m.fcpMs)} ms, LCP ${fmt(m.lcpMs)} ms, TBT ${fmt(m.tbtMs)} ms, CLS ${fmt(m.cls, 3)}` +
        `${m.failingAccessibility.length ? `\n  accessibility audits failing: ${m.failingAccessibility.join('; ')}` : ''}` +
        `${m.performance < 98 && m.failingPerformance.length ? `\n  performance audits below full marks: ${m.failingPerformance.join('; ')}` : ''}`,
    );
  } catch (err) {
    lighthouse = { error: err?.message ?? String(err) };
    console.log(`Lighthouse: not measured (${lighthouse.error})`);
  }

  // Stop the server, then check that the views were stored (PGlite: one process per data dir).
  const stopped = await server.stop();
  if (stopped.code !== 0) notes.push(`The server did not stop cleanly (exit ${stopped.code ?? stopped.signal}).`);
  const stored = await storedEvents(prep.dataDir, profileId);
  const storedLine =
    typeof stored === 'number'
      ? `${fmt(stored)} view events stored for profile ${profileId}, ${fmt(eventsAcknowledged)} acknowledged with 204 (probe, warm-up, measured runs; requests in flight when a run stops can add up to ${VISIT_CONNECTIONS} a run)${stored < eventsAcknowledged ? ' — FEWER STORED THAN ACKNOWLEDGED' : ''}`
      : `could not count stored events (${stored?.error})`;
  console.log(`View recording: ${storedLine}`);

  const docPass = documentGzipBytes <= BUDGET.documentGzipBytes;
  const scriptPass = scriptGzipBytes <= BUDGET.scriptGzipBytes;
  const blockingPass = doc.renderBlocking.length <= BUDGET.renderBlocking;
  const ratioPass = ratios.visitsRaw.median >= BUDGET.ratio;
  const pagePass = ratios.pageRaw.median >= BUDGET.pageRatio;
  const lighthousePass = lighthouse.median ? lighthouse.median.performance >= 98 && lighthouse.median.accessibility >= 100 : null;
  console.log('\nResult:');
  console.log(
    table(
      [
        ['figure', 'value', 'budget', 'verdict'],
        ['HTML document (HTML + inline CSS + inline script), gzip as sent', kb(documentGzipBytes), `≤ ${kb(BUDGET.documentGzipBytes)}`, verdict(docPass)],
        ['page JS (inline <script> bodies, gzip -9 each)', kb(scriptGzipBytes), `≤ ${kb(BUDGET.scriptGzipBytes)}`, verdict(scriptPass)],
        ['render-blocking requests in <head>', String(doc.renderBlocking.length), '0', blockingPass ? 'PASS' : 'FAIL'],
        ...targets.map((t) => [
          `visits/s (GET page br + POST view event), ${t.name}, min / median / max`,
          `${fmt(rates[t.name].min)} / ${fmt(rates[t.name].median)} / ${fmt(rates[t.name].max)}`,
          'printed',
          '',
        ]),
        ['visits: app / raw, per round, min / median / max', pct(ratios.visitsRaw), `≥ ${BUDGET.ratio * 100} % (median)`, ratioPass ? 'PASS' : 'UNDER'],
        [
          `visits/s over ${fmt(many.pages.length)} pages (Zipf s = ${ZIPF_S}), min / median / max`,
          `app ${perS(manyRates.app)}; raw ${perS(manyRates.raw)}`,
          'printed',
          '',
        ],
        [
          `visits over ${fmt(many.pages.length)} pages (Zipf s = ${ZIPF_S}): app / raw`,
          pct(ratios.manyRaw),
          `≥ ${BUDGET.ratio * 100} % (median)`,
          ratios.manyRaw.median >= BUDGET.ratio ? 'PASS' : 'UNDER',
        ],
        ['  GET page alone: app / raw', pct(ratios.pageRaw), `≥ ${BUDGET.pageRatio * 100} % (median)`, pagePass ? 'PASS' : 'UNDER'],
        ['  POST events alone: app / raw', pct(ratios.eventsRaw), 'printed', ''],
        ['visits: app / nginx', pct(ratios.visitsNginx), 'printed', ''],
        ['  GET page alone: app / nginx', pct(ratios.pageNginx), 'printed', ''],
        [`publish one profile, median / p90 of ${PUBLISH_RUNS}`, `${fmt(publish.medianMs, 1)} / ${fmt(publish.p90Ms, 1)} ms`, 'printed', ''],
        [`rebuild ${rebuilt} published children, median of ${REBUILD_RUNS}`, `${fmt(rebuildMs)} ms`, 'printed', ''],
        lighthouse.median
          ? [
              'Lighthouse (mobile) performance / accessibility (runs counted, discarded)',
              `${lighthouse.median.performance} / ${lighthouse.median.accessibility} (${lighthouse.runs} counted, ${lighthouse.unrecorded.length} discarded)`,
              '≥ 98 / 100',
              verdict(lighthousePass),
            ]
          : ['Lighthouse (mobile) performance / accessibility', 'not measured', '≥ 98 / 100', ''],
      ],
      { align: ['l', 'r', 'r', 'l'] },
    ),
  );
  console.log('KB = 1,000 bytes. Budgets are reported, not asserted. autocannon shares the cores with the servers.');
  for (const n of notes) console.log(`Note: ${n}`);

  return {
    rateLimits: false,
    kbIsBytes: 1000,
    budgets: BUDGET,
    page: {
      host: PAGE_SUBDOMAIN_HOST,
      path: PAGE_PATH,
      profileId,
      htmlBytes,
      documentGzipBytes,
      documentBrBytes: brRes.body.length,
      contentEncodingSent: { gzip: gzipEncoding, br: brEncoding },
      inlineStyles: doc.styles,
      inlineScripts: doc.inlineScripts,
      scriptGzipBytes,
      renderBlocking: doc.renderBlocking,
      images: doc.images.length,
    },
    pass: { document: docPass, script: scriptPass, renderBlocking: blockingPass, ratio: ratioPass, pageRatio: pagePass, lighthouse: lighthousePass },
    durationS: DURATION_S,
    connections: { page: CONNECTIONS, visits: VISIT_CONNECTIONS },
    rounds: ROUNDS,
    loadavg1m: loads,
    visitsPerS: rates,
    ratios,
    manyPages: {
      divisions: MANY_DIVISIONS,
      staffPerDivision: MANY_STAFF,
      pages: many.pages.length,
      seedS: many.seedS,
      zipfS: ZIPF_S,
      visitsPerS: manyRates,
      appCoverage: manyCoverage,
      peakRssMiB: { start: peakRssKib.start / 1024, hotPage: peakRssKib.hot / 1024, manyPages: peakRssKib.many / 1024 },
    },
    viewEventsStored: typeof stored === 'number' ? stored : null,
    viewEventsAcknowledged: eventsAcknowledged,
    publish,
    rebuild: {
      masterId,
      children,
      seededChildren: seeded,
      rebuildSeededMs: before.ms,
      childrenTarget: CHILDREN_TARGET,
      createdThroughApi: created.ok,
      creationFailed: created.failed,
      setupSeconds: setupS,
      newChildPublishMedianMs: created.publishMs.length ? median(created.publishMs) : null,
      runs: rebuildRuns,
      medianMs: rebuildMs,
    },
    lighthouse,
    notes,
    runs: rounds,
  };
});
