// Apple Wallet pass generation (issue #30, bench/wallet-pass): time of a cold
// GET /{alias}/card.pkpass, the first request for a published version (not a cache hit), so the
// server builds the pass: reads the published profile, resizes the icon, logo and thumbnail to
// three sizes each and signs the manifest (passkit-generator). Budget: p95 ≤ 200 ms (median of
// the rounds' p95).
// Keys: made by this script with the openssl CLI as apps/server/src/modules/wallet/wallet.test.ts
// makes them (a test CA playing Apple's WWDR, a Pass Type ID certificate it signs, RSA 2048).
// Cold versions, honestly: before each measured request Jane's card gets a new photo (a
// 1280 × 1280 JPEG uploaded through POST /api/upload, as a person changing their photo does)
// and is published again (PATCH /api/profiles/{id}, PUT /api/profiles/{id}/publish, untimed).
// The page's version (its ETag) changes, and with a photo never seen before, the photo's icon and
// thumbnail sizes are resized from the upload too: the worst case of a version change. The
// division's logo does not change between versions, so its three sizes are resized once and
// then held in the image cache, as in production. Every pkpass ETag is checked to be new.
// Beside it, in the same rounds and on the same versions: the cold /{alias}/contact.vcf (the
// vCard, which also resizes the new photo, once, to 256 px JPEG) as the baseline, and a warm
// (cached) pkpass GET. Which of the two cold files goes first alternates per version.
// Rounds (BENCH_WALLET_ROUNDS, 3) of BENCH_WALLET_REQUESTS (30) versions; each figure's p50 and
// p95 per round as min / median / max of the rounds, the ratio pkpass-cold p95 / vcf-cold p95,
// and the load average after each round. Every pkpass answer must be 200, application/
// vnd.apple.pkpass, and unzip (fflate) to a manifest.json and a signature; any other answer
// fails the run.
// PGlite only: the database is not the subject (one profile look-up per request). The server
// runs in this process (the seed on a fresh database, listening on a free port); every figure
// is a real HTTP request through node:http, Host acme.localhost (the division's public host).
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fmt, HOST, heading, main, percentile, ROOT, SEED_PASSWORD, spreadOf, table, tempDir, verdict } from './lib/common.mjs';

// The server's own copies (its dependencies, not the root's), resolved as the server resolves them.
const serverRequire = createRequire(path.join(ROOT, 'apps/server/package.json'));
const { unzipSync } = serverRequire('fflate');
const sharp = serverRequire('sharp');

const ROUNDS = Number(process.env.BENCH_WALLET_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_WALLET_REQUESTS ?? 30);
const BUDGET = { coldP95Ms: 200 };
const PAGE_PATH = '/jane-doe';
const SUPERVISOR = 'supervisor@acme.example';
const PASS_TYPE = 'pass.bench.profilehub';
const TEAM = 'ABCDE12345';

