// Figures of the public profile page (issue 3, "6. Figures"):
// - critical bytes of the published page (HTML + inline CSS + inline script) ≤ 14 KB gzip in
//   one request; page JS ≤ 5 KB gzip; no render-blocking requests;
// - visits/s of the published page with view recording on, beside raw node:http serving the
//   same bytes from memory and nginx serving them from disk, in alternating rounds of the same
//   run: app / raw ≥ 0.7 for visits and ≥ 0.9 for the page alone (median of the per-round ratios);
// - Lighthouse (mobile preset, Debian Chromium): performance ≥ 98, accessibility 100;
// - publish latency for one profile and for rebuilding a template's published children.
//
// One server (RATE_LIMITS=false, so the per-IP events limit does not turn the load into a
// 429 benchmark) on a prepared DATA_DIR. The seed publishes Jane's page at
// acme.localhost/jane-doe; Node does not resolve *.localhost, so every request goes to
// 127.0.0.1 with `Host: acme.localhost:PORT`.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import {
  cannon,
  fmt,
  freePort,
  HOST,
  heading,
  main,
  median,
  percentile,
  prepareDataDir,
  SEED_PASSWORD,
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
 * Published pages the spread load visits, with skewed popularity: copies of Jane's page at
 * /spread-1 … written into the database before the server starts. More than the server's page
 * cache holds (2,000 pages or 64 MiB), so the rarely visited ones are really loaded and compressed.
 */
const SPREAD_PAGES = Number(process.env.BENCH_SPREAD_PAGES ?? 3000);
/** KB = 1,000 bytes, as in the other scripts. */
const BUDGET = { documentGzipBytes: 14_000, scriptGzipBytes: 5_000, renderBlocking: 0, ratio: 0.7, pageRatio: 0.9 };
const PAGE_SUBDOMAIN_HOST = 'acme.localhost'; // {subdomain}.{PUBLIC_DOMAIN}, PUBLIC_DOMAIN defaults to localhost
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

async function startRawServer(page) {
  const dir = tempDir('raw-page');
  const file = path.join(dir, 'page.json');
  writeFileSync(file, JSON.stringify(page));
  const port = await freePort();
  const child = await startRawHttpServer('raw-page-server.mjs', port, [file]);
  return { port, child };
}

/**
 * SPREAD_PAGES copies of Jane's published page (same division, same HTML, aliases spread-1 …),
 * written before the server opens the data dir; their ids and paths.
 */
async function seedSpreadPages(dataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  try {
    await db.query(
      `insert into profiles (company_id, alias, published_at, content, published_content, published_html, published_etag, site)
       select company_id, 'spread-' || i, published_at, content, published_content, published_html, published_etag || '-' || i, site
       from profiles, generate_series(1, $1::int) i where alias = 'jane-doe'`,
      [SPREAD_PAGES],
    );
    const { rows } = await db.query("select id, alias from profiles where alias like 'spread-%' order by id");
    return rows.map((r) => ({ profileId: r.id, path: `/${r.alias}` }));
  } finally {
    await db.close();
  }
}

/**
 * Visits spread over `pages` with skewed popularity (the page at rank u⁴·n for a uniform u: the
 * top 1 % of pages get about a third of the visits, the bottom half about a sixth), each a page
 * GET then its view beacon, as in the one-page visit.
 */
