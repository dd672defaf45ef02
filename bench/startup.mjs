// Figure: "`npm start` on an already installed and seeded tree: first 200 from
// /api/health in ≤ 3 s" and (issue 27) "the default install (PGlite) at ≤ 350 MiB RSS idle
// and ≤ 500 MiB under the page bench".
//
// Prepares (migrates + seeds) one temp DATA_DIR once, then N times: spawns
// `node scripts/start.mjs` on it, polls /api/health every 20 ms until 200, reads the
// RSS of the process tree from /proc, waits IDLE_MS and reads the server's RSS again (idle),
// drives visits (the public page + its view beacon, as bench/public-page.mjs does) for LOAD_S
// while sampling the server's RSS every 50 ms (peak), sends SIGTERM and times the shutdown.
// When PostgreSQL answers, the same runs on a DATABASE_URL install are printed beside them.
import os from 'node:os';
import path from 'node:path';
import {
  buildWeb,
  cannon,
  createPgDatabase,
  fmt,
  freePort,
  heading,
  httpGet,
  isAlive,
  lastLines,
  listeningPid,
  main,
  median,
  mib,
  onCleanup,
  PREPARE_ENTRY,
  prepareDataDir,
  processTree,
  ROOT,
  rssKib,
  serverEnv,
  spawnTracked,
  spreadOf,
  startServer,
  stopProcess,
  table,
  verdict,
  waitForHealth,
  webBuildState,
} from './lib/common.mjs';

const BUDGET_MS = 3000;
/** Issue 27: a small server. The server process's own VmRSS (its database thread included). */
const BUDGET_IDLE_MIB = 350;
const BUDGET_LOAD_MIB = 500;
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
/** Idle: this long after the first 200 with no requests. */
const IDLE_MS = Number(process.env.BENCH_STARTUP_IDLE_MS ?? 5000);
/** Visits (page GET + view beacon) with 200 connections, as public-page.mjs's visits load. */
const LOAD_S = Number(process.env.BENCH_STARTUP_LOAD_S ?? 8);
const LOAD_CONNECTIONS = 200;
const PAGE_HOST = 'acme.localhost'; // {subdomain}.{PUBLIC_DOMAIN}; Node does not resolve *.localhost, so Host is set
const PAGE_PATH = '/jane-doe';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Visits to the seeded public page for LOAD_S while the server's VmRSS is sampled every 50 ms. */
async function visitsLoad(port, serverPid) {
  const host = `${PAGE_HOST}:${port}`;
  const page = await httpGet(port, PAGE_PATH, { headers: { host, 'user-agent': PHONE_UA } });
  const profileId = Number(/<body\b[^>]*\sdata-profile-id="(\d+)"/i.exec(page.body)?.[1]);
  if (page.status !== 200 || !profileId) throw new Error(`GET ${PAGE_PATH} (Host ${host}) answered ${page.status} without a profile id: is the store seeded?`);
  let peakKib = rssKib(serverPid) ?? 0;
  const sampler = setInterval(() => {
    peakKib = Math.max(peakKib, rssKib(serverPid) ?? 0);
  }, 50);
  try {
    const r = await cannon({
      url: `http://127.0.0.1:${port}`,
      connections: LOAD_CONNECTIONS,
      duration: LOAD_S,
      requests: [
        { method: 'GET', path: PAGE_PATH, headers: { host, 'accept-encoding': 'br', 'user-agent': PHONE_UA } },
        {
          method: 'POST',
          path: '/api/events',
          headers: { host, 'content-type': 'text/plain', 'user-agent': PHONE_UA },
          body: JSON.stringify({ profileId, action: 'view', type: 'page' }),
        },
      ],
    });
    peakKib = Math.max(peakKib, rssKib(serverPid) ?? 0);
    const bad = (r.non2xx ?? 0) + (r.errors ?? 0) + (r.timeouts ?? 0);
    return { peakKib, afterKib: rssKib(serverPid), requestsPerS: r.rps, bad, loadavg1m: os.loadavg()[0] };
  } finally {
    clearInterval(sampler);
  }
}

function describeTree(tree, serverPid) {
  return tree.map((p) => {
    const what = p.pid === serverPid ? 'server (listening)' : /scripts\/start\.mjs/.test(p.cmd) ? 'npm start wrapper' : 'other';
    return { pid: p.pid, depth: p.depth, rssKib: p.rssKib, role: what, cmd: p.cmd.slice(0, 140) };
  });
}

