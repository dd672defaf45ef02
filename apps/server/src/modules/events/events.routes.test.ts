import { NUL_MESSAGE } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { companyDailyStats, dailyFiltered, dailyStats, events, profiles } from '../../db/schema.ts';
import { LIMITS, RateLimiter } from '../../http/rate-limit.ts';
import { createCompany, freshIp } from '../../test/factories.ts';
import { cloneDatabase, createTestApp, injectThroughServer, useTestApp } from '../../test/harness.ts';
import { isBotAgent, visitorHash } from './events.service.ts';

const t = useTestApp();

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** The tap targets the published page shows (as the renderer marks them): only their labels are counted. */
const PAGE = [
  '<html><body><h1>Acme Holdings</h1>',
  ...['Call me', 'Website', 'Shop', 'Call', 'Tom &amp; Jerry&#x27;s'].map((l) => `<a data-track-action="click" data-track-label="${l}">${l}</a>`),
  '<a class="ph-yt" data-yt="dQw4w9WgXcQ" data-title="Our story">Play</a></body></html>',
].join('');

async function profile(published = true, o: { template?: boolean } = {}) {
  const company = await createCompany(t.app.deps.db);
  const [p] = await t.app.deps.db
    .insert(profiles)
    .values({
      companyId: company.id,
      alias: `ev-${company.subdomain}`,
      isMaster: o.template ?? false,
      publishedAt: published ? new Date() : null,
      publishedHtml: published ? PAGE : null,
      site: { siteId: 'x', domainName: `${company.subdomain}.localhost` },
    })
    .returning();
  return p!;
}
/** The host a profile's page is published on, where its beacons go. */
const hostOf = (p: { site: { domainName: string } | null }) => `${p.site!.domainName}:3000`;
const send = (body: unknown, o: { ua?: string; ip?: string; type?: string; host?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/events',
    remoteAddress: o.ip ?? freshIp(),
    headers: { 'content-type': o.type ?? 'text/plain;charset=UTF-8', 'user-agent': o.ua ?? PHONE, ...(o.host ? { host: o.host } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const filteredOf = async (profileId: number) => {
  await t.app.deps.ingest.flush();
  const [row] = await t.app.deps.db.select().from(dailyFiltered).where(eq(dailyFiltered.profileId, profileId));
  return row?.count ?? 0;
};
/** Events are buffered: flush, then read what was written. */
const stored = async (profileId: number) => {
  await t.app.deps.ingest.flush();
  return t.app.deps.db.select().from(events).where(eq(events.profileId, profileId));
};

describe('POST /api/events', () => {
  it('stores a beacon (text/plain JSON) for a published profile with the company taken from the profile', async () => {
    const p = await profile();
    const res = await send({ profileId: p.id, action: 'click', type: 'phone', label: 'Call me' });
    expect(res.statusCode).toBe(204);
    const rows = await stored(p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ companyId: p.companyId, action: 'click', type: 'phone', label: 'Call me' });
    expect(rows[0]!.visitorHash).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('also takes application/json', async () => {
    const p = await profile();
    expect((await send({ profileId: p.id, action: 'view', type: 'page' }, { type: 'application/json' })).statusCode).toBe(204);
    expect(await stored(p.id)).toHaveLength(1);
  });

  it('answers 400 with a readable message for an unknown action or type, extra fields, and broken JSON, storing nothing', async () => {
    const p = await profile();
    for (const body of [
      { profileId: p.id, action: 'hack', type: 'phone' },
      { profileId: p.id, action: 'click', type: 'nope' },
      { profileId: p.id, action: 'click', type: 'url', companyId: 1 },
      { profileId: p.id, action: 'click', type: 'url', label: 'x'.repeat(301) },
      '{not json',
    ]) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(0);
    }
    expect(await stored(p.id)).toHaveLength(0);
  });

  it('rejects oversized bodies with 413', async () => {
    const p = await profile();
    const res = await send(JSON.stringify({ profileId: p.id, action: 'click', type: 'url', label: 'x'.repeat(5000) }));
    expect(res.statusCode).toBe(413);
  });

  it('acknowledges but does not count bots, link previews and unpublished profiles', async () => {
    const p = await profile();
    for (const ua of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'WhatsApp/2.23.20.0', 'Mozilla/5.0 HeadlessChrome/120.0', '']) {
      expect((await send({ profileId: p.id, action: 'view', type: 'page' }, { ua, host: hostOf(p) })).statusCode).toBe(204);
    }
    expect(await stored(p.id)).toHaveLength(0);
    const [filtered] = await t.app.deps.db.select().from(dailyFiltered).where(eq(dailyFiltered.profileId, p.id));
    expect(filtered).toMatchObject({ companyId: p.companyId, count: 4, day: new Date().toISOString().slice(0, 10) });
    const hidden = await profile(false);
    expect((await send({ profileId: hidden.id, action: 'view', type: 'page' })).statusCode).toBe(204);
    expect(await stored(hidden.id)).toHaveLength(0);
  });

  it('counts a bot as filtered only on a published page that is not a template, beaconed from the page’s own host', async () => {
    const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
    const live = await profile();
    const template = await profile(true, { template: true });
    const hidden = await profile(false);
    const other = await profile();
    const view = (p: { id: number }, host: string) => send({ profileId: p.id, action: 'view', type: 'page' }, { ua: BOT, host });
    for (const res of [
      await view(template, hostOf(template)),
      await view(hidden, hostOf(hidden)),
      // Another division's page, beaconed on this division's host (or the hub's).
      await view(other, hostOf(live)),
      await view(other, 'localhost:3000'),
      await view({ id: 2_000_000_000 }, hostOf(live)),
    ])
      expect(res.statusCode).toBe(204);
    await view(live, hostOf(live));
    expect(await filteredOf(live.id)).toBe(1);
    for (const p of [template, hidden, other]) expect(await filteredOf(p.id)).toBe(0);
  });

  it('counts a label only if the page has a tap target with it, not any other text of its HTML', async () => {
    const p = await profile();
    for (const label of ['html', 'Acme', 'Acme Holdings', 'data-track-label', 'Call m', 'Our story', 'Copy link'])
      expect((await send({ profileId: p.id, action: 'click', type: 'url', label })).statusCode).toBe(204);
    const labels = (await stored(p.id)).map((r) => r.label);
    expect(labels.filter((l) => l !== null).sort()).toEqual(['Copy link', 'Our story']);
    expect(labels.filter((l) => l === null)).toHaveLength(5);
  });

  it('answers 503 with Retry-After, never 204, when the event cannot be committed', async () => {
    const p = await profile();
    const database = await cloneDatabase();
    const app = await buildApp({ config: t.config, database });
    await app.ready();
    injectThroughServer(app);
    await database.close();
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/events',
        remoteAddress: freshIp(),
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': PHONE },
        payload: JSON.stringify({ profileId: p.id, action: 'view', type: 'page' }),
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
    } finally {
      await app.close().catch(() => {});
    }
  });

  it('counts a label only if the live page shows it; a made-up one is stored without it', async () => {
    const p = await profile();
    for (const label of ["Tom & Jerry's", 'Send your card number to evil.example'])
      expect((await send({ profileId: p.id, action: 'click', type: 'url', label })).statusCode).toBe(204);
    const rows = await stored(p.id);
    expect(rows.map((r) => r.label).sort()).toEqual(["Tom & Jerry's", null].sort());
  });

  it('one address rotating user agents is one visitor', async () => {
    const p = await profile();
    const ip = freshIp();
    for (let i = 0; i < 20; i++) await send({ profileId: p.id, action: 'view', type: 'page' }, { ip, ua: `${PHONE} rotated/${i}` });
    await t.app.deps.ingest.flush();
    const [row] = await t.app.deps.db.select().from(dailyStats).where(eq(dailyStats.profileId, p.id));
    expect(row).toMatchObject({ count: 20, visitors: 1 });
  });

  it('limits events per IP', async () => {
    const p = await profile();
    const ip = freshIp();
    for (let i = 0; i < LIMITS.eventsPerIp.max; i++) await t.app.deps.limiter.hit(LIMITS.eventsPerIp, ip);
    const res = await send({ profileId: p.id, action: 'view', type: 'page' }, { ip });
    expect(res.statusCode).toBe(429);
  });
});

describe('POST /api/events, answered before Fastify (http/fast-path.ts)', () => {
  it('answers broken JSON with the same readable message whichever media type the beacon used', async () => {
    for (const type of ['text/plain;charset=UTF-8', 'application/json']) {
      const res = await send('{"profileId":', { type });
      expect(res.statusCode, type).toBe(400);
      expect(res.json(), type).toMatchObject({ statusCode: 400, message: 'The event is not valid JSON.' });
    }
  });

  it('refuses text PostgreSQL cannot store with the shared message, storing nothing', async () => {
    const p = await profile();
    const res = await send({ profileId: p.id, action: 'click', type: 'url', label: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NUL_MESSAGE);
    expect(await stored(p.id)).toHaveLength(0);
  });

  it('names every field that is wrong, as every route does', async () => {
    const res = await send({ profileId: -1, action: 'hack', type: 'phone' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation');
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['action', 'profileId']);
  });

  it('refuses a beacon sent to a Host this server does not serve with 421, as every route does, storing nothing', async () => {
    const p = await profile();
    for (const type of ['text/plain;charset=UTF-8', 'application/json']) {
      const res = await send({ profileId: p.id, action: 'view', type: 'page' }, { type, host: 'evil.example' });
      expect(res.statusCode, type).toBe(421);
      expect(res.json(), type).toMatchObject({ statusCode: 421, code: 'unknown_host' });
    }
    expect(await stored(p.id)).toHaveLength(0);
    // The page's own host is served.
    expect((await send({ profileId: p.id, action: 'view', type: 'page' }, { host: hostOf(p) })).statusCode).toBe(204);
  });

  it('leaves what a beacon never sends to Fastify: another media type is 415, nothing stored', async () => {
    const p = await profile();
    const res = await send(`profileId=${p.id}`, { type: 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(await stored(p.id)).toHaveLength(0);
  });

  it('counts per address by the rule of every route: a forwarded address only from a trusted proxy', async () => {
    const limiter = new RateLimiter(true, { kind: 'memory' }, { [LIMITS.eventsPerIp.name]: 3 });
    const u = await createTestApp({ env: { TRUSTED_PROXIES: '198.51.100.1' }, overrides: { limiter } });
    const beacon = (remoteAddress: string, forwarded: string) =>
      u.app.inject({
        method: 'POST',
        url: '/api/events',
        remoteAddress,
        headers: { 'content-type': 'text/plain', 'user-agent': PHONE, 'x-forwarded-for': forwarded },
        payload: JSON.stringify({ profileId: 1, action: 'view', type: 'page' }),
      });
    try {
      for (let i = 0; i < 6; i++) expect((await beacon('198.51.100.1', `192.0.2.${i}`)).statusCode).toBe(204);
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await beacon('198.51.100.2', `192.0.2.${i}`)).statusCode);
      expect(codes).toEqual([204, 204, 204, 429, 429, 429]);
    } finally {
      await u.close();
    }
  });
});

describe('rollups', () => {
  const rollup = async (profileId: number) => {
    await t.app.deps.ingest.flush();
    return t.app.deps.db.select().from(dailyStats).where(eq(dailyStats.profileId, profileId));
  };

  it('counts each day × action × type × label with its unique visitors, and the company-wide sum', async () => {
    const p = await profile();
    const [alice, bob] = [freshIp(), freshIp()];
    await send({ profileId: p.id, action: 'view', type: 'page' }, { ip: alice });
    await send({ profileId: p.id, action: 'view', type: 'page' }, { ip: alice });
    await send({ profileId: p.id, action: 'view', type: 'page' }, { ip: bob });
    await send({ profileId: p.id, action: 'click', type: 'url', label: 'Website' }, { ip: alice });
    await send({ profileId: p.id, action: 'click', type: 'url', label: 'Shop' }, { ip: alice });
    const rows = await rollup(p.id);
    const row = (action: string, label: string) => rows.find((r) => r.action === action && r.label === label);
    expect(row('view', '')).toMatchObject({ count: 3, visitors: 2, type: 'page', companyId: p.companyId });
    expect(row('click', 'Website')).toMatchObject({ count: 1, visitors: 1 });
    expect(row('click', 'Shop')).toMatchObject({ count: 1, visitors: 1 });

    // A later batch adds to the same rows; a returning visitor is not counted twice the same day.
    await send({ profileId: p.id, action: 'view', type: 'page' }, { ip: bob });
    await send({ profileId: p.id, action: 'view', type: 'page' }, { ip: freshIp() });
    expect((await rollup(p.id)).find((r) => r.action === 'view')).toMatchObject({ count: 5, visitors: 3 });

    const company = await t.app.deps.db.select().from(companyDailyStats).where(eq(companyDailyStats.companyId, p.companyId));
    expect(company.find((r) => r.action === 'view')).toMatchObject({ count: 5, visitors: 3 });
    expect(company.filter((r) => r.action === 'click')).toHaveLength(2);
  });

  it('answers a burst of events only once each is committed, sharing a few writes (group commit)', async () => {
    const p = await profile();
    const before = t.app.deps.ingest.stats.flushes;
    const replies = await Promise.all(Array.from({ length: 200 }, () => send({ profileId: p.id, action: 'click', type: 'phone', label: 'Call' })));
    expect(replies.every((r) => r.statusCode === 204)).toBe(true);
    // Every 204 is already in the database: nothing is waiting to be written.
    expect(t.app.deps.ingest.pending).toBe(0);
    expect((await t.app.deps.db.select().from(events).where(eq(events.profileId, p.id))).length).toBe(200);
    expect(t.app.deps.ingest.stats.flushes - before).toBeLessThanOrEqual(10);
    expect((await rollup(p.id))[0]).toMatchObject({ count: 200, visitors: 200 });
  });
});

describe('visitor hash and bot detection', () => {
  it('is stable within a day, differs across days and visitors, and never contains the IP', () => {
    const a = visitorHash('k', '203.0.113.9', '2026-01-01');
    expect(visitorHash('k', '203.0.113.9', '2026-01-01')).toBe(a);
    expect(visitorHash('k', '203.0.113.9', '2026-01-02')).not.toBe(a);
    expect(visitorHash('k', '203.0.113.10', '2026-01-01')).not.toBe(a);
    expect(a).not.toContain('203');
  });
  it('treats phones as people and crawlers as bots', () => {
    expect(isBotAgent(PHONE)).toBe(false);
    expect(isBotAgent('facebookexternalhit/1.1')).toBe(true);
    expect(isBotAgent(undefined)).toBe(true);
  });
});
