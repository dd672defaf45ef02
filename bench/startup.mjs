// Figure: "`npm start` on an already installed and seeded tree: first 200 from
// /api/health in ≤ 3 s; resident memory of the server after start, printed."
//
// Prepares (migrates + seeds) one temp DATA_DIR once, then N times: spawns
// `node scripts/start.mjs` on it, polls /api/health every 20 ms until 200, reads the
// RSS of the process tree from /proc, sends SIGTERM and times the shutdown.
import path from 'node:path';
import {
  buildWeb,
  fmt,
  freePort,
  heading,
  isAlive,
  lastLines,
  listeningPid,
  main,
  median,
  mib,
  PREPARE_ENTRY,
  prepareDataDir,
  processTree,
  ROOT,
  serverEnv,
  spawnTracked,
  startServer,
  stopProcess,
  table,
  verdict,
  waitForHealth,
  webBuildState,
} from './lib/common.mjs';

const BUDGET_MS = 3000;
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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
  console.log(`Mode: ${mode}; env DATA_DIR, PORT=<free port>, HOST=127.0.0.1, LOG_LEVEL=warn. ${RUNS} runs, /api/health polled every 20 ms.\n`);

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
      env: serverEnv({ DATA_DIR: prep.dataDir, PORT: String(port) }),
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
    const tree1s = processTree(child.pid);
    const serverRss1sKib = tree1s.find((p) => p.pid === serverPid)?.rssKib ?? null;

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
      treeRssKib,
      tree: describeTree(tree, serverPid),
      shutdown: { exitCode: stop.code, signal: stop.signal, ms: stop.ms, killedAfterTimeout: stop.killed, leftoverPids: leftovers, clean },
    });
    console.log(
      `  run ${i}${runEntry !== entry ? ' (without the web-build step)' : ''}: first 200 after ${fmt(firstOkMs)} ms${rebuilt ? ' (start.mjs rebuilt the web app: sources changed during the run)' : ''}; ` +
        `server RSS ${fmt(mib(serverRssKib), 1)} MiB (tree ${fmt(mib(treeRssKib), 1)} MiB); ` +
        `SIGTERM → exit ${stop.code ?? stop.signal} in ${fmt(stop.ms)} ms${clean ? ', clean' : ', NOT clean'}`,
    );
    if (!clean && stop.code !== 0) console.log(lastLines(child.outputTail(), 10).replace(/^/gm, '    | '));
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
  const allClean = runs.every((r) => r.shutdown.clean);
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
        ['server RSS at first 200 (median)', `${fmt(serverRssMiB, 1)} MiB`, 'printed', ''],
        ['server RSS 1 s later (median)', `${fmt(serverRss1sMiB, 1)} MiB`, 'printed', ''],
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
    shutdownClean: allClean,
    shutdownMedianMs: shutdownMs,
    notes,
    runs,
  };
});
