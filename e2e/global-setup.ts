import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BASE_URL, PORT, ROOT, SEED_PASSWORD, SHOTS_DIR } from './env.ts';

/**
 * Prepares a fresh database for this run, builds the web app when needed, then
 * starts the server and waits for /api/health. What the teardown needs is left
 * in process.env (global setup and teardown run in the same runner process).
 */
const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const tmp = path.join(ROOT, '.tmp');
  mkdirSync(SHOTS_DIR, { recursive: true });
  const dataDir = path.join(tmp, `e2e-data-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  process.env.E2E_DATA_DIR = dataDir;

  try {
    await assertPortFree();
    const databaseUrl = process.env.TEST_DATABASE_URL ? await createPostgresDatabase(process.env.TEST_DATABASE_URL) : undefined;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      SEED_PASSWORD,
      LOG_LEVEL: 'warn',
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      PUBLIC_DOMAIN: 'localhost',
      // The SSO spec's OpenID provider listens on 127.0.0.1 over http.
      SSO_ALLOW_PRIVATE_ISSUER: 'true',
      SMTP_URL: '',
      WEB_DIST: '',
      DATABASE_URL: databaseUrl ?? '',
    };

    const prepare = spawnSync(process.execPath, ['apps/server/src/bootstrap/prepare.ts'], { cwd: ROOT, env, encoding: 'utf8', timeout: 600_000 });
    if (prepare.status !== 0) throw new Error(`bootstrap/prepare.ts failed (${prepare.status ?? prepare.signal}):\n${prepare.stdout}\n${prepare.stderr}`);

    const webDir = path.join(tmp, `e2e-web-${process.pid}`);
    process.env.E2E_WEB_DIR = webDir;
    env.WEB_DIST = prepareWeb(webDir);
    const logFile = path.join(tmp, `e2e-server-${process.pid}.log`);
    process.env.E2E_SERVER_LOG = logFile;
    await startServer(env, logFile);
    console.log(
      `[e2e] ${BASE_URL} ready on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} in ${((Date.now() - started) / 1000).toFixed(1)} s (server log: ${path.relative(ROOT, logFile)})`,
    );
  } catch (error) {
    // The teardown may not run when the setup fails: clean up here.
    const { default: teardown } = await import('./global-teardown.ts');
    await teardown();
    throw error;
  }
}

async function assertPortFree(): Promise<void> {
  const answered = await fetch(`${BASE_URL}/api/health`, { signal: AbortSignal.timeout(1_000) }).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`Port ${PORT} is already in use (a server from an earlier run?). Stop it or set E2E_PORT.`);
}

/** A new database `ph_e2e_<pid>` next to the one TEST_DATABASE_URL names; its URL goes to the server. */
async function createPostgresDatabase(adminUrl: string): Promise<string> {
  const name = `ph_e2e_${process.pid}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  process.env.E2E_ADMIN_DATABASE_URL = adminUrl;
  process.env.E2E_DATABASE_NAME = name;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** The project's own build (`npm run build -w @profilehub/web`), into apps/web/dist. */
function buildWeb(): void {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', '@profilehub/web'], { cwd: ROOT, encoding: 'utf8', timeout: 600_000 });
  if (build.status !== 0) throw new Error(`The web build failed:\n${build.stdout}\n${build.stderr}`);
}

/** index.html and every script and stylesheet it names are there (not a half-written build). */
function isCompleteBuild(dir: string): boolean {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const assets = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
  return assets.every((asset) => existsSync(path.join(dir, asset)));
}

/**
 * The web app the server serves during this run. Builds apps/web/dist when it is
 * missing, or older than its sources (the app is being worked on: testing an old
 * bundle helps nobody; E2E_SKIP_BUILD=1 skips that second case). The server then
 * serves a copy of it (WEB_DIST), so someone rebuilding apps/web/dist in the middle
 * of the run cannot pull the pages away.
 */
function prepareWeb(webDir: string): string {
  if (!existsSync(WEB_INDEX)) {
    console.log('[e2e] apps/web/dist/index.html is missing: building the web app');
    buildWeb();
  } else if (process.env.E2E_SKIP_BUILD !== '1') {
    const sources = Math.max(
      newestMtime(path.join(ROOT, 'apps/web/src')),
      newestMtime(path.join(ROOT, 'packages/shared/src')),
      statSync(path.join(ROOT, 'apps/web/index.html')).mtimeMs,
    );
    if (sources > statSync(WEB_INDEX).mtimeMs) {
      console.log('[e2e] apps/web/dist is older than its sources: rebuilding the web app');
      buildWeb();
    }
  }
  copyDist(webDir);
  return webDir;
}

/** Copies apps/web/dist, again if it changed while being copied (someone else rebuilding it). */
function copyDist(webDir: string): void {
  const dist = path.dirname(WEB_INDEX);
  const stamp = () => {
    try {
      return `${statSync(WEB_INDEX).mtimeMs}:${readdirSync(path.join(dist, 'assets')).sort().join(',')}`;
    } catch {
      return 'missing';
    }
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = stamp();
    rmSync(webDir, { recursive: true, force: true });
    try {
      cpSync(dist, webDir, { recursive: true });
    } catch {
      // A file vanished mid-copy: try again.
    }
    if (before !== 'missing' && stamp() === before && isCompleteBuild(webDir)) return;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2_000);
  }
  throw new Error('apps/web/dist kept changing while it was copied; run the tests again.');
}

async function startServer(env: NodeJS.ProcessEnv, logFile: string): Promise<void> {
  const log = openSync(logFile, 'w');
  // Its own process group, so the teardown stops the server and anything it started.
  const server: ChildProcess = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  if (!server.pid) throw new Error('The server could not be started');
  process.env.E2E_SERVER_PID = String(server.pid);
  const pid = server.pid;
  process.on('exit', () => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already stopped.
    }
  });
  let exited: number | string | null = null;
  server.on('exit', (code, signal) => {
    exited = code ?? signal ?? 'unknown';
  });

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`The server exited (${exited}) before it was ready:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
    const ok = await fetch(`${BASE_URL}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${BASE_URL}/api/health within 60 s:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
}
