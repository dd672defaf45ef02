// Two copies of the hub behind HAProxy vs one, on one PostgreSQL (issue 12): public page
// req/s through the balancer. Both balancers run for the whole benchmark (one sends to a
// single copy, one to both), and the load alternates between them for ROUNDS rounds, so
// each round's ratio compares two runs made a few seconds apart on the same machine.
// Then, ROUNDS times, how soon the other copy shows a change: the page is unpublished and
// published again in the database (what a publish writes, and the triggers decision 036 reads),
// and the second copy is asked every 10 ms until it answers 404, then 200. No load meanwhile.
// Needs PostgreSQL (PG_URL) and /usr/sbin/haproxy; exits 1 (could not run) without them.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { haproxyConfig } from '../apps/server/src/test/haproxy.ts';
import {
  cannon,
  createPgDatabase,
  fmt,
  freePort,
  HOST,
  heading,
  httpGet,
  machine,
  main,
  median,
  onCleanup,
  prepareDataDir,
  spawnTracked,
  startServer,
  stopProcess,
  table,
  tempDir,
  verdict,
} from './lib/common.mjs';

const HAPROXY = '/usr/sbin/haproxy';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const WARMUP_S = 2;
const CONNECTIONS = 20;
const PAGE = { host: 'acme.localhost', path: '/jane-doe' };
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const BUDGET = 1.6;
/** Decision 036: a change shows on every copy within about a second (a read every 500 ms, trusted for 1 s). */
const PROPAGATION_BUDGET_MS = 1_500;

