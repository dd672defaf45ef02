import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyViewSources, dailyStats, dailyViewSources, events, profiles } from '../../db/schema.ts';
import { createCompany, freshIp } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { countryOf, viewSourcesOf } from './view-sources.ts';

const t = useTestApp();

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** A documented test address of the United Kingdom in MaxMind's and DB-IP's data. */
const UK_ADDRESS = '81.2.69.160';

async function profile(app = t.app) {
  const company = await createCompany(app.deps.db);
  const [p] = await app.deps.db
    .insert(profiles)
    .values({
      companyId: company.id,
      alias: `vs-${company.subdomain}`,
      publishedAt: new Date(),
      publishedHtml: '<html><body></body></html>',
      site: { siteId: 'x', domainName: `${company.subdomain}.localhost` },
    })
    .returning();
  return p!;
}

const view = (profileId: number, extra: Record<string, string>, o: { ua?: string; ip?: string } = {}, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/events',
    remoteAddress: o.ip ?? freshIp(),
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': o.ua ?? IPHONE },
    payload: JSON.stringify({ profileId, action: 'view', type: 'page', ...extra }),
  });

/** The profile's view-source rollup as `dimension=value → count`, after the buffered events are written. */
async function rollupOf(profileId: number, app = t.app): Promise<Record<string, number>> {
  await app.deps.ingest.flush();
  const rows = await app.deps.db.select().from(dailyViewSources).where(eq(dailyViewSources.profileId, profileId));
  return Object.fromEntries(rows.map((r) => [`${r.dimension}=${r.value}`, r.count]));
}

describe('where views come from (issue 30)', () => {
  it('counts a view through the QR URL, the signature link and the wallet pass each in its own source row, with device, OS, browser and country', async () => {
    const p = await profile();
    for (const source of ['qr', 'signature', 'wallet', 'qr']) expect((await view(p.id, { source }, { ip: UK_ADDRESS })).statusCode).toBe(204);
    const rollup = await rollupOf(p.id);
    expect(rollup).toMatchObject({
      'source=qr': 2,
      'source=signature': 1,
      'source=wallet': 1,
      'device=mobile': 4,
      'os=iOS': 4,
      'browser=Safari': 4,
      'country=GB': 4,
      'referrer=': 4,
      'campaign=': 4,
    });
    const company = await t.app.deps.db
      .select()
      .from(companyViewSources)
      .where(and(eq(companyViewSources.companyId, p.companyId), eq(companyViewSources.dimension, 'source')));
    expect(Object.fromEntries(company.map((r) => [r.value, r.count]))).toEqual({ qr: 2, signature: 1, wallet: 1 });
  });

  it('keeps the referrer as a domain and the campaign, and tells a link from a direct visit', async () => {
    const p = await profile();
    await view(p.id, { referrer: 'WWW.LinkedIn.com', campaign: 'Spring-2026' }, { ua: WINDOWS_CHROME });
    await view(p.id, {}, { ua: WINDOWS_CHROME });
    await view(p.id, { source: 'nfc', referrer: 'https://evil.example/path?q=1' }, { ua: WINDOWS_CHROME });
    await view(p.id, { source: 'made-up' }, { ua: WINDOWS_CHROME });
    expect(await rollupOf(p.id)).toMatchObject({
      'source=link': 1,
      'source=direct': 1,
      'source=nfc': 1,
      'source=other': 1,
      'referrer=linkedin.com': 1,
      'referrer=other': 1,
      'campaign=spring-2026': 1,
      'device=desktop': 4,
      'os=Windows': 4,
      'browser=Chrome': 4,
    });
  });

  it('still leaves bots out: a crawler opening the QR URL counts in no source row', async () => {
    const p = await profile();
    expect((await view(p.id, { source: 'qr' }, { ua: GOOGLEBOT })).statusCode).toBe(204);
    expect(await rollupOf(p.id)).toEqual({});
  });

  it('counts only page views: a click carries no source', async () => {
    const p = await profile();
    await t.app.inject({
      method: 'POST',
      url: '/api/events',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'text/plain', 'user-agent': IPHONE },
      payload: JSON.stringify({ profileId: p.id, action: 'click', type: 'phone', source: 'qr' }),
    });
    expect(await rollupOf(p.id)).toEqual({});
  });

  it('keeps at most 50 referrers per profile and day; the rest count as other', async () => {
    const p = await profile();
    for (let i = 0; i < 50; i++) await view(p.id, { referrer: `site${i}.example` });
    await t.app.deps.ingest.flush();
    await view(p.id, { referrer: 'one-too-many.example' });
    await view(p.id, { referrer: 'site7.example' });
    const rollup = await rollupOf(p.id);
    expect(Object.keys(rollup).filter((k) => k.startsWith('referrer='))).toHaveLength(51);
    expect(rollup).toMatchObject({ 'referrer=other': 1, 'referrer=site7.example': 2 });
    expect(rollup['referrer=one-too-many.example']).toBeUndefined();
  });

  it('stores nothing that identifies the visitor: no address, no User-Agent', async () => {
    const p = await profile();
    await view(p.id, { source: 'qr' }, { ip: UK_ADDRESS });
    await rollupOf(p.id);
    const rows = await t.app.deps.db.select().from(dailyViewSources).where(eq(dailyViewSources.profileId, p.id));
    const stored = JSON.stringify([rows, await t.app.deps.db.select().from(events).where(eq(events.profileId, p.id))]);
    expect(stored).not.toContain(UK_ADDRESS);
    expect(stored).not.toContain('AppleWebKit');
  });
});

describe('VIEW_SOURCES=false', () => {
  const off = useTestApp({ env: { VIEW_SOURCES: 'false' } });
  it('counts the view in the statistics but keeps no source, device, OS, browser or country', async () => {
    const p = await profile(off.app);
    expect((await view(p.id, { source: 'qr', campaign: 'fair' }, { ip: UK_ADDRESS }, off.app)).statusCode).toBe(204);
    expect(await rollupOf(p.id, off.app)).toEqual({});
    const views = await off.app.deps.db
      .select()
      .from(dailyStats)
      .where(and(eq(dailyStats.profileId, p.id), eq(dailyStats.action, 'view')));
    expect(views.map((r) => r.count)).toEqual([1]);
  });
});

describe('countryOf', () => {
  it('resolves a known test address offline, and unknown for private ones', () => {
    expect(countryOf(UK_ADDRESS)).toBe('GB');
    expect(countryOf(`::ffff:${UK_ADDRESS}`)).toBe('GB');
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('10.1.2.3')).toBe('unknown');
    expect(countryOf('127.0.0.1')).toBe('unknown');
  });

  it('derives each dimension from the beacon and the request', () => {
    expect(viewSourcesOf({ source: 'QR ' }, { userAgent: '', ip: '::1' })).toEqual({
      source: 'qr',
      referrer: '',
      campaign: '',
      device: 'unknown',
      os: 'unknown',
      browser: 'unknown',
      country: 'unknown',
    });
  });
});
