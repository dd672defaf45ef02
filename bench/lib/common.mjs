// Shared helpers of the benchmarks: temp data dirs, starting and stopping the server,
// process trees and their memory, autocannon runs, result files, small formatting.
// Node built-ins + autocannon only. Everything here talks to 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_DIR = path.join(ROOT, 'bench');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');
const SERVER_ENTRY = 'apps/server/src/server.ts';
export const PREPARE_ENTRY = 'apps/server/src/bootstrap/prepare.ts';
const WEB_DIR = path.join(ROOT, 'apps/web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');
/** Every benchmark binds and hits loopback only. */
export const HOST = '127.0.0.1';

/** Debian's Chromium (CHROMIUM_PATH overrides) and the flags every benchmark launches it with. */
export { CHROMIUM };
export const CHROMIUM_ARGS = [
  ...CHROMIUM_FLAGS,
  // The server listens on 127.0.0.1 only; keep Chromium from trying ::1 for localhost.
  '--host-resolver-rules=MAP localhost 127.0.0.1',
];
/** Known seed password (meets the password rules), so the benchmarks can sign in as jane. */
export const SEED_PASSWORD = 'Bench-Passw0rd-42';
export const JANE = 'jane@acme.example';

// ---------------------------------------------------------------- cleanup

const children = new Set();
const tempDirs = new Set();
const cleanups = [];

/** Registers extra clean-up work (async allowed) run by `main` on the way out. */
export function onCleanup(fn) {
  cleanups.push(fn);
}

/** Kills every process group we started that is still alive, and removes our temp dirs. Synchronous. */
function hardCleanup() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        try {
          child.kill('SIGKILL');
        } catch {}
      }
    }
  }
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

async function softCleanup() {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error(`clean-up step failed: ${err?.message ?? err}`);
    }
  }
  hardCleanup();
}

/**
 * Runs a benchmark: exit 0 when it ran (budget misses are reported, not asserted),
 * exit 1 when it could not run, 130/143 on Ctrl-C / SIGTERM. Always cleans up.
 */
