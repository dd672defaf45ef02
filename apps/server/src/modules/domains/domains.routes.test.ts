import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { DOMAIN_MESSAGES, type DomainState } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, profiles } from '../../db/schema.ts';
import { createCompany, createUser, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

/**
 * The app listens on a real port, and every domain name resolves to it: the hub's verification
 * request goes over HTTP to the hub itself, as it would to a domain whose DNS points at the hub.
 * `*.unreachable.test` names resolve to a closed port; `*.nowhere.test` names do not resolve;
 * `*.elsewhere.test` names point at another web server, which answers 200 with its own text.
 */
let port = 0;
let closedPort = 0;
let strangerPort = 0;
const t = useTestApp(() => ({
  env: { DOMAIN_VERIFY_ALLOW_PRIVATE: 'true', PUBLIC_DOMAIN: 'pages.test' },
  overrides: {
    resolveDomain: async (domain) => {
      if (domain.endsWith('.nowhere.test')) throw new Error('ENOTFOUND');
      if (domain.endsWith('.elsewhere.test')) return [{ address: '127.0.0.1', port: strangerPort }];
      return [{ address: '127.0.0.1', port: domain.endsWith('.unreachable.test') ? closedPort : port }];
    },
  },
}));

let admin: Record<string, string>;
let supervisor: Record<string, string>;
let division: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  // A port that was free a moment ago and is closed now: connecting to it is refused.
  const probe = createNetServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
  const stranger = createHttpServer((_req, res) => res.end('someone else’s site'));
  await new Promise<void>((r) => stranger.listen(0, '127.0.0.1', r));
  strangerPort = (stranger.address() as AddressInfo).port;
  division = await createCompany(t.db);
  admin = (await signIn(t.app, (await createUser(t.app, { role: 'superadmin' })).email)).headers;
  supervisor = (await signIn(t.app, (await createUser(t.app, { role: 'supervisor', companyId: division.id, supervises: true })).email)).headers;
  await t.db.insert(profiles).values({
    companyId: division.id,
    alias: 'jane',
    publishedAt: new Date(),
    publishedHtml: '<!doctype html><html lang="en"><head><title>Jane</title></head><body><h1>Jane Doe</h1></body></html>',
    publishedEtag: 'etag-jane',
    publishedContent: { fullName: 'Jane Doe' },
    site: { siteId: 'jane', domainName: `${division.subdomain}.pages.test` },
  });
  return () => new Promise<void>((r) => stranger.close(() => r()));
});

/** The host Jane's stored page says it lives on. */
const janeSite = async () => {
  const [jane] = await t.db.select({ site: profiles.site }).from(profiles).where(eq(profiles.alias, 'jane'));
  return jane?.site?.domainName;
};
const put = (id: number, domain: string, headers = admin) => t.app.inject({ method: 'PUT', url: `/api/companies/${id}/domain`, headers, payload: { domain } });
const verify = (id: number, headers = admin) => t.app.inject({ method: 'POST', url: `/api/companies/${id}/domain/verify`, headers });
const remove = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/companies/${id}/domain`, headers: admin });
const page = (host: string) => t.app.inject({ method: 'GET', url: '/jane', headers: { host } });
const ask = (domain: string, o: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/domains/ask?domain=${encodeURIComponent(domain)}`,
    headers: { host: '127.0.0.1', ...o.headers },
    remoteAddress: o.remoteAddress,
  });

describe('a division’s own domain: setting it', () => {
  it('stores the domain lower-cased as pending, with a token and the DNS and check-URL instructions', async () => {
    const res = await put(division.id, '  Cards.Example.COM. ');
    expect(res.statusCode).toBe(200);
    const state = res.json() as DomainState;
    expect(state).toMatchObject({ status: 'pending', domain: 'cards.example.com', target: 'hub.test', verifiedAt: null });
    expect(state.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(state.checkUrl).toBe(`http://cards.example.com/.well-known/profilehub-verification/${state.token}`);
    expect((await t.app.inject({ method: 'GET', url: `/api/companies/${division.id}/domain`, headers: admin })).json()).toEqual(state);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `company:${division.id}`));
    expect(audits.map((a) => a.action)).toContain('company.domain_set');
  });

  it('refuses a malformed name, the hub’s own names and the public-pages domain with a message', async () => {
    for (const bad of ['https://cards.example.com', 'cards.example.com/x', 'nodot', 'a..b.com', '-x.example.com']) {
      const res = await put(division.id, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBe(DOMAIN_MESSAGES.invalid);
    }
    const whiteLabelled = await createCompany(t.db, { whiteLabel: { title: 'Acme hub', domain: 'hub.acme.test' } as never });
    for (const own of ['hub.test', 'pages.test', 'acme.pages.test', 'hub.acme.test', whiteLabelled.hubDomain!]) {
      const res = await put(division.id, own);
      expect(res.statusCode, own).toBe(400);
      expect(res.json()).toMatchObject({ message: DOMAIN_MESSAGES.hubOwn, errors: [{ path: 'domain' }] });
    }
  });

  it('refuses a domain another division holds, pending or verified, with 409', async () => {
    const other = await createCompany(t.db);
    expect((await put(other.id, 'held.example.com')).statusCode).toBe(200);
    const res = await put(division.id, 'HELD.example.com');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: DOMAIN_MESSAGES.taken, errors: [{ path: 'domain' }] });
  });

  it('is the superadmin’s: a supervisor of the division gets 403 and changes nothing', async () => {
    expect((await put(division.id, 'mine.example.com', supervisor)).statusCode).toBe(403);
    expect((await verify(division.id, supervisor)).statusCode).toBe(403);
    const [row] = await t.db.select().from(companies).where(eq(companies.id, division.id));
    expect(row!.pendingDomain).not.toBe('mine.example.com');
  });
});

