// `npm run bench`: runs the benchmarks one after another (each in its own process, so
// one's memory and children do not colour the next), prints a summary table and writes
// bench/results/latest.json. `node bench/run-all.mjs startup public-page` runs a subset.
// Exit code: non-zero when a benchmark could not run; budget misses are reported only.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, describeMachine, fmt, machine, median, RESULTS_DIR, table } from './lib/common.mjs';

const BENCHMARKS = [
  'signin-bundle',
  'startup',
  'auth-throughput',
  'public-page',
  'analytics',
  'admin',
  'divisions',
  'exchange',
  'wallet-pass',
  'contacts',
  'webhooks',
  'staff-import',
  'editor',
  'card-scan',
  'scale-out',
  'hostile-input',
  'recovery',
  'resilience',
  // Seeds 100,000 staff first (minutes): only when named, `node bench/run-all.mjs enterprise`.
  'enterprise',
];
const ON_REQUEST = ['enterprise'];
const wanted = process.argv.slice(2);
for (const w of wanted) {
  if (!BENCHMARKS.includes(w)) {
    console.error(`unknown benchmark "${w}"; known: ${BENCHMARKS.join(', ')}`);
    process.exit(2);
  }
}
const selected = wanted.length ? BENCHMARKS.filter((b) => wanted.includes(b)) : BENCHMARKS.filter((b) => !ON_REQUEST.includes(b));

let current = null;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    current?.kill(signal); // each benchmark cleans up its own children and temp dirs
  });
}

function runOne(name) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    current = spawn(process.execPath, [path.join(BENCH_DIR, `${name}.mjs`)], { stdio: 'inherit' });
    current.on('exit', (code, signal) => {
      current = null;
      resolve({ exitCode: code, signal, ms: performance.now() - t0 });
    });
  });
}

const startedAt = new Date().toISOString();
console.log(`Profilehub benchmarks: ${selected.join(', ')}`);
console.log(describeMachine());
const runs = {};
for (const name of selected) {
  if (interrupted) break;
  const file = path.join(RESULTS_DIR, `${name}.json`);
  rmSync(file, { force: true });
  const r = await runOne(name);
  const result = r.exitCode === 0 && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  runs[name] = { ok: Boolean(result), exitCode: r.exitCode, signal: r.signal, seconds: Math.round(r.ms / 100) / 10, result };
}