export async function main(name, fn) {
  let exiting = false;
  const onSignal = (signal) => {
    if (exiting) return;
    exiting = true;
    console.error(`\n${name}: ${signal}, cleaning up`);
    softCleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', hardCleanup);
  const loadavg1mAtStart = machine().loadavg1m;
  try {
    const result = await fn();
    await softCleanup();
    if (result !== undefined) writeResult(name, { ...result, loadavg1mAtStart });
    process.exit(0);
  } catch (err) {
    // Our own errors say what went wrong; anything else (a TypeError, …) keeps its stack.
    const text = err instanceof Error && err.name === 'Error' ? err.message : (err?.stack ?? String(err));
    console.error(`\n${name} FAILED: ${text}`);
    await softCleanup();
    process.exit(1);
  }
}

export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `profilehub-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

// ---------------------------------------------------------------- processes

/**
 * Spawns a process in its own process group (so clean-up can take its whole tree down),
 * keeps the last lines of its output for error messages.
 */
export function spawnTracked(cmd, args, { env = {}, cwd = ROOT, echo = false, onLine } = {}) {
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.add(child);
  const tail = [];
  const take = (stream, out) => {
    let buf = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      buf += chunk;
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const line of lines) {
        tail.push(line);
        if (tail.length > 40) tail.shift();
        onLine?.(line);
        if (echo) out.write(`    | ${line}\n`);
      }
    });
  };
  take(child.stdout, process.stdout);
  take(child.stderr, process.stderr);
  child.outputTail = () => tail.join('\n');
  child.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
    child.on('error', (err) => {
      children.delete(child);
      resolve({ code: null, signal: null, error: err });
    });
  });
  return child;
}

/**
 * Sends `signal` to the process (not its group, like a supervisor would), waits for it
 * to exit; after `timeoutMs` kills the whole group and reports that it had to.
 */
export async function stopProcess(child, { signal = 'SIGTERM', timeoutMs = 15_000 } = {}) {
  if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, signal: child.signalCode, ms: 0, killed: false };
  const t0 = performance.now();
  child.kill(signal);
  let timer;
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const r = await Promise.race([child.exited, timedOut]);
  clearTimeout(timer);
  if (r === 'timeout') {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
    const after = await child.exited;
    return { ...after, ms: performance.now() - t0, killed: true };
  }
  return { ...r, ms: performance.now() - t0, killed: false };
}

function runSync(cmd, args, { env = {}, cwd = ROOT } = {}) {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, signal: r.signal, error: r.error, output: `${r.stdout ?? ''}${r.stderr ?? ''}`, ms: performance.now() - t0 };
}

export const lastLines = (text, n = 25) => text.trimEnd().split('\n').slice(-n).join('\n');

// ---------------------------------------------------------------- server

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Environment of a benchmark server: loopback only, quiet, known seed password. */
export function serverEnv(extra = {}) {
  return { HOST, LOG_LEVEL: 'warn', SEED_PASSWORD, NODE_ENV: 'development', ...extra };
}

/** Migrates and seeds a new data dir in a short-lived process (as `npm start` does). */
export async function prepareDataDir(label = 'data', env = {}) {
  const dataDir = tempDir(label);
  const child = spawnTracked(process.execPath, [PREPARE_ENTRY], { env: serverEnv({ DATA_DIR: dataDir, ...env }) });
  const t0 = performance.now();
  const r = await child.exited;
  if (r.code !== 0) throw new Error(`prepare.ts failed (exit ${r.code ?? r.signal ?? r.error?.message}):\n${child.outputTail()}`);
  return { dataDir, ms: performance.now() - t0 };
}

/** One GET to 127.0.0.1; resolves { status, body } or rejects on connection errors. */
export function httpGet(port, urlPath, { headers = {}, timeoutMs = 2000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: HOST, port, path: urlPath, headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

export function httpPostJson(port, urlPath, body, { headers = {}, timeoutMs = 10_000 } = {}) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      {
        host: HOST,
        port,
        path: urlPath,
        method: 'POST',
        agent: false,
        timeout: timeoutMs,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(data);
  });
}

/** How long a server may take to answer its first 200 (BENCH_HEALTH_TIMEOUT_S; at load 30 on 2 cores a start can take over a minute). */
const HEALTH_TIMEOUT_MS = Number(process.env.BENCH_HEALTH_TIMEOUT_S ?? 60) * 1000;

/**
 * Polls GET /api/health every `intervalMs` until a 200; rejects when the process exits
 * first or `timeoutMs` passes. Resolves the time of the 200 (performance.now()).
 */
export async function waitForHealth(port, { child, intervalMs = 20, timeoutMs = HEALTH_TIMEOUT_MS } = {}) {
  const deadline = performance.now() + timeoutMs;
  let exited = null;
  child?.exited.then((r) => {
    exited = r;
  });
  for (;;) {
    if (exited) throw new Error(`server exited (code ${exited.code}, signal ${exited.signal}) before /api/health answered 200:\n${child.outputTail()}`);
    const started = performance.now();
    try {
      const res = await httpGet(port, '/api/health', { timeoutMs: 1000 });
      if (res.status === 200) return performance.now();
    } catch {}
    if (performance.now() > deadline) throw new Error(`no 200 from /api/health within ${timeoutMs} ms${child ? `:\n${child.outputTail()}` : ''}`);
    const wait = intervalMs - (performance.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}

/** Starts apps/server/src/server.ts (Node strips the types) on a prepared data dir and waits for health. */
export async function startServer({ dataDir, env = {} }) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawnTracked(process.execPath, [SERVER_ENTRY], { env: serverEnv({ DATA_DIR: dataDir, PORT: String(port), ...env }) });
  const ready = await waitForHealth(port, { child });
  return { child, port, startMs: ready - t0, stop: (opts) => stopProcess(child, opts) };
}

/**
 * Starts bench/lib/`script` (a bare node:http server that prints `ready` once it listens) on
 * `port`, with `args` after the port; throws when it exits or stays silent for 10 s.
 */
export async function startRawHttpServer(script, port, args = []) {
  let signalReady;
  const readyLine = new Promise((resolve) => {
    signalReady = resolve;
  });
  const child = spawnTracked(process.execPath, [path.join(BENCH_DIR, 'lib', script), String(port), ...args], {
    onLine: (l) => l === 'ready' && signalReady(),
  });
  const started = await Promise.race([
    readyLine.then(() => 'ready'),
    child.exited.then(() => 'exited'),
    new Promise((r) => setTimeout(() => r('timeout'), 10_000)),
  ]);
  if (started !== 'ready') throw new Error(`raw node:http server did not start (${started}):\n${child.outputTail()}`);
  return child;
}

/** The PostgreSQL the benchmarks may use (a server at 127.0.0.1:5432 by default). */
const PG_URL = process.env.TEST_DATABASE_URL ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database on PG_URL's server, dropped on clean-up; null when no PostgreSQL answers. */
export async function createPgDatabase(prefix) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `${prefix}_${process.pid}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

// ---------------------------------------------------------------- /proc

function readProcStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(rest[1]) };
  } catch {
    return null;
  }
}

/** This process's RSS before `work` and its peak while `work` runs (sampled every 10 ms, after a GC when exposed). */
export async function ownRssDuring(work) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    return { result: await work(), before, peak };
  } finally {
    clearInterval(sampler);
  }
}

/** VmRSS of a process in KiB (null when it is gone). */
export function rssKib(pid) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
    return m ? Number(m[1]) : 0;
  } catch {
    return null;
  }
}

/**
 * CPU seconds each kind of thread of a process has used so far (Linux /proc, user + system), by
 * the thread's name: Node's main thread is 'MainThread', a worker_threads Worker (the embedded
 * database's) 'WorkerThread', V8's helpers 'V8Worker', libuv's pool 'libuv-worker'.
 */
