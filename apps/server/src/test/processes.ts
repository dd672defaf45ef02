/** Real server processes for the scale-out and fault tests: start one, talk to it over HTTP. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');

export type Reply = { status: number; body: string; headers: http.IncomingHttpHeaders; ms: number };

/** One request to 127.0.0.1:port with any Host (Node cannot resolve *.localhost). */
export function request(
  port: number,
  o: { method?: string; path: string; host?: string; headers?: Record<string, string>; body?: Buffer | string; agent?: http.Agent },
): Promise<Reply> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: o.method ?? 'GET', path: o.path, agent: o.agent ?? false, headers: { host: o.host ?? 'localhost', ...o.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers, ms: performance.now() - started }),
        );
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

export const json = (port: number, method: string, p: string, body?: unknown, jwt?: string) =>
  request(port, {
    method,
    path: p,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

export type ServerProcess = { port: number; child: ChildProcess; log: string[]; stop(signal?: NodeJS.Signals): Promise<void> };

/** Starts `node apps/server/src/server.ts` with this environment, on its PORT or a free port; call `waitHealthy` to wait for it. */
export async function startServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, [SERVER], { env: { ...process.env, PORT: String(port), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (c: Buffer) => log.push(c.toString()));
  child.stderr!.on('data', (c: Buffer) => log.push(c.toString()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  return { port, child, log, stop };
}

/** Waits (on state) until the server answers /api/health with 200; throws with its log if it died. */
export async function waitHealthy(server: ServerProcess): Promise<void> {
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server on ${server.port} exited with ${server.child.exitCode}:\n${server.log.join('')}`);
    const ok = await request(server.port, { path: '/api/health' }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const REDIS_SERVER = '/usr/bin/redis-server';

/** A Redis of the test's own (no persistence) on a free port; fails when redis-server is not installed (`.ci/run` installs it). */
export async function startRedis(): Promise<{ port: number; stop(): Promise<void> }> {
  if (!existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is missing: install Debian's redis-server (the Redis fault tests need a real Redis)`);
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  while (!/Ready to accept connections/.test(out)) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    port,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