// ---------------------------------------------------------------- summary
const rows = [];
// `name` is the benchmark (the key of `runs`), `label` the figure it would have printed.
const failed = (name, label) => [label, 'did not run', '', `FAILED (exit ${runs[name].exitCode ?? runs[name].signal})`];
if (runs['signin-bundle']) {
  const r = runs['signin-bundle'].result;
  if (!r) rows.push(failed('signin-bundle', 'JS the sign-in page downloads'));
  else
    rows.push([
      `JS the sign-in page downloads (${r.method})`,
      `${fmt(r.jsGzipBytes / 1000, 1)} KB gzip (${r.files.filter((f) => f.kind === 'js').length} files)`,
      `≤ ${fmt(r.budgetBytes / 1000)} KB`,
      r.pass ? 'PASS' : 'OVER',
    ]);
}
if (runs.startup) {
  const r = runs.startup.result;
  if (!r) rows.push(failed('startup', 'npm start: first 200 from /api/health'));
  else {
    const fallback = r.mode.startsWith('FALLBACK') ? ' (fallback: start.mjs minus web build)' : '';
    rows.push([`npm start: first 200 from /api/health, median${fallback}`, `${fmt(r.medianMs)} ms`, `≤ ${fmt(r.budgetMs)} ms`, r.pass ? 'PASS' : 'OVER']);
    rows.push(['  server RSS after start (whole tree)', `${fmt(r.serverRssMiB, 1)} MiB (${fmt(r.treeRssMiB, 1)} MiB)`, 'printed', '']);
    rows.push([
      '  server RSS idle (PGlite), median',
      `${fmt(r.memory.idle.median, 1)} MiB`,
      `≤ ${r.budgetIdleMiB} MiB`,
      r.memory.idle.median <= r.budgetIdleMiB ? 'PASS' : 'OVER',
    ]);
    rows.push([
      '  server RSS peak under visits (PGlite), median',
      `${fmt(r.memory.loadPeak.median, 1)} MiB`,
      `≤ ${r.budgetLoadMiB} MiB`,
      r.memory.loadPeak.median <= r.budgetLoadMiB ? 'PASS' : 'OVER',
    ]);
    if (r.postgresMemory)
      rows.push([
        '  server RSS idle / under visits (DATABASE_URL)',
        `${fmt(r.postgresMemory.idle.median, 1)} / ${fmt(r.postgresMemory.loadPeak.median, 1)} MiB`,
        'printed',
        '',
      ]);
    rows.push([
      '  SIGTERM shutdown',
      `${r.shutdownClean ? 'clean, exit 0' : 'NOT clean'}, ${fmt(r.shutdownMedianMs)} ms`,
      'exit 0',
      r.shutdownClean ? 'PASS' : 'FAIL',
    ]);
  }
}
if (runs['auth-throughput']) {
  const r = runs['auth-throughput'].result;
  if (!r) rows.push(failed('auth-throughput', 'sign-in throughput'));
  else {
    const a = r.argon2;
    rows.push([`logins/s, argon2id m=${a.memoryKib} KiB t=${a.passes} p=${a.parallelism}`, fmt(r.loginsPerS, 1), 'printed', '']);
    rows.push(['GET /api/jwts/verify req/s', fmt(r.verifyRps), 'printed', '']);
    rows.push(['raw node:http req/s (same run)', fmt(r.rawRps), 'printed', '']);
    rows.push(['verify / raw', `${fmt(r.verifyToRaw * 100, 1)} %`, 'printed', '']);
  }
}

if (runs['public-page']) {
  const r = runs['public-page'].result;
  if (!r) rows.push(failed('public-page', 'public page figures'));
  else {
    const kb = (bytes) => `${fmt(bytes / 1000, 1)} KB`;
    rows.push([
      'public page: HTML document, gzip (one request)',
      kb(r.page.documentGzipBytes),
      `≤ ${kb(r.budgets.documentGzipBytes)}`,
      r.pass.document ? 'PASS' : 'OVER',
    ]);
    rows.push(['  page JS (inline script), gzip', kb(r.page.scriptGzipBytes), `≤ ${kb(r.budgets.scriptGzipBytes)}`, r.pass.script ? 'PASS' : 'OVER']);
    rows.push(['  render-blocking requests', String(r.page.renderBlocking.length), '0', r.pass.renderBlocking ? 'PASS' : 'FAIL']);
    const pct = (s) => (s ? `${fmt(s.min * 100, 1)} / ${fmt(s.median * 100, 1)} / ${fmt(s.max * 100, 1)} %` : 'not measured');
    const perS = (s) => (s ? fmt(s.median) : '–');
    rows.push([
      `  visits/s, median of ${r.rounds} rounds: app (raw, nginx)`,
      `${perS(r.visitsPerS.app)} (${perS(r.visitsPerS.raw)}, ${perS(r.visitsPerS.nginx)})`,
      'printed',
      '',
    ]);
    rows.push([
      '  visits app / raw, min / median / max of rounds',
      pct(r.ratios.visitsRaw),
      `≥ ${fmt(r.budgets.ratio * 100)} %`,
      r.pass.ratio ? 'PASS' : 'UNDER',
    ]);
    if (r.manyPages)
      rows.push([
        `    visits over ${fmt(r.manyPages.pages)} pages (Zipf s = ${r.manyPages.zipfS}), app / raw`,
        pct(r.ratios.manyRaw),
        `≥ ${fmt(r.budgets.ratio * 100)} %`,
        r.ratios.manyRaw.median >= r.budgets.ratio ? 'PASS' : 'UNDER',
      ]);
    rows.push(['    GET page alone, app / raw', pct(r.ratios.pageRaw), `≥ ${fmt(r.budgets.pageRatio * 100)} %`, r.pass.pageRatio ? 'PASS' : 'UNDER']);
    rows.push(['    visits app / nginx', pct(r.ratios.visitsNginx), 'printed', '']);
    rows.push(['  publish one profile, median / p90', `${fmt(r.publish.medianMs, 1)} / ${fmt(r.publish.p90Ms, 1)} ms`, 'printed', '']);
    rows.push([`  rebuild ${r.rebuild.children} published children, median`, `${fmt(r.rebuild.medianMs)} ms`, 'printed', '']);
    const lh = r.lighthouse?.median;
    rows.push(
      lh
        ? [
            `  Lighthouse mobile, median of ${r.lighthouse.runs} (performance of each run)`,
            `${lh.performance} / ${lh.accessibility} (${r.lighthouse.all.map(([p]) => p).join(', ')})`,
            '≥ 98 / 100',
            r.pass.lighthouse ? 'PASS' : 'UNDER',
          ]
        : ['  Lighthouse', 'not measured', '≥ 98 / 100', ''],
    );
  }
}

