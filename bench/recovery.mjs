// Recovery after a database fault (issue 12): a server whose PostgreSQL is reached
// through a TCP proxy that refuses new connections (a database restarting) or black-holes
// every byte and then drops the held connections (a failover). Each fault lasts FAULT_S;
// the figure is the time from the database's return to the server's first 200 from
// /api/health (which asks the database). ROUNDS rounds of both faults; min / median / max.
// Needs PostgreSQL (PG_URL); exits 1 (could not run) without it.
import { FaultProxy } from '../apps/server/src/test/fault-proxy.ts';
import { createPgDatabase, fmt, heading, httpGet, machine, main, median, onCleanup, prepareDataDir, startServer, table, tempDir } from './lib/common.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FAULT_S = Number(process.env.BENCH_FAULT_S ?? 10);
const BUDGET_MS = 2_000;

/** Milliseconds until /api/health answers 200, polling every 10 ms; also the worst wait of one probe. */
async function untilHealthy(port) {
  const t0 = performance.now();
  let slowest = 0;
  for (;;) {
    const started = performance.now();
    const ok = await httpGet(port, '/api/health', { timeoutMs: 30_000 }).then(
      (r) => r.status === 200,
      () => false,
    );
    slowest = Math.max(slowest, performance.now() - started);
    if (ok) return { ms: performance.now() - t0, slowestProbeMs: slowest };
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Probes /api/health for `seconds` while the fault holds: every answer must come (503), none may hang. */
async function during(port, seconds) {
  const until = performance.now() + seconds * 1000;
  const statuses = new Map();
  let slowest = 0;
  while (performance.now() < until) {
    const started = performance.now();
    const status = await httpGet(port, '/api/health', { timeoutMs: 30_000 }).then(
      (r) => r.status,
      () => 'error',
    );
    slowest = Math.max(slowest, performance.now() - started);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { statuses: Object.fromEntries(statuses), slowestMs: slowest };
}

await main('recovery', async () => {
  heading('Recovery after a database fault');
  const pg = await createPgDatabase('bench_recovery');
  if (!pg) throw new Error('no PostgreSQL answers at PG_URL (postgres://postgres@127.0.0.1:5432 by default)');
  onCleanup(pg.drop);
  const loadAtStart = machine().loadavg1m;
  await prepareDataDir('recovery-prepare', { DATABASE_URL: pg.url });
  const target = new URL(pg.url);
  const proxy = new FaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(pg.url);
  proxied.host = `127.0.0.1:${await proxy.start()}`;
  onCleanup(() => proxy.close());
  const server = await startServer({ dataDir: tempDir('recovery-server'), env: { DATABASE_URL: proxied.toString() } });
  onCleanup(() => server.stop());

  const faults = {
    refused: {
      apply: () => {
        proxy.refuse();
        proxy.drop();
      },
      lift: () => proxy.pass(),
    },
    'black-holed, then dropped (failover)': {
      apply: () => proxy.blackhole(),
      lift: () => {
        proxy.drop();
        proxy.pass();
      },
    },
  };
  const results = Object.fromEntries(Object.keys(faults).map((k) => [k, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const [name, fault] of Object.entries(faults)) {
      fault.apply();
      const held = await during(server.port, FAULT_S);
      fault.lift();
      const back = await untilHealthy(server.port);
      results[name].push({ recoveryMs: back.ms, whileAway: held });
      console.log(
        `  round ${i + 1}, ${name}: back in ${fmt(back.ms)} ms; while away /api/health answered ${JSON.stringify(held.statuses)}, slowest answer ${fmt(held.slowestMs)} ms`,
      );
    }
  }
  const rows = [['fault', 'min ms', 'median ms', 'max ms', 'budget']];
  for (const [name, runs] of Object.entries(results)) {
    const xs = runs.map((r) => r.recoveryMs);
    rows.push([name, fmt(Math.min(...xs)), fmt(median(xs)), fmt(Math.max(...xs)), `≤ ${fmt(BUDGET_MS)} ms`]);
  }
  console.log(`\nEach fault held ${FAULT_S} s; ${ROUNDS} rounds. Recovery: the database's return → first 200 from /api/health.\n`);
  console.log(table(rows, { align: ['l', 'r', 'r', 'r', 'r'] }));
  console.log(`\nLoad average at start ${loadAtStart}, at end ${machine().loadavg1m}.`);
  return { rounds: ROUNDS, faultSeconds: FAULT_S, results, budgetMs: BUDGET_MS, loadAtStart };
});