/** An HAProxy in front of `ports` (the configuration docs/scaling.md shows and the scale-out test runs), on a free port. */
async function balancer(dir, name, ports) {
  const port = await freePort();
  const cfg = path.join(dir, `${name}.cfg`);
  writeFileSync(cfg, haproxyConfig(port, ports, HOST));
  const child = spawnTracked(HAPROXY, ['-db', '-f', cfg]);
  onCleanup(() => stopProcess(child));
  for (;;) {
    const ok = await httpGet(port, PAGE.path, { headers: { host: PAGE.host } }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return port;
    if (child.exitCode !== null) throw new Error(`haproxy (${name}) exited:\n${child.outputTail()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The page is in the database as published; how soon does the copy at `port` (which served it) follow a change? */
async function propagationRounds(dbUrl, port) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const status = () => httpGet(port, PAGE.path, { headers: { host: PAGE.host } }).then((r) => r.status);
  const until = async (wanted) => {
    const started = performance.now();
    while ((await status()) !== wanted) await new Promise((r) => setTimeout(r, 10));
    return performance.now() - started;
  };
  const alias = PAGE.path.slice(1);
  const rounds = [];
  try {
    for (let i = 0; i < ROUNDS; i++) {
      if ((await status()) !== 200) throw new Error(`round ${i + 1}: the page is not served before the change`);
      const { rows } = await db.query('update profiles set published_at = null where alias = $1 returning published_etag', [alias]);
      if (rows.length !== 1) throw new Error(`no profile ${alias}`);
      const downMs = await until(404);
      await db.query('update profiles set published_at = now() where alias = $1', [alias]);
      const upMs = await until(200);
      rounds.push({ downMs, upMs });
      console.log(`  round ${i + 1}: the other copy answered 404 ${fmt(downMs)} ms after the unpublish, 200 ${fmt(upMs)} ms after the publish`);
    }
  } finally {
    await db.end();
  }
  return rounds;
}

const load = (port, durationS) =>
  cannon({
    url: `http://${HOST}:${port}${PAGE.path}`,
    headers: { host: PAGE.host, 'accept-encoding': 'br', 'user-agent': PHONE_UA },
    connections: CONNECTIONS,
    duration: durationS,
  });

await main('scale-out', async () => {
  heading('Two copies behind HAProxy vs one: public page req/s');
  if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: apt-get install -y haproxy`);
  const pg = await createPgDatabase('bench_scale');
  if (!pg) throw new Error('no PostgreSQL answers at PG_URL (postgres://postgres@127.0.0.1:5432 by default)');
  onCleanup(pg.drop);
  const loadAtStart = machine().loadavg1m;
  const env = { DATABASE_URL: pg.url, RATE_LIMITS: 'false', TRUSTED_PROXIES: HOST };
  await prepareDataDir('scale-prepare', env);
  const servers = await Promise.all([0, 1].map(async (i) => startServer({ dataDir: tempDir(`scale-${i}`), env })));
  for (const s of servers) onCleanup(() => s.stop());
  const dir = tempDir('scale-lb');
  const one = await balancer(dir, 'one', [servers[0].port]);
  const two = await balancer(
    dir,
    'two',
    servers.map((s) => s.port),
  );

  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    await load(one, WARMUP_S);
    const single = await load(one, DURATION_S);
    await load(two, WARMUP_S);
    const pair = await load(two, DURATION_S);
    const bad = single.non2xx + single.errors + pair.non2xx + pair.errors;
    if (bad > 0)
      throw new Error(`round ${i + 1}: ${bad} answers were not 2xx (one: ${JSON.stringify(single.statusCodes)}, two: ${JSON.stringify(pair.statusCodes)})`);
    rounds.push({ one: single.rps, two: pair.rps, ratio: pair.rps / single.rps, p99One: single.latencyMs.p99, p99Two: pair.latencyMs.p99 });
    console.log(`  round ${i + 1}: one copy ${fmt(single.rps)} req/s, two copies ${fmt(pair.rps)} req/s → ${fmt(pair.rps / single.rps, 2)}×`);
  }
  const propagation = await propagationRounds(pg.url, servers[1].port);
  const spread = (xs) => ({ min: Math.min(...xs), median: median(xs), max: Math.max(...xs) });
  const ratio = spread(rounds.map((r) => r.ratio));
  const rps = { one: spread(rounds.map((r) => r.one)), two: spread(rounds.map((r) => r.two)) };
  console.log(
    `\nLoad: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per run after ${WARMUP_S} s of warm-up, GET ${PAGE.path} (Host ${PAGE.host}); ${ROUNDS} rounds, one copy then two.\n`,
  );
  console.log(
    table(
      [
        ['figure', 'min', 'median', 'max', 'budget', ''],
        ['one copy, req/s', fmt(rps.one.min), fmt(rps.one.median), fmt(rps.one.max), '', ''],
        ['two copies, req/s', fmt(rps.two.min), fmt(rps.two.median), fmt(rps.two.max), '', ''],
        ['two / one', fmt(ratio.min, 2), fmt(ratio.median, 2), fmt(ratio.max, 2), `≥ ${BUDGET}`, verdict(ratio.median >= BUDGET)],
        ...[
          ['unpublished → 404 on the other copy (ms)', propagation.map((r) => r.downMs)],
          ['published again → 200 on the other copy (ms)', propagation.map((r) => r.upMs)],
        ].map(([name, xs]) => [
          name,
          fmt(Math.min(...xs)),
          fmt(median(xs)),
          fmt(Math.max(...xs)),
          `≤ ${fmt(PROPAGATION_BUDGET_MS)}`,
          verdict(Math.max(...xs) <= PROPAGATION_BUDGET_MS),
        ]),
      ],
      { align: ['l', 'r', 'r', 'r', 'r', 'l'] },
    ),
  );
  console.log(
    `\nLoad average at start ${loadAtStart}, at end ${machine().loadavg1m}. On ${machine().cores} cores the two copies, HAProxy and autocannon share the same cores:` +
      ' a second copy adds a process, not a core, so the ratio shows what the copies cost each other here, not what a second machine would add.',
  );
  return { rounds, ratio, rps, budget: BUDGET, propagation, propagationBudgetMs: PROPAGATION_BUDGET_MS, loadAtStart };
});
