import net from 'node:net';
import { DEFAULT_ERROR_MESSAGE, ErrorBodySchema } from '@profilehub/shared';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_HOST_MESSAGE } from './modules/public-pages/public-pages.handler.ts';
import { createCompany, createUser, freshIp } from './test/factories.ts';
import { useTestApp } from './test/harness.ts';

const SECRET_DETAIL = 'connect ECONNREFUSED 10.9.8.7:587 (user=mailer password=hunter2)';

// A mail transport that fails like a real one would: the error message carries internals.
const t = useTestApp({
  overrides: {
    mailer: {
      kind: 'smtp',
      send: async () => {
        throw new Error(SECRET_DETAIL);
      },
      close() {},
    },
  },
});

/**
 * A client that writes the whole body before it reads anything (as most do), over its own
 * socket: what a reset looks like is only seen there (inject has no socket).
 */
function sendAllThenRead(port: number, r: { url: string; type: string; host: string }, size: number, chunked: boolean) {
  return new Promise<{ status: number; body: string; error: string }>((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    const got: Buffer[] = [];
    let error = '';
    sock.on('data', (c: Buffer) => got.push(c));
    sock.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    sock.on('close', () => {
      const text = Buffer.concat(got).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const body = /transfer-encoding: chunked/i.test(head) ? (rest.join('\r\n\r\n').split('\r\n')[1] ?? '') : rest.join('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1] ?? 0), body, error });
    });
    const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`;
    sock.write(`POST ${r.url} HTTP/1.1\r\nHost: ${r.host}\r\nContent-Type: ${r.type}\r\n${length}\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const frame = chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!sock.write(frame)) return void sock.once('drain', pump);
      }
      if (chunked) sock.write('0\r\n\r\n');
      // Sent: now it reads, and the server closes once it has answered.
      sock.end();
    };
    pump();
  });
}

/** Every error answer has the one shared shape, and errors[0].message is what a person reads (spec §8). */
function expectErrorBody(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = ErrorBodySchema.parse(res.json());
  expect(body.statusCode).toBe(status);
  expect(body.errors.length).toBeGreaterThan(0);
  expect(body.errors[0]!.message).toBe(body.message);
  return body;
}

describe('GET /api/health', () => {
  it('answers ok once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('hosts', () => {
  const at = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

  it('an unknown Host gets 421 in the error shape: neither the hub’s web app nor its API', async () => {
    for (const host of ['evil.example', 'evil.example:3000', 'localhost.evil.example', '10.0.0.5:3000']) {
      for (const url of ['/', '/sign-in', '/api/white-label', '/api/auth/me', '/api/docs/json']) {
        const body = expectErrorBody(await at(host, url), 421);
        expect(body.code, `${host}${url}`).toBe('unknown_host');
        expect(body.message, `${host}${url}`).toBe(UNKNOWN_HOST_MESSAGE);
      }
    }
  });

  it('the hub’s own hosts, a white-labelled hub and a division’s hosts are served as before', async () => {
    const domain = `hub.${crypto.randomUUID().slice(0, 8)}.localhost`;
    const acme = await createCompany(t.app.deps.db, { whiteLabel: { title: 'Acme', domain } });
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'hub.test', `${domain}:3000`, `${acme.subdomain}.localhost:3000`]) {
      expect((await at(host, '/api/white-label')).statusCode, host).toBe(200);
    }
    // A subdomain of PUBLIC_DOMAIN without a division is a public host: its 404 page, not 421.
    expect((await at('nobody-here.localhost', '/some-card')).statusCode).toBe(404);
  });

  it('health checks answer on any Host: load balancers probe by address', async () => {
    for (const host of ['10.0.0.5:3000', 'evil.example']) expect((await at(host, '/api/health')).statusCode, host).toBe(200);
  });
});