export function threadCpuS(pid) {
  const byName = {};
  let tids = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const tid of tids) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // Fields after the parenthesised name: state is field 3, utime 14 and stime 15 (1-based).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byName[name] = (byName[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byName;
}

function cmdline(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

/** The process and all its descendants (from /proc/<pid>/stat parent links), with RSS and command. */
export function processTree(rootPid) {
  const byParent = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = readProcStat(Number(name));
    if (!s) continue;
    if (!byParent.has(s.ppid)) byParent.set(s.ppid, []);
    byParent.get(s.ppid).push(s.pid);
  }
  const out = [];
  const walk = (pid, depth) => {
    const rss = rssKib(pid);
    if (rss === null) return;
    out.push({ pid, depth, rssKib: rss, cmd: cmdline(pid) });
    for (const c of byParent.get(pid) ?? []) walk(c, depth + 1);
  };
  walk(rootPid, 0);
  return out;
}

/** Which of `pids` holds the listening TCP socket on `port` (via /proc/net/tcp{,6} inodes). */
export function listeningPid(port, pids) {
  const inodes = new Set();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 9 && f[1].endsWith(`:${hexPort}`) && f[3] === '0A') inodes.add(f[9]);
    }
  }
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1])) return pid;
      }
    } catch {}
  }
  return null;
}

export const isAlive = (pid) => existsSync(`/proc/${pid}`) && readProcStat(pid) !== null && !/^State:\s+Z/m.test(safeRead(`/proc/${pid}/status`));
const safeRead = (f) => {
  try {
    return readFileSync(f, 'utf8');
  } catch {
    return '';
  }
};

// ---------------------------------------------------------------- autocannon

/** One autocannon run, summarised. Rate = 2xx responses / elapsed seconds. */
export async function cannon(opts) {
  const { default: autocannon } = await import('autocannon');
  const res = await new Promise((resolve, reject) => {
    autocannon({ connections: 10, pipelining: 1, ...(opts.amount ? {} : { duration: 8 }), ...opts }, (err, r) => (err ? reject(err) : resolve(r)));
  });
  const ok = res['2xx'];
  return {
    url: opts.url,
    method: opts.method ?? 'GET',
    connections: opts.connections ?? 10,
    durationS: res.duration,
    ok,
    non2xx: res.non2xx,
    errors: res.errors,
    timeouts: res.timeouts,
    statusCodes: res.statusCodeStats,
    rps: ok / res.duration,
    latencyMs: { avg: res.latency.average, p50: res.latency.p50, p90: res.latency.p90, p99: res.latency.p99, max: res.latency.max },
  };
}

// ---------------------------------------------------------------- web app

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Same freshness rule as scripts/start.mjs: dist/index.html newer than apps/web and packages/shared/src. */
export function webBuildState() {
  const index = path.join(WEB_DIST, 'index.html');
  const built = existsSync(index);
  const sources = Math.max(newestMtime(WEB_DIR), newestMtime(path.join(ROOT, 'packages/shared/src')));
  return { built, fresh: built && statSync(index).mtimeMs >= sources };
}

/** `npm run build -w @profilehub/web`; returns { ok, ms, output }. */
export function buildWeb() {
  const r = runSync('npm', ['run', 'build', '-w', '@profilehub/web']);
  return { ok: r.status === 0, ms: r.ms, output: r.output };
}

// ---------------------------------------------------------------- results and printing

function writeResult(name, data) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ name, at: new Date().toISOString(), machineAtEnd: machine(), ...data }, null, 2)}\n`);
  return file;
}

export function machine() {
  const cpus = os.cpus();
  return {
    node: process.version,
    cores: os.availableParallelism(),
    cpu: cpus[0]?.model ?? 'unknown',
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    loadavg1m: Math.round(os.loadavg()[0] * 100) / 100,
  };
}

/** One line about the machine; warns when other work is already loading the cores. */
export function describeMachine() {
  const m = machine();
  const busy = m.loadavg1m > m.cores * 0.75;
  return `Machine: ${m.cores} cores (${m.cpu}), ${m.memGiB} GiB, Node ${m.node}, load average ${m.loadavg1m} (1 min)${busy ? ' — BUSY: other processes compete for the cores, figures are pessimistic' : ''}.`;
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
/** min / median / max of measured rounds. */
/** The p-th percentile by nearest rank (p95 of 40 values is the 38th smallest). */
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)];
};
export const spreadOf = (xs) => ({ min: Math.min(...xs), median: median(xs), max: Math.max(...xs) });
export const mib = (kib) => kib / 1024;
export const fmt = (n, digits = 0) =>
  n === null || n === undefined || Number.isNaN(n) ? '–' : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const verdict = (ok) => (ok ? 'PASS' : 'OVER');

export function table(rows, { align = [] } = {}) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (r) => `  ${r.map((c, i) => (align[i] === 'r' ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ')}`.trimEnd();
  return [line(rows[0]), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join('\n');
}

export function heading(text) {
  console.log(`\n== ${text} ${'='.repeat(Math.max(0, 72 - text.length))}`);
  console.log(describeMachine());
}
