import { REPORT_MESSAGES, type ViewSourcesResponse } from '@profilehub/shared';
import { sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyViewSources, dailyViewSources } from '../../db/schema.ts';
import { createCompany, setProfile, signedInUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
type Who = { headers: Record<string, string>; id: number };
let acme: { id: number; title: string };
let globex: { id: number };
let jane: Who;
let colleague: Who;
let supervisor: Who;
let admin: Who;
let bob: Who;

/** Views of one profile on one day by dimension and value, written to both rollups as the ingest does. */
async function views(who: Who, companyId: number, day: string, counts: [dimension: string, value: string, count: number][]) {
  for (const [dimension, value, count] of counts) {
    await t.db.insert(dailyViewSources).values({ day, companyId, profileId: who.id, dimension, value, count });
    await t.db
      .insert(companyViewSources)
      .values({ day, companyId, dimension, value, count })
      .onConflictDoUpdate({
        target: [companyViewSources.companyId, companyViewSources.day, companyViewSources.dimension, companyViewSources.value],
        set: { count: sql`${companyViewSources.count} + excluded.count` },
      });
  }
}

beforeAll(async () => {
  acme = await createCompany(t.db);
  globex = await createCompany(t.db);
  jane = await signedInUser(t.app, { companyId: acme.id });
  colleague = await signedInUser(t.app, { companyId: acme.id });
  supervisor = await signedInUser(t.app, { role: 'supervisor', companyId: acme.id });
  admin = await signedInUser(t.app, { role: 'superadmin' });
  bob = await signedInUser(t.app, { companyId: globex.id });
  for (const who of [jane, colleague, bob]) await setProfile(t.db, who.id, { publishedAt: new Date() });
  await views(jane, acme.id, '2026-01-10', [
    ['source', 'qr', 6],
    ['source', 'signature', 3],
    ['source', 'wallet', 1],
    ['referrer', '', 7],
    ['referrer', 'linkedin.com', 3],
    ['country', 'GB', 10],
  ]);
  await views(jane, acme.id, '2026-02-10', [['source', 'nfc', 50]]);
  await views(colleague, acme.id, '2026-01-12', [
    ['source', 'qr', 4],
    ['country', 'DE', 4],
  ]);
  await views(bob, globex.id, '2026-01-12', [['source', 'link', 1000]]);
});

const JAN = { start: '2026-01-01', end: '2026-01-31' };
const get = (who: Who | null, q: Record<string, string | number>) =>
  t.app.inject({
    method: 'GET',
    url: `/api/reports/view-sources?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`,
    headers: who?.headers ?? {},
  });
const dimension = (body: ViewSourcesResponse, name: string) => body.dimensions.find((d) => d.dimension === name)!;

describe('GET /api/reports/view-sources', () => {
  it("sums a division's views per source in the range, most first, with shares and readable names", async () => {
    const body: ViewSourcesResponse = (await get(supervisor, JAN)).json();
    expect(body.dimensions.map((d) => d.dimension)).toEqual(['source', 'referrer', 'campaign', 'device', 'os', 'browser', 'country']);
    expect(dimension(body, 'source')).toEqual({
      dimension: 'source',
      total: 14,
      items: [
        { value: 'qr', label: 'QR code', count: 10, percentage: 71.4 },
        { value: 'signature', label: 'Email signature', count: 3, percentage: 21.4 },
        { value: 'wallet', label: 'Wallet pass', count: 1, percentage: 7.1 },
      ],
    });
    expect(dimension(body, 'referrer').items.map((i) => i.label)).toEqual(['No referrer', 'linkedin.com']);
    expect(dimension(body, 'campaign')).toEqual({ dimension: 'campaign', total: 0, items: [] });
  });

  it('drills down to one profile, and follows the division filter', async () => {
    const one: ViewSourcesResponse = (await get(supervisor, { ...JAN, profileId: colleague.id })).json();
    expect(dimension(one, 'source').items).toEqual([{ value: 'qr', label: 'QR code', count: 4, percentage: 100 }]);
    expect(dimension(one, 'country').items.map((i) => i.value)).toEqual(['DE']);
    const lifetime: ViewSourcesResponse = (await get(jane, {})).json();
    expect(dimension(lifetime, 'source').total).toBe(60);
    const both: ViewSourcesResponse = (await get(admin, { ...JAN, companyId: `${acme.id},${globex.id}` })).json();
    expect(dimension(both, 'source').items[0]).toMatchObject({ value: 'link', count: 1000 });
  });

  it("answers another division's or profile's ids like no traffic, and a user sees only their own", async () => {
    const empty = (body: ViewSourcesResponse) => body.dimensions.every((d) => d.total === 0);
    expect(empty((await get(supervisor, { ...JAN, companyId: globex.id })).json())).toBe(true);
    expect(empty((await get(supervisor, { ...JAN, profileId: bob.id })).json())).toBe(true);
    expect(empty((await get(jane, { ...JAN, profileId: colleague.id })).json())).toBe(true);
    expect(dimension((await get(jane, JAN)).json(), 'source').total).toBe(10);
  });

  it('401 without a session, 400 for a bad range', async () => {
    expect((await get(null, JAN)).statusCode).toBe(401);
    const bad = await get(jane, { start: '2026-01-31', end: '2026-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(REPORT_MESSAGES.endBeforeStart);
  });

  it('downloads every value of every dimension as .xlsx', async () => {
    const res = await get(supervisor, { ...JAN, format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1] ?? '')).toBe('Where views come from 2026-01-01-2026-01-31.xlsx');
    const [header, ...rows] = await readSheet(res.rawPayload);
    expect(header).toEqual(['Dimension', 'Value', 'Views', 'Share (%)']);
    expect(rows).toEqual([
      ['Source', 'QR code', 10, 71.4],
      ['Source', 'Email signature', 3, 21.4],
      ['Source', 'Wallet pass', 1, 7.1],
      ['Referring site', 'No referrer', 7, 70],
      ['Referring site', 'linkedin.com', 3, 30],
      ['Country', 'United Kingdom', 10, 71.4],
      ['Country', 'Germany', 4, 28.6],
    ]);
  });
});
