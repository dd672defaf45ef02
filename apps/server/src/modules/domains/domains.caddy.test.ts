/**
 * A division's own domain behind the real Caddy (Debian's /usr/bin/caddy) with on-demand TLS
 * from its internal CA, asking the hub's ask endpoint: the set-up docs/custom-domains.md gives.
 * Verification itself goes through Caddy's HTTP port, as it does when a domain's DNS points at
 * the server. Without Caddy this file fails: it is what proves the deployment guide.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { type AddressInfo, connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DomainState } from '@profilehub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema.ts';
import { createCompany, createUser, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

const CADDY = '/usr/bin/caddy';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** Resolves once something accepts connections on the port (Caddy has started), or rejects when Caddy exits. */
async function listening(port: number, caddy: ChildProcess): Promise<void> {
  for (;;) {
    if (caddy.exitCode !== null) throw new Error(`caddy exited with ${caddy.exitCode}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

let httpPort = 0;
let httpsPort = 0;
const t = useTestApp(() => ({
  env: { DOMAIN_VERIFY_ALLOW_PRIVATE: 'true' },
  // Every domain's DNS points at this machine, where Caddy listens for HTTP.
  overrides: { resolveDomain: async () => [{ address: '127.0.0.1', port: httpPort }] },
}));

let dir = '';
let caddy: ChildProcess | undefined;
let caddyLog = '';
let admin: Record<string, string>;

beforeAll(async () => {
  if (!existsSync(CADDY)) throw new Error(`${CADDY} is missing: install Debian's caddy (apt-get install caddy)`);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const appPort = (t.app.server.address() as AddressInfo).port;
  [httpPort, httpsPort] = [await freePort(), await freePort()];
  dir = mkdtempSync(path.join(os.tmpdir(), 'ph-caddy-'));
  const caddyfile = readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/custom-domains.Caddyfile'), 'utf8')
    .replaceAll('127.0.0.1:3000', `127.0.0.1:${appPort}`)
    // The test's own ports, its internal CA instead of Let's Encrypt, and no admin API or trust-store install.
    .replace('{\n', `{\n\tadmin off\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tlocal_certs\n`);
  writeFileSync(path.join(dir, 'Caddyfile'), caddyfile);
  caddy = spawn(CADDY, ['run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout?.on('data', (d: Buffer) => (caddyLog += d));
  caddy.stderr?.on('data', (d: Buffer) => (caddyLog += d));
  await listening(httpsPort, caddy);
  await listening(httpPort, caddy);

  const division = await createCompany(t.db);
  await t.db.insert(profiles).values({
    companyId: division.id,
    alias: 'jane',
    publishedAt: new Date(),
    publishedHtml: '<!doctype html><html lang="en"><head><title>Jane</title></head><body><h1>Jane Doe</h1></body></html>',
    publishedEtag: 'etag-jane',
    publishedContent: { fullName: 'Jane Doe' },
  });
  admin = (await signIn(t.app, (await createUser(t.app, { role: 'superadmin' })).email)).headers;
  const set = await t.app.inject({
    method: 'PUT',
    url: `/api/companies/${division.id}/domain`,
    headers: admin,
    payload: { domain: 'cards.acme-example.test' },
  });
  expect(set.statusCode).toBe(200);
  const verified = await t.app.inject({ method: 'POST', url: `/api/companies/${division.id}/domain/verify`, headers: admin });
  expect(verified.statusCode, verified.body).toBe(200);
  expect((verified.json() as DomainState).status).toBe('verified');
  // Another division's domain, entered but never verified.
  const other = await createCompany(t.db);
  expect(
    (await t.app.inject({ method: 'PUT', url: `/api/companies/${other.id}/domain`, headers: admin, payload: { domain: 'cards.unverified-example.test' } }))
      .statusCode,
  ).toBe(200);
}, 60_000);

afterAll(async () => {
  if (caddy && caddy.exitCode === null) {
    const exited = new Promise((r) => caddy!.once('exit', r));
    caddy.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** GET https://{name}{url} through Caddy, trusting only Caddy's internal root. */
function get(name: string, url: string, ca: string): Promise<{ status: number; body: string; issuer: string }> {
  return new Promise((resolve, reject) => {
    const req = https.get({ host: '127.0.0.1', port: httpsPort, servername: name, path: url, headers: { host: name }, ca, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        const cert = (res.socket as import('node:tls').TLSSocket).getPeerCertificate();
        resolve({ status: res.statusCode ?? 0, body, issuer: String(cert.issuer?.CN ?? '') });
      });
    });
    req.on('error', reject);
  });
}

/** Caddy writes its internal CA's root when it starts with `local_certs`: wait for the file. */
async function caddyRoot(): Promise<string> {
  const file = path.join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  while (!existsSync(file)) {
    if (caddy?.exitCode !== null) throw new Error(`caddy exited:\n${caddyLog}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return readFileSync(file, 'utf8');
}

describe('a division’s own domain behind Caddy with on-demand TLS', () => {
  it('a verified domain gets a certificate from Caddy’s CA and the division’s page over HTTPS', async () => {
    const res = await get('cards.acme-example.test', '/jane', await caddyRoot());
    expect(res.status).toBe(200);
    expect(res.body).toContain('<h1>Jane Doe</h1>');
    expect(res.issuer).toMatch(/Caddy Local Authority/);
  });

  it('a domain not verified gets no certificate: the TLS handshake fails', async () => {
    const ca = await caddyRoot();
    await expect(get('cards.unverified-example.test', '/jane', ca)).rejects.toThrow(/alert|handshake|SSL|socket/i);
  });
});