describe('errors', () => {
  it('an unknown /api route is a 404 in the error shape, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope?x=1'],
      ['DELETE', '/api/auth/local'],
      ['GET', '/api'],
    ] as const) {
      const body = expectErrorBody(await t.app.inject({ method, url }), 404);
      expect(body.code, url).toBe('not_found');
      expect(body.message).toBe(`No route for ${method} ${url.split('?')[0]}`);
    }
  });

  it('a malformed JSON body is a 400 in the error shape, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier": "a@b.test", ',
    });
    const body = expectErrorBody(res, 400);
    expect(body.message).not.toBe(DEFAULT_ERROR_MESSAGE);
  });

  it('an empty JSON body and a body of another type are 4xx in the error shape', async () => {
    expectErrorBody(await t.app.inject({ method: 'POST', url: '/api/auth/local', headers: { 'content-type': 'application/json' }, payload: '' }), 400);
    expectErrorBody(await t.app.inject({ method: 'POST', url: '/api/auth/local', headers: { 'content-type': 'application/xml' }, payload: '<a/>' }), 415);
  });

  it('a body that is too large is a 413 in the error shape', async () => {
    const payload = JSON.stringify({ identifier: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) });
    expectErrorBody(await t.app.inject({ method: 'POST', url: '/api/auth/local', headers: { 'content-type': 'application/json' }, payload }), 413);
  });

  it('a 50 MB body on a public route is answered 413 in the error shape over a real socket, even to a client that sends it all before reading', async () => {
    const { port } = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const routes = [
      { url: '/api/events', type: 'text/plain', host: 'localhost' },
      { url: '/api/events', type: 'application/json', host: 'acme.localhost' },
      { url: '/api/lead-forms/submit/1', type: 'application/json', host: 'acme.localhost' },
      { url: '/api/auth/local', type: 'application/json', host: 'localhost' },
    ];
    for (const r of routes) {
      for (const chunked of [false, true]) {
        const res = await sendAllThenRead(Number(port), r, 50 * 1024 * 1024, chunked);
        const what = `${r.host}${r.url} ${r.type}${chunked ? ' chunked' : ''}`;
        expect(res.error, what).toBe('');
        expect(res.status, what).toBe(413);
        expect(JSON.parse(res.body), what).toMatchObject({ statusCode: 413, errors: [{ message: expect.any(String) }] });
      }
    }
  });

  it('a validation failure names the field and says what is wrong', async () => {
    const body = expectErrorBody(await t.app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: 'a@b.test' } }), 400);
    expect(body.code).toBe('validation');
    expect(body.errors[0]).toEqual({ path: 'password', message: 'Please enter your password' });
  });

  it('an internal failure answers 500 with the generic message and never leaks its details', async () => {
    const user = await createUser(t.app, { registered: false });
    const res = await t.app.inject({ method: 'POST', url: `/api/profiles/generate-otp?email=${encodeURIComponent(user.email)}`, remoteAddress: freshIp() });
    const body = expectErrorBody(res, 500);
    expect(body).toEqual({ statusCode: 500, code: 'internal', message: DEFAULT_ERROR_MESSAGE, errors: [{ message: DEFAULT_ERROR_MESSAGE }] });
    for (const leak of ['ECONNREFUSED', 'hunter2', '10.9.8.7', 'at ', '.ts']) expect(res.body).not.toContain(leak);
  });
});

describe('security headers', () => {
  it('API answers carry nosniff and a content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('the hub’s web app loads no user-chosen remote image: img-src is its own origin, data:, blob:, YouTube’s thumbnails and its own page hosts only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sign-in' });
    const imgSrc = /(?:^|;)\s*img-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    // The page hosts: the editor's preview shows the page's QR code from the page's own host (this hub runs on http).
    expect(imgSrc?.split(/\s+/).sort()).toEqual(["'self'", 'blob:', 'data:', `http://*.${t.config.PUBLIC_DOMAIN}`, 'https://i.ytimg.com']);
  });
});

describe('GET /api/docs/json', () => {
  it('is an OpenAPI document of the API, listing the account calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Profilehub API');
    expect(Object.keys(doc.paths['/api/auth/local'])).toContain('post');
    for (const path of ['/api/jwts/verify', '/api/companies', '/api/profiles/register-completed', '/api/health'])
      expect(doc.paths, path).toHaveProperty([path]);
    expect(doc.paths['/api/auth/local'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('identifier');
  });
});