if (runs['staff-import']) {
  const r = runs['staff-import'].result;
  if (!r) rows.push(failed('staff-import', 'staff import of 10,000 rows'));
  else {
    rows.push([
      `staff import of ${fmt(r.users)} rows, end to end (${r.label})`,
      `${fmt(r.endToEndMs)} ms`,
      '≤ 30000 ms',
      r.label === 'PostgreSQL' ? (r.endToEndMs <= 30_000 ? 'PASS' : 'OVER') : '',
    ]);
    rows.push(['  server peak RSS during the import', `${fmt(r.peakRssMiB)} MiB`, 'printed', '']);
  }
}
if (runs.admin) {
  const r = runs.admin.result;
  if (!r) rows.push(failed('admin', 'admin lists, export and rebuild'));
  else
    for (const run of r.results) {
      const worst = run.lists.reduce((a, b) => (b.p95 > a.p95 ? b : a));
      const onPg = run.label === 'PostgreSQL';
      rows.push([
        `admin lists, ${fmt(r.profiles)} profiles, worst p95 (${run.label})`,
        `${fmt(worst.p95, 1)} ms`,
        onPg ? `≤ ${r.budgets.listP95Pg} ms` : 'printed',
        onPg ? (worst.p95 <= r.budgets.listP95Pg ? 'PASS' : 'OVER') : '',
      ]);
      rows.push([
        `  users export .xlsx, ${fmt(r.profiles)} rows (${run.label})`,
        `${fmt(run.export.ms)} ms, RSS +${fmt(run.export.rssGrowthMiB, 1)} MiB`,
        `≤ ${r.budgets.exportMs} ms`,
        run.export.ms <= r.budgets.exportMs ? 'PASS' : 'OVER',
      ]);
      rows.push([`  rebuild ${fmt(run.rebuild.rebuilt)} children (${run.label})`, `${fmt(run.rebuild.pagesPerS, 1)} pages/s`, 'printed', '']);
    }
}

if (runs.enterprise) {
  const r = runs.enterprise.result;
  if (!r) rows.push(failed('enterprise', 'enterprise data set: lists, search, reports, export'));
  else
    for (const run of r.results) {
      const budget = run.label === 'PostgreSQL' ? r.budgets.postgres : r.budgets.pglite;
      const budgeted = run.summary.filter((s) => s.group !== 'reports' || run.label === 'PostgreSQL');
      const worst = budgeted.reduce((a, b) => (b.p95.median > a.p95.median ? b : a));
      rows.push([
        `enterprise ${fmt(run.counts.profiles)} profiles, worst p95 (${run.label}): ${worst.name}, ${worst.who}`,
        `${fmt(worst.p95.median, 1)} ms (rounds ${fmt(worst.p95.min, 1)}–${fmt(worst.p95.max, 1)})`,
        `≤ ${budget} ms`,
        worst.p95.median <= budget ? 'PASS' : 'OVER',
      ]);
      rows.push([
        `  users export .xlsx, ${fmt(run.export.rows)} rows (${run.label})`,
        `${fmt(run.export.ms)} ms, peak RSS ${fmt(run.export.peakRssMiB)} MiB`,
        'printed',
        '',
      ]);
    }
}

