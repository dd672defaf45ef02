// `npm start`: build the web app when its sources are newer than the build, create and seed
// the embedded database in a short-lived process the first time, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`Profilehub needs Node 22.18 or newer (Node 24 LTS recommended); this is ${process.version}.`);
  process.exit(1);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function run(args, extraEnv = {}) {
  const r = spawnSync(args[0], args.slice(1), { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const webIndex = path.join(root, 'apps/web/dist/index.html');
const sources = Math.max(newestMtime(path.join(root, 'apps/web')), newestMtime(path.join(root, 'packages/shared/src')));
// --no-build: start on whatever build exists (benchmarks time the start without a Vite build).
if (!process.argv.includes('--no-build') && (!existsSync(webIndex) || statSync(webIndex).mtimeMs < sources)) {
  console.log('Building the web app…');
  run(['npm', 'run', 'build', '--silent', '-w', '@profilehub/web']);
}

// Node runs the TypeScript sources directly (type stripping); the compile cache keeps restarts fast.
const env = { ...process.env, NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(root, 'node_modules/.cache/node-compile') };
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
// A new PGlite store costs ~0.8 GB of memory that WebAssembly never returns: create it in a process that exits.
if (!process.env.DATABASE_URL && !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
  console.log('Creating the embedded database…');
  run([process.execPath, 'apps/server/src/bootstrap/prepare.ts'], { ...env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
}
// Memory (issue 27; bench/startup.mjs prints it). Each is read at process start, so it is set here,
// not in server.ts:
// - V8 sizes the young generation of each thread (the server's and the embedded database's) from
//   the machine's memory, up to 64 MiB a semi-space: the two held ~250 MiB for short-lived
//   garbage. 8 MiB a semi-space measured ~180 MiB less RSS, and is what keeps the idle server
//   under 350 MiB. Its price: ~20 % more CPU time per request under the visits load (more
//   scavenges); 16 MiB costs none but idles at ~350 MiB. The flag sets every thread's limit.
// - glibc keeps what the start frees in its heap, where it cannot be returned: ~75 MiB that
//   malloc_trim() would free, mostly blocks of 32–64 KiB. Blocks from the threshold up are mapped
//   on their own and go back when freed; two malloc arenas instead of up to 8 a core leave less
//   behind. A 32 KiB threshold returned nearly all of it (idle ~295 MiB) but cost ~1 s of the
//   start (the module loads' buffers each mapped and unmapped); 128 KiB starts as fast as none
//   and idles at ~325 MiB, against ~365 MiB with neither setting (3 starts each, interleaved).
const serverEnv = {
  ...env,
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
};
const server = spawn(process.execPath, ['--max-semi-space-size=8', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit', env: serverEnv });
// Pass stop signals on so the server can close its database cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
