import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { ROOT } from './env.ts';

/**
 * Debian's Caddy in front of a hub, with the Caddyfile of docs/custom-domains.md as it is,
 * only its ports changed to free ones, `admin off`, `skip_install_trust` and `local_certs`
 * (Caddy's internal CA instead of Let's Encrypt) — the adaptation
 * apps/server/src/modules/domains/domains.caddy.test.ts makes for the API test.
 * Throws (the spec fails, it is not skipped) when /usr/bin/caddy is missing.
 */
const CADDY = '/usr/bin/caddy';

export type Caddy = {
  httpPort: number;
  httpsPort: number;
  /** Caddy's internal root certificate (PEM), once Caddy has written it. */
  root: () => Promise<string>;
  log: () => string;
  stop: () => Promise<void>;
};

/** Resolves once something accepts connections on the port, or rejects when Caddy exits. */
async function listening(port: number, caddy: ChildProcess, log: () => string): Promise<void> {
  for (;;) {
    if (caddy.exitCode !== null) throw new Error(`caddy exited with ${caddy.exitCode}:\n${log()}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts Caddy in front of the hub listening on 127.0.0.1:{hubPort}, on the given ports. */
export async function startCaddy(hubPort: number, httpPort: number, httpsPort: number): Promise<Caddy> {
  if (!existsSync(CADDY)) throw new Error(`${CADDY} is missing: install Debian's caddy (apt-get install caddy)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ph-e2e-caddy-'));
  const caddyfile = readFileSync(path.join(ROOT, 'docs/custom-domains.Caddyfile'), 'utf8')
    .replaceAll('127.0.0.1:3000', `127.0.0.1:${hubPort}`)
    .replace('{\n', `{\n\tadmin off\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tlocal_certs\n`);
  writeFileSync(path.join(dir, 'Caddyfile'), caddyfile);
  let log = '';
  const caddy = spawn(CADDY, ['run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout?.on('data', (d: Buffer) => {
    log += d;
  });
  caddy.stderr?.on('data', (d: Buffer) => {
    log += d;
  });
  const stop = async () => {
    if (caddy.exitCode === null && caddy.signalCode === null) {
      const exited = new Promise((resolve) => caddy.once('exit', resolve));
      caddy.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await listening(httpsPort, caddy, () => log);
    await listening(httpPort, caddy, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  const rootFile = path.join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  return {
    httpPort,
    httpsPort,
    async root() {
      while (!existsSync(rootFile)) {
        if (caddy.exitCode !== null) throw new Error(`caddy exited:\n${log}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return readFileSync(rootFile, 'utf8');
    },
    log: () => log,
    stop,
  };
}

/** GET https://{name}:{port}{url} on 127.0.0.1, trusting only `ca`: the answer and the certificate's issuer. */
export function httpsGet(
  name: string,
  port: number,
  url: string,
  ca: string,
): Promise<{ status: number; body: string; issuer: string; subjectAltName: string }> {
  return new Promise((resolve, reject) => {
    const req = https.get({ host: '127.0.0.1', port, servername: name, path: url, headers: { host: `${name}:${port}` }, ca, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => {
        const cert = (res.socket as TLSSocket).getPeerCertificate();
        resolve({ status: res.statusCode ?? 0, body, issuer: String(cert.issuer?.CN ?? ''), subjectAltName: cert.subjectaltname ?? '' });
      });
    });
    req.on('error', reject);
  });
}