function request(port, method, urlPath, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined || Buffer.isBuffer(body) ? body : JSON.stringify(body);
    const h = {
      host: `acme.localhost:${port}`,
      ...(data && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
      ...(data ? { 'content-length': Buffer.byteLength(data) } : {}),
      ...headers,
    };
    const t0 = performance.now();
    const req = http.request({ host: HOST, port, path: urlPath, method, headers: h, agent: false, timeout: 60_000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath}: no answer in 60 s`)));
    req.on('error', reject);
    req.end(data);
  });
}

/** The Apple keys, as wallet.test.ts makes them: a CA as WWDR and a Pass Type ID certificate it signs. */
function makeAppleKeys(dir) {
  const file = (name) => path.join(dir, name);
  const openssl = (...args) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=Bench WWDR');
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    file('pass.key'),
    '-out',
    file('pass.csr'),
    '-subj',
    `/UID=${PASS_TYPE}/CN=Pass Type ID: ${PASS_TYPE}/OU=${TEAM}`,
  );
  openssl('x509', '-req', '-in', file('pass.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file('pass.pem'), '-days', '2');
  return {
    APPLE_PASS_TYPE_ID: PASS_TYPE,
    APPLE_TEAM_ID: TEAM,
    APPLE_PASS_CERT_FILE: file('pass.pem'),
    APPLE_PASS_KEY_FILE: file('pass.key'),
    APPLE_WWDR_CERT_FILE: file('ca.pem'),
  };
}

/** A photo-like 1280 × 1280 JPEG (gradients and grain, different for each n), as a phone's photo is once fitted. */
async function photo(n) {
  const side = 1280;
  const raw = Buffer.alloc(side * side * 3);
  let seed = n * 2654435761;
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const grain = (seed >>> 24) % 24;
      const i = (y * side + x) * 3;
      raw[i] = (x / 5 + n * 37 + grain) & 255;
      raw[i + 1] = (y / 5 + n * 11 + grain) & 255;
      raw[i + 2] = (((x + y) / 10) * Math.sin(n + x / 200) + 128 + grain) & 255;
    }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function multipart(fields, fileName, bytes, mime) {
  const boundary = `bench${Math.random().toString(36).slice(2)}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="${fileName}"\r\ncontent-type: ${mime}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(parts.join('') + head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Fails loudly unless the answer is a .pkpass that unzips to a manifest and a signature. */
function checkPass(res, what) {
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${res.body.toString('utf8').slice(0, 200)}`);
  const type = res.headers['content-type'];
  if (type !== 'application/vnd.apple.pkpass') throw new Error(`${what} answered content-type ${type}, not application/vnd.apple.pkpass`);
  let files;
  try {
    files = unzipSync(new Uint8Array(res.body));
  } catch (err) {
    throw new Error(`${what} does not unzip: ${err.message}`);
  }
  for (const name of ['manifest.json', 'signature', 'pass.json', 'icon.png', 'thumbnail.png'])
    if (!files[name]?.length) throw new Error(`${what} has no ${name} (files: ${Object.keys(files).join(', ')})`);
  return files;
}

async function run() {
  const { openDatabase } = await import(path.join(ROOT, 'apps/server/src/db/client.ts'));
  const { buildApp } = await import(path.join(ROOT, 'apps/server/src/app.ts'));
  const { loadConfig } = await import(path.join(ROOT, 'apps/server/src/config.ts'));
  const { prepareDatabase } = await import(path.join(ROOT, 'apps/server/src/bootstrap/startup.ts'));
  const dataDir = tempDir('wallet');
  const keys = makeAppleKeys(tempDir('wallet-keys'));
  const database = await openDatabase({ dataDir });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    // The demo images and the product icon as the web build copies them, whether or not dist is built.
    WEB_DIST: path.join(ROOT, 'apps/web/public'),
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256!!',
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'false',
    SEED: 'true',
    SEED_PASSWORD,
    ARGON2_MEMORY_KIB: '8192',
    ARGON2_PASSES: '1',
    ...keys,
  });
  await prepareDatabase(database, config);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: HOST });
  const port = app.server.address().port;

  const page = await request(port, 'GET', PAGE_PATH);
  if (page.status !== 200) throw new Error(`GET ${PAGE_PATH} answered ${page.status}`);
  const profileId = Number(/data-profile-id="(\d+)"/.exec(page.body.toString('utf8'))?.[1]);
  if (!profileId) throw new Error(`GET ${PAGE_PATH}: no data-profile-id on the page`);
  const signIn = await request(port, 'POST', '/api/auth/local', { body: { identifier: SUPERVISOR, password: SEED_PASSWORD } });
  if (signIn.status !== 200) throw new Error(`sign-in as ${SUPERVISOR} answered ${signIn.status}: ${signIn.body.toString('utf8').slice(0, 300)}`);
  const auth = { authorization: `Bearer ${JSON.parse(signIn.body.toString('utf8')).jwt}` };
  const api = async (method, urlPath, body, headers = {}) => {
    const r = await request(port, method, urlPath, { headers: { ...auth, ...headers }, body });
    if (r.status !== 200) throw new Error(`${method} ${urlPath} answered ${r.status}: ${r.body.toString('utf8').slice(0, 300)}`);
    return JSON.parse(r.body.toString('utf8'));
  };
  const view = await api('GET', `/api/profiles/${profileId}?populate=self-service`);
  let version = view.profile?.version ?? view.version;
  if (!version) throw new Error(`GET /api/profiles/${profileId}?populate=self-service: no version`);

  /** A new photo, saved and published: a new version of the card whose files nobody has asked for yet. */
  let n = 0;
  const newVersion = async () => {
    n += 1;
    const form = multipart({ purpose: 'profile-photo', profileId }, `photo-${n}.jpg`, await photo(n), 'image/jpeg');
    const [upload] = await api('POST', '/api/upload', form.body, { 'content-type': form.contentType });
    const saved = await api('PATCH', `/api/profiles/${profileId}`, { version, changes: { profilePhoto: { url: upload.url } } });
    version = saved.version;
    await api('PUT', `/api/profiles/${profileId}/publish`);
    return upload.url;
  };

  const seen = new Set();
  const pkpass = `/jane-doe/card.pkpass`;
  const vcf = `/jane-doe/contact.vcf`;
  /** One version: its cold pkpass and cold vCard (order alternating), then a warm pkpass. */
  const measureVersion = async (i) => {
    const url = await newVersion();
    const cold = {};
    for (const file of i % 2 ? ['vcf', 'pkpass'] : ['pkpass', 'vcf']) cold[file] = await request(port, 'GET', file === 'pkpass' ? pkpass : vcf);
    const files = checkPass(cold.pkpass, `cold GET ${pkpass} (version ${n})`);
    const etag = cold.pkpass.headers.etag;
    if (!etag || seen.has(etag)) throw new Error(`cold GET ${pkpass} (version ${n}) answered ETag ${etag}, not a new version: not a cold generation`);
    seen.add(etag);
    const manifest = JSON.parse(Buffer.from(files['manifest.json']).toString('utf8'));
    if (!manifest['thumbnail@3x.png']) throw new Error(`the pass of version ${n} has no thumbnail@3x.png: the new photo (${url}) did not reach it`);
    if (cold.vcf.status !== 200) throw new Error(`cold GET ${vcf} (version ${n}) answered ${cold.vcf.status}`);
    if (!cold.vcf.body.toString('utf8').includes('PHOTO')) throw new Error(`the vCard of version ${n} has no photo`);
    const warm = await request(port, 'GET', pkpass);
    checkPass(warm, `warm GET ${pkpass}`);
    if (warm.headers.etag !== etag) throw new Error(`warm GET ${pkpass} answered ETag ${warm.headers.etag}, not ${etag}`);
    return { pkpassCold: cold.pkpass.ms, vcfCold: cold.vcf.ms, pkpassWarm: warm.ms, bytes: cold.pkpass.body.length };
  };

  // Warm-up: the first build after start loads sharp, passkit-generator and the keys' code paths.
  for (let i = 0; i < 3; i++) await measureVersion(i);

  const names = ['pkpassCold', 'vcfCold', 'pkpassWarm'];
  const p95 = Object.fromEntries(names.map((k) => [k, []]));
  const p50 = Object.fromEntries(names.map((k) => [k, []]));
  const loads = [];
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const times = Object.fromEntries(names.map((k) => [k, []]));
    for (let i = 0; i < REQUESTS; i++) {
      const r = await measureVersion(i);
      for (const k of names) times[k].push(r[k]);
      bytes = r.bytes;
    }
    for (const k of names) {
      p95[k].push(percentile(times[k], 95));
      p50[k].push(percentile(times[k], 50));
    }
    loads.push(Math.round(os.loadavg()[0] * 100) / 100);
  }
  await app.close();
  await database.close();
  const summary = Object.fromEntries(names.map((k) => [k, { p95: spreadOf(p95[k]), p50: spreadOf(p50[k]) }]));
  return { loads, versions: n, passBytes: bytes, ...summary, ratio: spreadOf(p95.pkpassCold.map((p, i) => p / p95.vcfCold[i])) };
}

await main('wallet-pass', async () => {
  heading(`Apple Wallet pass: ${ROUNDS} rounds of ${REQUESTS} cold generations (a new photo published each time), baseline the cold vCard`);
  const r = await run();
  const spread = (s, digits = 1, unit = ' ms') => `${fmt(s.min, digits)} / ${fmt(s.median, digits)} / ${fmt(s.max, digits)}${unit}`;
  const pass = r.pkpassCold.p95.median <= BUDGET.coldP95Ms;
  const rows = [['figure (PGlite)', 'p95 min / median / max', 'p50 min / median / max', 'budget', 'verdict']];
  rows.push(['card.pkpass, cold (first GET of a version)', spread(r.pkpassCold.p95), spread(r.pkpassCold.p50), `p95 ≤ ${BUDGET.coldP95Ms} ms`, verdict(pass)]);
  rows.push(['baseline: contact.vcf, cold (same versions)', spread(r.vcfCold.p95), spread(r.vcfCold.p50), 'printed', '']);
  rows.push(['card.pkpass, warm (cached)', spread(r.pkpassWarm.p95), spread(r.pkpassWarm.p50), 'printed', '']);
  rows.push(['pkpass cold p95 / vcf cold p95', spread(r.ratio, 2, '×'), '', 'printed', '']);
  console.log(table(rows, { align: ['l', 'r', 'r', 'r', 'l'] }));
  console.log(
    `  load average (1 min) after each round ${r.loads.join(', ')}; ${r.versions} versions published (3 of them warm-up), the pass ${fmt(r.passBytes / 1000, 1)} KB`,
  );
  console.log('  The verdict takes the median of the rounds’ p95. Each version has a photo never seen before (the worst case of a republish).');
  return { rounds: ROUNDS, requests: REQUESTS, budgets: BUDGET, result: r, pass };
});