describe('a division’s own domain: verification over HTTP', () => {
  it('serves the token under /.well-known/ only on the pending domain, and no page there before it is verified', async () => {
    const state = (await put(division.id, 'verify.example.com')).json() as DomainState;
    const wellKnown = (host: string, token: string) => t.app.inject({ method: 'GET', url: `/.well-known/profilehub-verification/${token}`, headers: { host } });
    const own = await wellKnown('verify.example.com', state.token!);
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe(state.token);
    expect((await wellKnown('other.example.com', state.token!)).statusCode).toBe(404);
    expect((await wellKnown('verify.example.com', 'A'.repeat(32))).statusCode).toBe(404);
    expect((await page('verify.example.com')).statusCode).toBe(421);
    expect((await ask('verify.example.com')).statusCode).toBe(404);
  });

  it('fails with a message when the domain answers with something else (it points at another server), and stays pending', async () => {
    expect((await put(division.id, 'shop.elsewhere.test')).statusCode).toBe(200);
    const res = await verify(division.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'domain_not_verified', message: DOMAIN_MESSAGES.wrongAnswer });
    expect(((await t.app.inject({ method: 'GET', url: `/api/companies/${division.id}/domain`, headers: admin })).json() as DomainState).status).toBe('pending');
    expect((await page('shop.elsewhere.test')).statusCode).toBe(421);
  });

  it('fails with a message when the domain cannot be reached or does not resolve', async () => {
    for (const domain of ['cards.unreachable.test', 'cards.nowhere.test']) {
      expect((await put(division.id, domain)).statusCode).toBe(200);
      const res = await verify(division.id);
      expect(res.statusCode, domain).toBe(422);
      expect(res.json().message, domain).toBe(DOMAIN_MESSAGES.unreachable);
    }
  });

  it('verifies a domain that serves its token: the domain then shows the division’s pages and Caddy may certify it', async () => {
    expect((await put(division.id, 'cards.acme-example.com')).statusCode).toBe(200);
    expect((await page('cards.acme-example.com')).statusCode).toBe(421);
    const res = await verify(division.id);
    expect(res.statusCode).toBe(200);
    const state = res.json() as DomainState;
    expect(state).toMatchObject({ status: 'verified', domain: 'cards.acme-example.com', checkUrl: null });
    expect(state.verifiedAt).not.toBeNull();
    const [row] = await t.db.select().from(companies).where(eq(companies.id, division.id));
    expect(row).toMatchObject({ customDomain: 'cards.acme-example.com', customDomainUrl: 'https://cards.acme-example.com', pendingDomain: null });
    const served = await page('cards.acme-example.com');
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('Jane Doe');
    expect((await ask('cards.acme-example.com')).statusCode).toBe(200);
    expect((await ask('CARDS.acme-example.com')).statusCode).toBe(200);
    // The page names its address (canonical link, share links): a job queued with the
    // verification renders it again at the new one.
    await expect.poll(janeSite, { timeout: 15_000 }).toBe('cards.acme-example.com');
    // A copy of the page held in memory is checked against the stored one at its next visit.
    await expect.poll(async () => (await page('cards.acme-example.com')).body, { timeout: 15_000 }).toContain('//cards.acme-example.com/jane');
  });

  it('removing the domain stops its pages and Caddy certifying it; its pages move back to the division’s subdomain', async () => {
    expect((await remove(division.id)).json()).toMatchObject({ status: 'none', domain: null });
    expect((await ask('cards.acme-example.com')).statusCode).toBe(404);
    expect((await page('cards.acme-example.com')).statusCode).toBe(421);
    await expect.poll(janeSite, { timeout: 15_000 }).toBe(`${division.subdomain}.pages.test`);
    // A copy of the page held in memory is checked against the stored one at its next visit.
    await expect.poll(async () => (await page(`${division.subdomain}.pages.test`)).body, { timeout: 15_000 }).not.toContain('cards.acme-example.com');
  });
});

describe('a division’s own domain: the hub never fetches private addresses unless allowed', () => {
  const strict = useTestApp(() => ({ overrides: { resolveDomain: async () => [{ address: '127.0.0.1', port }] } }));

  it('refuses to verify a domain that resolves to loopback when DOMAIN_VERIFY_ALLOW_PRIVATE is off', async () => {
    const other = await createCompany(strict.db);
    const headers = (await signIn(strict.app, (await createUser(strict.app, { role: 'superadmin' })).email)).headers;
    expect(
      (await strict.app.inject({ method: 'PUT', url: `/api/companies/${other.id}/domain`, headers, payload: { domain: 'inside.example.com' } })).statusCode,
    ).toBe(200);
    const res = await strict.app.inject({ method: 'POST', url: `/api/companies/${other.id}/domain/verify`, headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(DOMAIN_MESSAGES.privateAddress);
  });
});

describe('Caddy’s ask endpoint', () => {
  it('answers only this machine, directly: another peer or a request Caddy forwards for a visitor gets 404', async () => {
    await t.db
      .update(companies)
      .set({ customDomain: 'asked.example.com' })
      .where(eq(companies.id, (await createCompany(t.db)).id));
    expect((await ask('asked.example.com')).statusCode).toBe(200);
    expect((await ask('asked.example.com', { remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect((await ask('asked.example.com', { headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    expect((await ask('unknown.example.com')).statusCode).toBe(404);
  });
});