function spreadVisit(pages, host) {
  let seed = 7;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return [
    {
      method: 'GET',
      headers: { host, 'accept-encoding': 'br', 'user-agent': PHONE_UA },
      setupRequest: (req, context) => {
        const page = pages[Math.floor(pages.length * rnd() ** 4)];
        context.page = page;
        return { ...req, path: page.path };
      },
    },
    {
      method: 'POST',
      path: '/api/events',
      headers: { host, 'content-type': 'text/plain', 'user-agent': PHONE_UA },
      setupRequest: (req, context) => ({ ...req, body: JSON.stringify({ profileId: context.page.profileId, action: 'view', type: 'page' }) }),
    },
  ];
}

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
  const spreadPages = await seedSpreadPages(prep.dataDir);
  const server = await startServer({ dataDir: prep.dataDir, env: { RATE_LIMITS: 'false' } });
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
  const pageHeaders = Object.fromEntries(
    Object.entries(brRes.headers).filter(([k]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k)),
  );
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
  const spread = (host) => spreadVisit(spreadPages, host);
  const spreadTargets = targets.filter((t) => t.name !== 'nginx');

  console.log(
    `Load: autocannon, ${VISIT_CONNECTIONS} connections for visits and beacons (each beacon waits for its commit), ${CONNECTIONS} for the page alone; ${ROUNDS} rounds of ${DURATION_S} s per server and load, the servers taking turns (app, raw, nginx, …) ` +
      `after ${WARMUP_S} s of the same load each to warm up; one visit = GET ${PAGE_PATH} (accept-encoding br, phone user agent)` +
      ' + POST /api/events {"action":"view","type":"page"} (text/plain, as sendBeacon sends it). ' +
      'raw = bare node:http serving the same bytes from memory; nginx = Debian nginx, one worker, the same bytes from disk.',
  );
  let eventsAcknowledged = 1; // the probe
  for (const t of targets) {
    const warm = await load(t, visit, WARMUP_S);
    if (t.name === 'app') eventsAcknowledged += countOf(warm, 204);
  }
  for (const t of spreadTargets) await load(t, spread, WARMUP_S);
  const rounds = [];
  for (let i = 1; i <= ROUNDS; i += 1) {
    const round = { loadavg1m: os.loadavg()[0], visits: {}, page: {}, events: {}, spread: {} };
    console.log(`  round ${i} of ${ROUNDS} (load average ${fmt(round.loadavg1m, 2)}):`);
    for (const [kind, requests, label, connections] of [
      ['visits', visit, 'visits     ', VISIT_CONNECTIONS],
      ['page', pageOnly, 'GET page   ', CONNECTIONS],
      ['events', eventOnly, 'POST events', VISIT_CONNECTIONS],
    ]) {
      for (const t of targets) {
        const r = await load(t, requests, DURATION_S, connections);
        round[kind][t.name] = r;
        if (t.name === 'app') eventsAcknowledged += countOf(r, 204);
        console.log(loadLine(`${label} ${t.name.padEnd(5)}`, r, { visits: kind === 'visits' }));
      }
    }
    for (const t of spreadTargets) {
      const r = await load(t, spread, DURATION_S);
      round.spread[t.name] = r;
      console.log(loadLine(`spread     ${t.name.padEnd(5)}`, r));
    }
    rounds.push(round);
  }
  if (rounds.every((r) => countOf(r.visits.app, 200) === 0)) throw new Error('no page was served during the run');
  await stopProcess(raw.child);
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
    spreadRaw: ratioOf('spread', 'raw'),
  };
  const rates = Object.fromEntries(targets.map((t) => [t.name, spreadOf(rounds.map((r) => rate(r.visits[t.name])))]));
  const pct = (s) => (s ? `${fmt(s.min * 100, 1)} / ${fmt(s.median * 100, 1)} / ${fmt(s.max * 100, 1)} %` : 'not measured');
  const loads = spreadOf(rounds.map((r) => r.loadavg1m));
  console.log(
    `  app / raw, per round, min / median / max: visits ${pct(ratios.visitsRaw)} (budget ≥ ${BUDGET.ratio * 100} %); GET page alone ${pct(ratios.pageRaw)}; POST events alone ${pct(ratios.eventsRaw)}`,
  );
  console.log(
    `  visits spread over ${fmt(spreadPages.length)} published pages (skewed: few hot, most cold), app / raw: ${pct(ratios.spreadRaw)}; one hot page: ${pct(ratios.visitsRaw)}`,
  );
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

  const rebuild = async () => {
    const r = await api('POST', `/api/profiles/rebuild-children/${masterId}`);
    if (r.status !== 200) throw new Error(`POST /api/profiles/rebuild-children/${masterId} answered ${r.status}: ${r.text}`);
    return { ms: r.ms, total: r.json.total, rebuilt: r.json.rebuilt, failed: r.json.failed };
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
          `visits spread over ${fmt(spreadPages.length)} pages (skewed): app / raw`,
          pct(ratios.spreadRaw),
          `≥ ${BUDGET.ratio * 100} % (median)`,
          ratios.spreadRaw.median >= BUDGET.ratio ? 'PASS' : 'UNDER',
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