if (runs.exchange) {
  const r = runs.exchange.result;
  if (!r) rows.push(failed('exchange', 'contact exchange submit'));
  else {
    for (const run of r.results) {
      const onPg = run.label === 'PostgreSQL';
      const p = run.submit.p95;
      rows.push([
        `contact exchange submit p95 min / median / max (${run.label})`,
        `${fmt(p.min, 1)} / ${fmt(p.median, 1)} / ${fmt(p.max, 1)} ms`,
        onPg ? `≤ ${r.budgets.submitP95Ms} ms` : 'printed',
        onPg ? (p.median <= r.budgets.submitP95Ms ? 'PASS' : 'OVER') : '',
      ]);
      rows.push([
        `  same, × the form's read p95, load ${run.loads.join(', ')}`,
        `${fmt(run.ratio.min, 2)} / ${fmt(run.ratio.median, 2)} / ${fmt(run.ratio.max, 2)}×`,
        'printed',
        '',
      ]);
    }
    const page = r.results[0].page;
    rows.push([
      'public page critical bytes with the exchange on, gzip',
      `${fmt(page.documentGzipBytes / 1000, 1)} KB`,
      `≤ ${fmt(r.budgets.documentGzipBytes / 1000, 1)} KB`,
      page.documentGzipBytes <= r.budgets.documentGzipBytes ? 'PASS' : 'OVER',
    ]);
  }
}

if (runs['wallet-pass']) {
  const r = runs['wallet-pass'].result;
  if (!r) rows.push(failed('wallet-pass', 'Apple Wallet pass generation'));
  else {
    const x = r.result;
    rows.push([
      'Apple Wallet pass, cold generation p95 min / median / max (PGlite)',
      `${fmt(x.pkpassCold.p95.min, 1)} / ${fmt(x.pkpassCold.p95.median, 1)} / ${fmt(x.pkpassCold.p95.max, 1)} ms`,
      `≤ ${r.budgets.coldP95Ms} ms`,
      x.pkpassCold.p95.median <= r.budgets.coldP95Ms ? 'PASS' : 'OVER',
    ]);
    rows.push([
      `  same, × the cold vCard's p95, load ${x.loads.join(', ')}`,
      `${fmt(x.ratio.min, 2)} / ${fmt(x.ratio.median, 2)} / ${fmt(x.ratio.max, 2)}×`,
      'printed',
      '',
    ]);
  }
}

if (runs.divisions) {
  const r = runs.divisions.result;
  if (!r) rows.push(failed('divisions', 'divisions console list'));
  else
    for (const run of r.results) {
      const consoleFigures = run.figures.filter((f) => f.url.startsWith('/api/companies/console'));
      const worst = consoleFigures.reduce((a, b) => (b.p95.median > a.p95.median ? b : a));
      rows.push([
        `divisions console, ${fmt(r.divisions)} divisions, worst p95 min / median / max (${run.label})`,
        `${fmt(worst.p95.min, 1)} / ${fmt(worst.p95.median, 1)} / ${fmt(worst.p95.max, 1)} ms`,
        `≤ ${r.budgetP95Ms} ms`,
        worst.p95.median <= r.budgetP95Ms ? 'PASS' : 'OVER',
      ]);
      rows.push([
        `  same, × baseline p95 (/api/jwts/verify), load ${run.loads.join(', ')}`,
        `${fmt(worst.ratio.min, 2)} / ${fmt(worst.ratio.median, 2)} / ${fmt(worst.ratio.max, 2)}×`,
        'printed',
        '',
      ]);
    }
}

