// Two copies of the hub behind HAProxy vs one, on one PostgreSQL (issue 12): public page
// req/s through the balancer. Both balancers run for the whole benchmark (one sends to a
// single copy, one to both), and the load alternates between them for ROUNDS rounds, so
// each round's ratio compares two runs made a few seconds apart on the same machine.
// Needs PostgreSQL (PG_URL) and /usr/sbin/haproxy; exits 1 (could not run) without them.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
      ],
      { align: ['l', 'r', 'r', 'r', 'r', 'l'] },
    ),
  );
  console.log(
    `\nLoad average at start ${loadAtStart}, at end ${machine().loadavg1m}. On ${machine().cores} cores the two copies, HAProxy and autocannon share the same cores:` +
      ' a second copy adds a process, not a core, so the ratio shows what the copies cost each other here, not what a second machine would add.',
  );
  return { rounds, ratio, rps, budget: BUDGET, loadAtStart };
});