await main('startup', async () => {
  heading('Start-up: `npm start` on an installed and seeded tree');

  // The tree must already be "installed", i.e. hold a current web build; otherwise start.mjs would
  // time a Vite build. The benchmark does not rebuild apps/web/dist by default (others may be
  // serving it): with a missing or stale build it times start.mjs's other steps instead.
  // BENCH_BUILD_WEB=1 builds first (untimed), as the first `npm start` would.
  let entry = 'scripts/start.mjs';
  let mode = 'node scripts/start.mjs (what `npm start` runs)';
  const notes = [];
  let state = webBuildState();
  if (!state.fresh && process.env.BENCH_BUILD_WEB === '1') {
    console.log(`apps/web/dist is ${state.built ? 'older than the web sources' : 'missing'}; BENCH_BUILD_WEB=1: building it first, untimed…`);
    const b = buildWeb();
    console.log(b.ok ? `  built in ${fmt(b.ms / 1000, 1)} s` : `  the web app does not build:\n${lastLines(b.output, 12).replace(/^/gm, '  | ')}`);
    state = webBuildState();
  }
  if (!state.fresh) {
    entry = 'scripts/start.mjs --no-build';
    mode = 'FALLBACK: node scripts/start.mjs --no-build (start.mjs without its web-build step)';
    const why = state.built ? 'apps/web/dist is older than the web sources' : 'apps/web/dist is missing';
    notes.push(
      `${why}, so start.mjs would time a Vite build: timed its other steps (prepare + server) instead. ` +
        'For start.mjs itself, run `npm run build` first or set BENCH_BUILD_WEB=1.',
    );
    console.log(`${why}: timing start.mjs --no-build.`);
  }

  const prep = await prepareDataDir('startup');
  console.log(`Prepared a new DATA_DIR once (migrate + seed, short-lived process): ${fmt(prep.ms)} ms  ${prep.dataDir}`);
  console.log(
    `Mode: ${mode}; env DATA_DIR, PORT=<free port>, HOST=127.0.0.1, LOG_LEVEL=warn, RATE_LIMITS=false. ${RUNS} runs, /api/health polled every 20 ms; ` +
      `RSS read from /proc at the first 200, ${fmt(IDLE_MS / 1000, 0)} s later (idle) and every 50 ms under ${LOAD_S} s of visits (GET ${PAGE_HOST}${PAGE_PATH} + view beacon, ${LOAD_CONNECTIONS} connections).\n`,
  );

  /** RUNS starts of start.mjs with `env`: first 200, RSS at it, idle and under the visits load, shutdown. */
  async function timedRuns(label, env) {
    const runs = [];
    for (let i = 1; i <= RUNS; i++) {
      const port = await freePort();
      let rebuilt = false;
      // Sources edited since the check? Then this run skips the build step too, rather than rebuild dist.
      const runEntry = entry === 'scripts/start.mjs' && !webBuildState().fresh ? 'scripts/start.mjs --no-build' : entry;
      if (runEntry !== entry) notes.push(`Run ${i} used start.mjs --no-build: the web sources changed after the build.`);
      const t0 = performance.now();
      const [script, ...flags] = runEntry.split(' ');
      const child = spawnTracked(process.execPath, [path.join(ROOT, script), ...flags], {
        env: serverEnv({ ...env, RATE_LIMITS: 'false', PORT: String(port) }),
        onLine: (line) => {
          if (line.includes('Building the web app')) rebuilt = true;
        },
      });
      const ready = await waitForHealth(port, { child, intervalMs: 20, timeoutMs: 60_000 });
      const firstOkMs = ready - t0;

      const tree = processTree(child.pid);
      const serverPid =
        listeningPid(
          port,
          tree.map((p) => p.pid),
        ) ?? tree.at(-1)?.pid;
      const serverRssKib = tree.find((p) => p.pid === serverPid)?.rssKib ?? null;
      const treeRssKib = tree.reduce((s, p) => s + p.rssKib, 0);
      await sleep(1000);
      const serverRss1sKib = rssKib(serverPid);
      await sleep(Math.max(0, IDLE_MS - 1000));
      const serverRssIdleKib = rssKib(serverPid);
      const load = await visitsLoad(port, serverPid);

      const stop = await stopProcess(child, { signal: 'SIGTERM', timeoutMs: 15_000 });
      await sleep(100);
      const leftovers = tree.filter((p) => isAlive(p.pid)).map((p) => p.pid);
      const clean = stop.code === 0 && !stop.killed && leftovers.length === 0;
      runs.push({
        run: i,
        entry: runEntry,
        firstOkMs,
        rebuiltWeb: rebuilt,
        serverPid,
        serverRssKib,
        serverRss1sKib,
        serverRssIdleKib,
        load,
        treeRssKib,
        tree: describeTree(tree, serverPid),
        shutdown: { exitCode: stop.code, signal: stop.signal, ms: stop.ms, killedAfterTimeout: stop.killed, leftoverPids: leftovers, clean },
      });
      console.log(
        `  ${label} run ${i}${runEntry !== entry ? ' (without the web-build step)' : ''}: first 200 after ${fmt(firstOkMs)} ms${rebuilt ? ' (start.mjs rebuilt the web app: sources changed during the run)' : ''}; ` +
          `server RSS ${fmt(mib(serverRssKib), 1)} MiB (tree ${fmt(mib(treeRssKib), 1)} MiB), ${fmt(IDLE_MS / 1000, 0)} s idle ${fmt(mib(serverRssIdleKib), 1)} MiB, ` +
          `under visits peak ${fmt(mib(load.peakKib), 1)} MiB (${fmt(load.requestsPerS)} req/s${load.bad ? `, ${load.bad} not 2xx` : ''}, load average ${fmt(load.loadavg1m, 2)}); ` +
          `SIGTERM → exit ${stop.code ?? stop.signal} in ${fmt(stop.ms)} ms${clean ? ', clean' : ', NOT clean'}`,
      );
      if (!clean && stop.code !== 0) console.log(lastLines(child.outputTail(), 10).replace(/^/gm, '    | '));
    }
    return runs;
  }

  const runs = await timedRuns('PGlite', { DATA_DIR: prep.dataDir });
  // The same on a DATABASE_URL install, when PostgreSQL answers: where the embedded database's share shows.
  let pgRuns = null;
  const pgDb = await createPgDatabase('bench_startup');
  if (pgDb) {
    onCleanup(() => pgDb.drop());
    const prepPg = await prepareDataDir('startup-pg', { DATABASE_URL: pgDb.url });
    console.log(`\nPostgreSQL (DATABASE_URL, a new database, migrated + seeded once by prepare.ts in ${fmt(prepPg.ms)} ms):`);
    pgRuns = await timedRuns('PostgreSQL', { DATA_DIR: prepPg.dataDir, DATABASE_URL: pgDb.url });
  } else {
    console.log('\nNo PostgreSQL answers (TEST_DATABASE_URL / BENCH_PG_URL / 127.0.0.1:5432): the DATABASE_URL install is not measured.');
  }

  // Where the time goes: the two steps of start.mjs timed on their own, once each.
  const breakdown = {};
  {
    const t0 = performance.now();
    const prepAgain = spawnTracked(process.execPath, [PREPARE_ENTRY], { env: serverEnv({ DATA_DIR: prep.dataDir }) });
    const r = await prepAgain.exited;
    if (r.code !== 0) throw new Error(`prepare.ts on the seeded DATA_DIR failed:\n${prepAgain.outputTail()}`);
    breakdown.prepareMs = performance.now() - t0;
    const srv = await startServer({ dataDir: prep.dataDir });
    breakdown.serverToFirstOkMs = srv.startMs;
    await srv.stop();
    console.log(
      `\n  breakdown (one extra pass): prepare.ts on the seeded store ${fmt(breakdown.prepareMs)} ms (process start to exit), ` +
        `then server.ts to first 200 ${fmt(breakdown.serverToFirstOkMs)} ms`,
    );
  }

  const counted = runs.some((r) => !r.rebuiltWeb) ? runs.filter((r) => !r.rebuiltWeb) : runs;
  if (counted.length < runs.length) notes.push(`${runs.length - counted.length} run(s) left out of the median: start.mjs rebuilt the web app in them.`);
  const medianMs = median(counted.map((r) => r.firstOkMs));
  const serverRssMiB = mib(median(counted.map((r) => r.serverRssKib)));
  const serverRss1sMiB = mib(median(counted.map((r) => r.serverRss1sKib)));
  const treeRssMiB = mib(median(counted.map((r) => r.treeRssKib)));
  // Memory: min / median / max of the runs, MiB. The PostgreSQL install's beside it (its server process; PostgreSQL's own processes are not counted).
  const spreadMiB = (rs, pick) => {
    const xs = rs.map(pick).filter((x) => x != null);
    return xs.length ? spreadOf(xs.map(mib)) : null;
  };
  const memory = (rs) =>
    rs && {
      atFirstOk: spreadMiB(rs, (r) => r.serverRssKib),
      idle: spreadMiB(rs, (r) => r.serverRssIdleKib),
      loadPeak: spreadMiB(rs, (r) => r.load.peakKib),
      visitsPerS: spreadOf(rs.map((r) => r.load.requestsPerS / 2)),
      loadavg1m: rs.map((r) => Math.round(r.load.loadavg1m * 100) / 100),
    };
  const pgliteMemory = memory(counted);
  const pgMemory = memory(pgRuns);
  const idlePass = pgliteMemory.idle.median <= BUDGET_IDLE_MIB;
  const loadPass = pgliteMemory.loadPeak.median <= BUDGET_LOAD_MIB;
  const spreadText = (x) => (x ? `${fmt(x.median, 1)} MiB  [${fmt(x.min, 1)} / ${fmt(x.max, 1)}]` : '–');
  const allClean = [...runs, ...(pgRuns ?? [])].every((r) => r.shutdown.clean);
  const shutdownMs = median(runs.map((r) => r.shutdown.ms));

  const last = runs.at(-1);
  console.log('\nProcess tree at first 200 (last run):');
  console.log(
    table(
      [['pid', 'role', 'RSS MiB', 'command'], ...last.tree.map((p) => [p.pid, `${'  '.repeat(p.depth)}${p.role}`, fmt(mib(p.rssKib), 1), p.cmd.slice(0, 80)])],
      { align: ['r', 'l', 'r', 'l'] },
    ),
  );

  console.log('\nResult:');
  console.log(
    table(
      [
        ['figure', 'value', 'budget', 'verdict'],
        [
          'first 200 from /api/health (median)',
          `${fmt(medianMs)} ms  [${runs.map((r) => fmt(r.firstOkMs)).join(', ')}]`,
          `≤ ${BUDGET_MS} ms`,
          verdict(medianMs <= BUDGET_MS),
        ],
        ['  steps alone: prepare.ts / server.ts', `${fmt(breakdown.prepareMs)} ms / ${fmt(breakdown.serverToFirstOkMs)} ms`, '', ''],
        ['server RSS at first 200, median [min / max]', spreadText(pgliteMemory.atFirstOk), 'printed', ''],
        ['server RSS 1 s later (median)', `${fmt(serverRss1sMiB, 1)} MiB`, 'printed', ''],
        [`server RSS idle, ${fmt(IDLE_MS / 1000, 0)} s after the first 200`, spreadText(pgliteMemory.idle), `≤ ${BUDGET_IDLE_MIB} MiB`, verdict(idlePass)],
        [
          `server RSS peak under visits (${LOAD_S} s, ${LOAD_CONNECTIONS} connections)`,
          spreadText(pgliteMemory.loadPeak),
          `≤ ${BUDGET_LOAD_MIB} MiB`,
          verdict(loadPass),
        ],
        [
          '  visits/s during it (page + beacon)',
          `${fmt(pgliteMemory.visitsPerS.median)}  [${fmt(pgliteMemory.visitsPerS.min)} / ${fmt(pgliteMemory.visitsPerS.max)}]`,
          'printed',
          '',
        ],
        ['  load average (1 min) after each load', pgliteMemory.loadavg1m.map((x) => fmt(x, 2)).join(', '), '', ''],
        ...(pgMemory
          ? [
              ['DATABASE_URL install: first 200 (median)', `${fmt(median(pgRuns.map((r) => r.firstOkMs)))} ms`, 'printed', ''],
              ['  server RSS idle', spreadText(pgMemory.idle), 'printed', ''],
              ['  server RSS peak under visits', spreadText(pgMemory.loadPeak), 'printed', ''],
              [
                '  visits/s during it',
                `${fmt(pgMemory.visitsPerS.median)}  [${fmt(pgMemory.visitsPerS.min)} / ${fmt(pgMemory.visitsPerS.max)}]`,
                'printed',
                '',
              ],
              ['  PGlite / DATABASE_URL idle RSS', `${fmt(pgliteMemory.idle.median / pgMemory.idle.median, 2)}×`, 'printed', ''],
            ]
          : [['DATABASE_URL install', 'not measured (no PostgreSQL answered)', '', '']]),
        ['process tree RSS (wrappers + server)', `${fmt(treeRssMiB, 1)} MiB`, 'printed', ''],
        ['SIGTERM shutdown', `${allClean ? 'clean (exit 0, no leftovers)' : 'NOT clean'}, median ${fmt(shutdownMs)} ms`, 'exit 0', allClean ? 'PASS' : 'FAIL'],
      ],
      { align: ['l', 'r', 'r', 'l'] },
    ),
  );
  for (const n of notes) console.log(`Note: ${n}`);

  return {
    mode,
    budgetMs: BUDGET_MS,
    prepareOnceMs: prep.ms,
    medianMs,
    pass: medianMs <= BUDGET_MS,
    breakdown,
    serverRssMiB,
    serverRss1sMiB,
    treeRssMiB,
    budgetIdleMiB: BUDGET_IDLE_MIB,
    budgetLoadMiB: BUDGET_LOAD_MIB,
    memory: pgliteMemory,
    memoryPass: idlePass && loadPass,
    postgresMemory: pgMemory,
    postgresRuns: pgRuns,
    shutdownClean: allClean,
    shutdownMedianMs: shutdownMs,
    notes,
    runs,
  };
});