if (runs['card-scan']) {
  const r = runs['card-scan'].result;
  if (!r) rows.push(failed('card-scan', 'card scan figures'));
  else {
    rows.push([
      'card scan: p95 per card, min / median / max of rounds',
      `${fmt(r.scanP95Ms.min)} / ${fmt(r.scanP95Ms.median)} / ${fmt(r.scanP95Ms.max)} ms (× ${fmt(r.ratio.median, 2)} OCR alone)`,
      '≤ 3,000 ms (median)',
      r.scanP95Ms.median <= 3000 ? 'PASS' : 'OVER',
    ]);
    const lazy = r.bundle.ocrChunks.length === 0 && !r.bundle.dialogChunks.includes(r.bundle.entryChunk);
    rows.push([
      '  OCR in no web chunk; scan dialog lazy (contacts)',
      `${r.bundle.dialogChunks.join(', ') || '–'}`,
      'not in the entry chunk',
      lazy ? 'PASS' : 'FAIL',
    ]);
  }
}

if (runs.contacts) {
  const r = runs.contacts.result;
  if (!r) rows.push(failed('contacts', 'contacts list'));
  else
    for (const run of r.results) {
      const figures = run.summary.filter((f) => !f.baseline);
      const worst = figures.reduce((a, b) => (b.p95.median > a.p95.median ? b : a));
      const onPg = run.label === 'PostgreSQL';
      rows.push([
        `contacts list, ${fmt(run.counts.big)} in one division, worst p95 min / median / max (${run.label}): ${worst.name}`,
        `${fmt(worst.p95.min, 1)} / ${fmt(worst.p95.median, 1)} / ${fmt(worst.p95.max, 1)} ms`,
        onPg ? `≤ ${r.budgetP95Ms} ms` : 'printed',
        onPg ? (worst.p95.median <= r.budgetP95Ms ? 'PASS' : 'OVER') : '',
      ]);
      rows.push([
        `  same, × /api/health p95, load ${run.rounds.map((x) => x.loadavg1m).join(', ')}`,
        `${fmt(worst.ratio.min, 1)} / ${fmt(worst.ratio.median, 1)} / ${fmt(worst.ratio.max, 1)}×`,
        'printed',
        '',
      ]);
    }
}

if (runs.webhooks) {
  const r = runs.webhooks.result;
  if (!r) rows.push(failed('webhooks', 'webhook fan-out'));
  else
    for (const run of r.results) {
      const times = run.runs.map((x) => x.fanOutS);
      const all = times.every((x) => x !== null);
      const spread = all ? `${fmt(Math.min(...times), 1)} / ${fmt(median(times), 1)} / ${fmt(Math.max(...times), 1)} s` : `not all within the wait`;
      rows.push([
        `webhooks: ${fmt(r.events)} events × ${r.endpoints} endpoints delivered, min / median / max (${run.label})`,
        spread,
        `≤ ${r.budgetS} s`,
        all && median(times) <= r.budgetS ? 'PASS' : 'OVER',
      ]);
      const dup = Math.max(...run.runs.map((x) => x.duplicates));
      const miss = Math.max(...run.runs.map((x) => x.missing));
      rows.push([
        `  delivered twice / missing (most in a run), load ${run.runs.map((x) => x.loadavg1m).join(', ')}`,
        `${dup} / ${miss}`,
        '0 / 0',
        dup === 0 && miss === 0 ? 'PASS' : 'FAIL',
      ]);
    }
}

