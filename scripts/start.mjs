// `npm start`: build the web app when its sources are newer than the build, prepare the
// database in a short-lived process, then run the server in this one's place.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(`Profilehub needs Node 22.12 or newer (Node 24 LTS recommended); this is ${process.version}.`);
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

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const webIndex = path.join(root, 'apps/web/dist/index.html');
const sources = Math.max(newestMtime(path.join(root, 'apps/web')), newestMtime(path.join(root, 'packages/shared/src')));
if (!existsSync(webIndex) || statSync(webIndex).mtimeMs < sources) {
  console.log('Building the web app…');
  run('npm', ['run', 'build', '--silent', '-w', '@profilehub/web']);
}

const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
run(process.execPath, [tsx, 'apps/server/src/db/prepare.ts'], { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const server = spawn(process.execPath, [tsx, 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit' });
// Pass stop signals on so the server can flush and close its database.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