if (runs.editor) {
  const r = runs.editor.result;
  if (!r) rows.push(failed('editor', 'profile editor figures'));
  else {
    const kb = (bytes) => `${fmt(bytes / 1000, 1)} KB`;
    const l = r.latency;
    rows.push([
      'editor: lazy chunk (gzip) / sign-in JS (gzip)',
      `${r.editorChunkGzipBytes === null ? '–' : kb(r.editorChunkGzipBytes)} / ${kb(r.signInJsGzipBytes)}`,
      'editor not on sign-in',
      r.pass.signIn ? 'PASS' : 'FAIL',
    ]);
    rows.push([
      `  keystroke → preview, median / p95 (${l.keystrokes} keys)`,
      `${fmt(l.frameMedianMs, 1)} / ${fmt(l.frameP95Ms, 1)} ms`,
      `p95 ≤ ${fmt(l.budgetP95Ms)} ms`,
      r.pass.latency ? 'PASS' : 'OVER',
    ]);
    rows.push([
      '  autosave request for a one-field change',
      `${fmt(r.autosave.requestBytes)} bytes (whole document ${fmt(r.autosave.wholeDocumentBytes)})`,
      'printed',
      '',
    ]);
  }
}

if (runs['scale-out']) {
  const r = runs['scale-out'].result;
  if (!r) rows.push(failed('scale-out', 'two copies behind HAProxy vs one'));
  else {
    const { min, median, max } = r.ratio;
    rows.push([
      'two copies behind HAProxy / one, page req/s (min–median–max)',
      `${fmt(min, 2)}–${fmt(median, 2)}–${fmt(max, 2)}×`,
      `≥ ${r.budget}×`,
      median >= r.budget ? 'PASS' : 'UNDER',
    ]);
    const worst = Math.max(...r.propagation.map((x) => x.downMs));
    rows.push([
      '  unpublished → 404 on the other copy (min–median–max)',
      `${fmt(Math.min(...r.propagation.map((x) => x.downMs)))}–${fmt(median(r.propagation.map((x) => x.downMs)))}–${fmt(worst)} ms`,
      `≤ ${fmt(r.propagationBudgetMs)} ms`,
      worst <= r.propagationBudgetMs ? 'PASS' : 'OVER',
    ]);
  }
}

if (runs['hostile-input']) {
  const r = runs['hostile-input'].result;
  if (!r) rows.push(failed('hostile-input', 'hostile input against ordinary input'));
  else
    for (const c of r.cases) {
      const worst = Math.max(...c.hostile);
      rows.push([
        `hostile input: ${c.name}, slowest of ${r.rounds}`,
        `${worst.toFixed(1)} ms (${c.ratio.toFixed(1)}× ordinary)`,
        `≤ ${fmt(c.budgetMs)} ms`,
        worst <= c.budgetMs ? 'PASS' : 'OVER',
      ]);
    }
}

if (runs.recovery) {
  const r = runs.recovery.result;
  if (!r) rows.push(failed('recovery', 'recovery after a database fault'));
  else
    for (const [fault, list] of Object.entries(r.results)) {
      const xs = list.map((x) => x.recoveryMs);
      const mid = [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      rows.push([
        `recovery after ${r.faultSeconds} s ${fault} (min–median–max)`,
        `${fmt(Math.min(...xs))}–${fmt(mid)}–${fmt(Math.max(...xs))} ms`,
        `≤ ${fmt(r.budgetMs)} ms`,
        Math.max(...xs) <= r.budgetMs ? 'PASS' : 'OVER',
      ]);
    }
}

if (runs.resilience) {
  const r = runs.resilience.result;
  if (!r) rows.push(failed('resilience', 'rolling restart and kill -9 behind HAProxy, silent stores'));
  else {
    const spread = (xs, unit = '') => `${fmt(Math.min(...xs))}–${fmt(median(xs))}–${fmt(Math.max(...xs))}${unit}`;
    const zero = (xs) => (Math.max(...xs) === 0 ? 'PASS' : 'FAIL');
    rows.push([
      'rolling restart behind HAProxy: client errors (min–median–max)',
      spread(r.balancer.rolling.map((x) => x.errors)),
      '0',
      zero(r.balancer.rolling.map((x) => x.errors)),
    ]);
    rows.push([
      '  acknowledged writes lost (rolling restart, kill -9)',
      spread([...r.balancer.rolling, ...r.balancer.killed].map((x) => x.lost)),
      '0',
      zero([...r.balancer.rolling, ...r.balancer.killed].map((x) => x.lost)),
    ]);
    rows.push([
      'kill -9 of one copy: client errors (writes in flight)',
      spread(r.balancer.killed.map((x) => x.errors)),
      '≤ 20',
      Math.max(...r.balancer.killed.map((x) => x.errors)) <= 20 ? 'PASS' : 'OVER',
    ]);
    rows.push([
      `Redis black hole ${r.faultSeconds} s: slowest sign-in`,
      spread(
        r.faults.redis.map((x) => x.signInMaxMs),
        ' ms',
      ),
      '≤ 2,000 ms',
      Math.max(...r.faults.redis.map((x) => x.signInMaxMs)) <= 2000 ? 'PASS' : 'OVER',
    ]);
    rows.push([
      '  recovery: Redis back → sign-in 200',
      spread(
        r.faults.redis.map((x) => x.recoveryMs),
        ' ms',
      ),
      '≤ 1,000 ms',
      Math.max(...r.faults.redis.map((x) => x.recoveryMs)) <= 1000 ? 'PASS' : 'OVER',
    ]);
    rows.push([
      `database black hole ${r.faultSeconds} s: cached page p99`,
      spread(
        r.faults.database.map((x) => x.pageP99Ms),
        ' ms',
      ),
      '≤ 200 ms',
      Math.max(...r.faults.database.map((x) => x.pageP99Ms)) <= 200 ? 'PASS' : 'OVER',
    ]);
    rows.push([
      '  slowest health 503',
      spread(
        r.faults.database.map((x) => x.healthMaxMs),
        ' ms',
      ),
      '≤ 1,000 ms',
      Math.max(...r.faults.database.map((x) => x.healthMaxMs)) <= 1000 ? 'PASS' : 'OVER',
    ]);
    rows.push([
      '  recovery: database back → health 200',
      spread(
        r.faults.database.map((x) => x.recoveryMs),
        ' ms',
      ),
      '≤ 1,000 ms',
      Math.max(...r.faults.database.map((x) => x.recoveryMs)) <= 1000 ? 'PASS' : 'OVER',
    ]);
    rows.push([
      '  database back → first beacon written (204)',
      spread(
        r.faults.database.map((x) => x.writingMs),
        ' ms',
      ),
      '≤ 1,500 ms',
      Math.max(...r.faults.database.map((x) => x.writingMs)) <= 1500 ? 'PASS' : 'OVER',
    ]);
  }
}

console.log('\n== Summary ================================================================');
console.log(describeMachine());
if (rows.length) console.log(table([['figure', 'value', 'budget', 'verdict'], ...rows], { align: ['l', 'r', 'r', 'l'] }));
console.log('Budgets are reported, not asserted: OVER does not fail the run; a benchmark that could not run does.');
for (const [name, r] of Object.entries(runs)) for (const n of r.result?.notes ?? []) console.log(`Note (${name}): ${n}`);

mkdirSync(RESULTS_DIR, { recursive: true });
const latest = path.join(RESULTS_DIR, 'latest.json');
writeFileSync(
  latest,
  `${JSON.stringify({ startedAt, finishedAt: new Date().toISOString(), machine: machine(), interrupted, summary: rows.map(([figure, value, budget, verdict]) => ({ figure: figure.trim(), value, budget, verdict })), runs }, null, 2)}\n`,
);
console.log(`Results: ${path.relative(process.cwd(), latest) || latest}`);

const anyFailed = Object.values(runs).some((r) => !r.ok);
process.exit(interrupted ? 130 : anyFailed ? 1 : 0);
