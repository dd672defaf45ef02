import { REPORT_MESSAGES, type ReportResponse } from '@profilehub/shared';
import { sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { dailyFiltered, dailyStats, leadSubmissions } from '../../db/schema.ts';
import { createCompany, setProfile, signedInUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { leadSubmissionsPage } from './reports.queries.ts';

const t = useTestApp();
let db: Db;
type Who = { headers: Record<string, string>; id: number };
let acme: { id: number };
let globex: { id: number };
let jane: Who;
let colleague: Who;
let unpublished: Who;
let supervisor: Who;
let admin: Who;
let bob: Who;

beforeAll(async () => {
  db = t.db;
  acme = await createCompany(db);
  globex = await createCompany(db);
  jane = await signedInUser(t.app, { companyId: acme.id });
  colleague = await signedInUser(t.app, { companyId: acme.id });
  unpublished = await signedInUser(t.app, { companyId: acme.id });
  supervisor = await signedInUser(t.app, { role: 'supervisor', companyId: acme.id });
  admin = await signedInUser(t.app, { role: 'superadmin' });
  bob = await signedInUser(t.app, { companyId: globex.id });
  await setProfile(db, jane.id, { publishedAt: new Date(), publishedContent: { fullName: 'Jane Doe', profilePhoto: { url: 'https://cdn.test/jane.jpg' } } });
  await setProfile(db, colleague.id, { publishedAt: new Date(), publishedContent: { firstName: 'Carl', lastName: 'Colleague' } });
  await setProfile(db, unpublished.id, { content: { fullName: 'Una Published' } });
  await setProfile(db, bob.id, { publishedAt: new Date(), publishedContent: { fullName: 'Bob Smith' } });

  // Views across month and year edges.
  const views: [Who, string, number][] = [
    [jane, '2025-12-31', 5],
    [jane, '2026-01-01', 7],
    [jane, '2026-01-31', 11],
    [jane, '2026-02-01', 13],
    [colleague, '2026-01-15', 100],
    [bob, '2026-01-15', 1000],
  ];
  for (const [who, day, count] of views) {
    const companyId = who === bob ? globex.id : acme.id;
    await db.insert(dailyStats).values({ day, companyId, profileId: who.id, action: 'view', type: 'page', label: 'Page title', count, visitors: count - 1 });
  }
  // Interactions of Jane in January: 35 labelled links (rank by count), calls, navigate, WhatsApp and SMS.
  for (let i = 1; i <= 35; i++) {
    await db
      .insert(dailyStats)
      .values({ day: '2026-01-10', companyId: acme.id, profileId: jane.id, action: 'click', type: 'url', label: `Link ${i}`, count: i, visitors: i });
  }
  const clicks: [string, string, string, number][] = [
    ['click', 'phone', 'Call', 40],
    ['click', 'url', 'Directions', 6],
    ['click', 'whatsapp', 'WhatsApp', 3],
    ['click', 'sms', 'SMS', 2],
    ['submit', 'lead-form', 'form-1', 1],
    ['scroll', 'page', '50%', 9],
  ];
  for (const [action, type, label, count] of clicks) {
    await db.insert(dailyStats).values({ day: '2026-01-20', companyId: acme.id, profileId: jane.id, action, type, label, count, visitors: count });
  }
  await db
    .insert(dailyStats)
    .values({ day: '2026-01-20', companyId: acme.id, profileId: colleague.id, action: 'click', type: 'phone', label: 'Call', count: 10, visitors: 10 });
  await db
    .insert(dailyStats)
    .values({ day: '2026-01-20', companyId: globex.id, profileId: bob.id, action: 'click', type: 'phone', label: 'Call', count: 500, visitors: 500 });
  // The division rollup is the sum of its profiles, as the ingest keeps it.
  await db.execute(sql`
    insert into company_daily_stats (day, company_id, action, type, label, count, visitors)
    select day, company_id, action, type, label, sum(count), sum(visitors) from daily_stats group by day, company_id, action, type, label`);
  // And the industry rollup is the sum of every division.
  await db.execute(sql`
    insert into industry_daily_stats (day, action, type, label, count, visitors)
    select day, action, type, label, sum(count), sum(visitors) from company_daily_stats group by day, action, type, label`);
  await db.insert(dailyFiltered).values([
    { day: '2026-01-05', companyId: acme.id, profileId: jane.id, count: 4 },
    { day: '2026-01-05', companyId: acme.id, profileId: colleague.id, count: 6 },
    { day: '2026-01-05', companyId: globex.id, profileId: bob.id, count: 50 },
  ]);
}, 60_000);

const toQuery = (q: Record<string, string | number>) => new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function report(name: string, who: Who | null, query: Record<string, string | number> = {}) {
  const qs = toQuery(query);
  return t.app.inject({ method: 'GET', url: `/api/reports/query/${name}${qs ? `?${qs}` : ''}`, headers: who?.headers ?? {} });
}
async function ok(name: string, who: Who, query: Record<string, string | number> = {}): Promise<ReportResponse> {
  const res = await report(name, who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportResponse;
}
const JAN = { start: '2026-01-01', end: '2026-01-31' };
const REPORTS = ['all_visits', 'monthly_visits', 'interactions', 'top_interactions', 'profile_views', 'profile_with_count'];

describe('GET /api/reports/query/:report — input', () => {
  it('401 without a session', async () => {
    expect((await report('all_visits', null)).statusCode).toBe(401);
  });
  it.each([
    [{ start: '2026-02-30' }, REPORT_MESSAGES.badDay],
    [{ end: '31/01/2026' }, REPORT_MESSAGES.badDay],
    [{ start: '2026-02-02', end: '2026-02-01' }, REPORT_MESSAGES.endBeforeStart],
    [{ start: '2000-01-01', end: '2026-01-01' }, REPORT_MESSAGES.rangeTooLong],
    [{ companyId: 'acme' }, REPORT_MESSAGES.badCompanyIds],
    [{ values: 'phone,fax' }, REPORT_MESSAGES.badTypes],
  ])('400 for %j with a message', async (query, message) => {
    const res = await report('all_visits', supervisor, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
  it('400 for a start after today when no end is given', async () => {
    const res = await report('all_visits', supervisor, { start: '2999-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(REPORT_MESSAGES.endBeforeStart);
  });
  it('400 for an unknown report or parameter', async () => {
    const unknown = await report('everything', supervisor);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^The report must be one of all_visits/);
    expect((await report('all_visits', supervisor, { colour: 'red' })).statusCode).toBe(400);
  });
});

describe('scoping by role', () => {
  it('a user sees only their own profile, whatever they ask for', async () => {
    expect((await ok('all_visits', jane, JAN)).total).toBe(18);
    // Another profile of the same division, another division, or one in it: like nothing.
    for (const query of [{ profileId: colleague.id }, { companyId: globex.id }, { profileId: bob.id }] as Record<string, number>[]) {
      const res = await ok('all_visits', jane, { ...JAN, ...query });
      expect(res).toMatchObject({ total: 0, visitors: 0, filtered: 0, data: [] });
    }
  });
  it('a supervisor sees their divisions and any profile in them, nothing of another division', async () => {
    expect((await ok('all_visits', supervisor, JAN)).total).toBe(118);
    expect((await ok('all_visits', supervisor, { ...JAN, profileId: colleague.id })).total).toBe(100);
    expect((await ok('all_visits', supervisor, { ...JAN, companyId: globex.id })).total).toBe(0);
    expect((await ok('all_visits', supervisor, { ...JAN, profileId: bob.id })).total).toBe(0);
    // A foreign id mixed into the division filter is dropped, not an error.
    expect((await ok('all_visits', supervisor, { ...JAN, companyId: `${acme.id},${globex.id}` })).total).toBe(118);
  });
  it('a superadmin sees every division, or the ones picked', async () => {
    expect((await ok('all_visits', admin, JAN)).total).toBe(1118);
    expect((await ok('all_visits', admin, { ...JAN, companyId: globex.id })).total).toBe(1000);
    expect((await ok('all_visits', admin, { ...JAN, profileId: jane.id })).total).toBe(18);
  });
  it('a user or supervisor of another division gets every report empty for this one', async () => {
    for (const name of REPORTS) {
      const res = await ok(name, bob, { ...JAN, companyId: acme.id });
      expect(
        res.data.every((d) => d.data === 0),
        name,
      ).toBe(true);
      expect(res.total, name).toBe(0);
    }
  });
  it('the industry average is the superadmin’s alone (403 with a message)', async () => {
    for (const who of [jane, supervisor]) {
      const res = await report('average_interactions', who, JAN);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(REPORT_MESSAGES.superadminOnly);
    }
    const avg = await ok('average_interactions', admin, { ...JAN, action: 'click', type: 'phone' });
    // 550 calls over the three published people (Jane, Carl, Bob).
    expect(avg.data).toEqual([expect.objectContaining({ action: 'click', type: 'phone', data: 183.3, value: 550 })]);
  });
});

describe('sums, buckets and rankings', () => {
  it('counts only the days of the range, across month and year edges', async () => {
    expect((await ok('all_visits', jane, { start: '2025-12-31', end: '2026-01-01' })).total).toBe(12);
    expect((await ok('all_visits', jane, { start: '2026-01-31', end: '2026-02-01' })).total).toBe(24);
    expect((await ok('all_visits', jane, { end: '2026-12-31' })).total).toBe(36);
  });
  it('all_visits has unique visitors, bot hits filtered and the previous period', async () => {
    const res = await ok('all_visits', supervisor, JAN);
    expect(res).toMatchObject({ total: 118, visitors: 115, filtered: 10, start: '2026-01-01', end: '2026-01-31' });
    // December 2025 (31 days before 1 January): Jane's 5.
    expect(res.previous).toBe(5);
    expect((await ok('all_visits', supervisor, { end: '2026-12-31' })).previous).toBeNull();
  });
  it('monthly_visits buckets by month, zero-filled, at most 12 months', async () => {
    const res = await ok('monthly_visits', jane, { start: '2025-11-01', end: '2026-02-28' });
    expect(res.data.map((d) => [d.label, d.title, d.data])).toEqual([
      ['2025-11', 'Nov 2025', 0],
      ['2025-12', 'Dec 2025', 5],
      ['2026-01', 'Jan 2026', 18],
      ['2026-02', 'Feb 2026', 13],
    ]);
    const year = await ok('monthly_visits', jane, { start: '2024-01-01', end: '2026-02-28' });
    expect(year.data).toHaveLength(12);
    expect(year.data[0]?.label).toBe('2025-03');
  });
  it('profile_views is daily for short ranges and monthly for long ones', async () => {
    const daily = await ok('profile_views', jane, { start: '2025-12-30', end: '2026-01-02' });
    expect(daily.interval).toBe('day');
    expect(daily.data.map((d) => d.data)).toEqual([0, 5, 7, 0]);
    expect(daily.data[1]?.title).toBe('31 Dec');
    const monthly = await ok('profile_views', jane, { start: '2025-01-01', end: '2026-02-28' });
    expect(monthly.interval).toBe('month');
    expect(monthly.data).toHaveLength(14);
    expect(monthly.data.at(-1)).toMatchObject({ label: '2026-02', title: 'Feb 26', data: 13 });
    // Lifetime starts at the first day with data.
    expect((await ok('profile_views', jane, { end: '2026-01-02' })).data[0]?.label).toBe('2025-12-31');
  });
  it('top_interactions keeps the 30 largest with count and share, no views or scrolls', async () => {
    const res = await ok('top_interactions', jane, JAN);
    expect(res.data).toHaveLength(30);
    // 35 links (630) + calls 40 + directions 6 + WhatsApp 3 + SMS 2 + lead form 1.
    expect(res.total).toBe(682);
    expect(res.data[0]).toMatchObject({ label: 'Call', title: 'Click to call', data: 40, percentage: 5.9 });
    expect(res.data[1]).toMatchObject({ label: 'Link 35', data: 35, percentage: 5.1 });
    const counts = res.data.map((d) => d.data);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(res.data.some((d) => d.action === 'view' || d.action === 'scroll')).toBe(false);
    expect((await ok('top_interactions', jane, { ...JAN, limit: 5 })).data).toHaveLength(5);
    expect((await ok('top_interactions', jane, { ...JAN, limit: 90 })).data).toHaveLength(30);
  });
  it('top_interactions names a button without a label "(No label found)", its kind beneath', async () => {
    await t.app.deps.db
      .insert(dailyStats)
      .values({ day: '2026-03-05', companyId: acme.id, profileId: colleague.id, action: 'click', type: 'email', label: '', count: 3, visitors: 2 });
    const res = await ok('top_interactions', colleague, { start: '2026-03-01', end: '2026-03-31' });
    expect(res.data).toEqual([expect.objectContaining({ label: '(No label found)', title: 'Email', data: 3 })]);
  });
  it('interactions has every kind with labels, filterable by action and types', async () => {
    const res = await ok('interactions', jane, JAN);
    expect(res.data.find((d) => d.action === 'view')).toMatchObject({ label: 'Profile Views', data: 18 });
    expect(res.data.find((d) => d.label === 'Directions')).toMatchObject({ action: 'click', type: 'url', data: 6 });
    const messages = await ok('interactions', jane, { ...JAN, action: 'click', values: 'whatsapp,sms' });
    expect(messages.data.map((d) => d.type).sort()).toEqual(['sms', 'whatsapp']);
    expect(messages.total).toBe(5);
  });
  it('company interactions come from the division rollup', async () => {
    const res = await ok('interactions', supervisor, { ...JAN, type: 'phone' });
    expect(res.data).toEqual([expect.objectContaining({ label: 'Call', data: 50 })]);
  });
  it('profile_with_count lists live people by views, empty for a user', async () => {
    const res = await ok('profile_with_count', supervisor, JAN);
    expect(res.data.map((d) => [d.label, d.data])).toEqual([
      ['Carl Colleague', 100],
      ['Jane Doe', 18],
    ]);
    expect(res.data[1]).toMatchObject({ profileId: jane.id, companyId: acme.id, picture: 'https://cdn.test/jane.jpg', percentage: 15.3 });
    // Unpublished ones on request; a name search finds people without views.
    expect((await ok('profile_with_count', supervisor, { ...JAN, isLive: 'false' })).data.map((d) => d.label)).toContain('Una Published');
    expect((await ok('profile_with_count', supervisor, { ...JAN, filter: 'jane' })).data.map((d) => d.label)).toEqual(['Jane Doe']);
    expect((await ok('profile_with_count', supervisor, { ...JAN, orderBy: 'label' })).data.map((d) => d.label)).toEqual(['Carl Colleague', 'Jane Doe']);
    expect((await ok('profile_with_count', jane, JAN)).data).toEqual([]);
    expect((await ok('profile_with_count', admin, JAN)).data[0]).toMatchObject({ label: 'Bob Smith', data: 1000 });
  });
  it('profile_with_count returns at most 15', async () => {
    for (let i = 0; i < 16; i++) {
      const extra = await signedInUser(t.app, { companyId: globex.id });
      await setProfile(db, extra.id, { publishedAt: new Date() });
    }
    expect((await ok('profile_with_count', admin, { ...JAN, limit: 50 })).data).toHaveLength(15);
  });
});

describe('GET /api/reports/overview', () => {
  const get = (who: Who, q = '') => t.app.inject({ method: 'GET', url: `/api/reports/overview${q}`, headers: who.headers });
  it('names the profile for a user, and counts profiles for a supervisor', async () => {
    expect((await get(jane)).json()).toMatchObject({ kind: 'profile', name: 'Jane Doe', picture: 'https://cdn.test/jane.jpg', profileCount: 1 });
    expect((await get(supervisor)).json()).toMatchObject({ kind: 'company', profile: null, profileCount: 4 });
    expect((await get(supervisor, `?profileId=${colleague.id}`)).json()).toMatchObject({ kind: 'profile', name: 'Carl Colleague' });
  });
  it('another division’s profile is like none', async () => {
    expect((await get(supervisor, `?profileId=${bob.id}`)).json()).toMatchObject({ profile: null, profileCount: 0 });
  });
});

describe('GET /api/reports/lead-forms', () => {
  beforeAll(async () => {
    const at = (iso: string) => new Date(iso);
    await db.insert(leadSubmissions).values([
      { profileId: jane.id, companyId: acme.id, data: { name: 'Ann', email: 'ann@x.test', message: 'Hello' }, createdAt: at('2026-01-02T10:00:00Z') },
      {
        profileId: jane.id,
        companyId: acme.id,
        data: { name: '=HYPERLINK("http://evil")', mobile: '+27 82 555 0100', message: '@SUM(A1)' },
        createdAt: at('2026-01-31T23:59:00Z'),
      },
      { profileId: jane.id, companyId: acme.id, data: { name: 'Late', message: 'February' }, createdAt: at('2026-02-01T00:00:00Z') },
      { profileId: colleague.id, companyId: acme.id, data: { name: 'Cleo' }, createdAt: at('2026-01-15T12:00:00Z') },
      { profileId: bob.id, companyId: globex.id, data: { name: 'Globex lead' }, createdAt: at('2026-01-15T12:00:00Z') },
    ]);
  });
  const get = (who: Who | null, q: Record<string, string | number>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/reports/lead-forms?${toQuery(q)}`,
      headers: who?.headers ?? {},
    });

  it('lists the submissions of the range (UTC days) for each role', async () => {
    const mine = (await get(jane, JAN)).json();
    expect(mine.total).toBe(2);
    expect(mine.data.map((d: { name: string }) => d.name)).toEqual(['=HYPERLINK("http://evil")', 'Ann']);
    const division = (await get(supervisor, JAN)).json();
    expect(division.total).toBe(3);
    // Newest first by when they were sent, whatever order they were stored in.
    expect(division.data.map((d: { name: string }) => d.name)).toEqual(['=HYPERLINK("http://evil")', 'Cleo', 'Ann']);
    expect((await get(admin, JAN)).json().total).toBe(4);
    expect((await get(supervisor, { ...JAN, companyId: globex.id })).json()).toEqual({ data: [], total: 0 });
    expect((await get(jane, { ...JAN, profileId: colleague.id })).json().total).toBe(0);
  });
  it('401 without a session, 400 for a bad range', async () => {
    expect((await get(null, JAN)).statusCode).toBe(401);
    const bad = await get(jane, { start: '2026-01-31', end: '2026-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(REPORT_MESSAGES.endBeforeStart);
  });
  it('downloads every row as .xlsx named as the spec says: newest first, names as typed', async () => {
    const res = await get(supervisor, { ...JAN, format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const company = (await t.app.inject({ method: 'GET', url: '/api/companies', headers: admin.headers }))
      .json()
      .data.find((c: { id: number }) => c.id === acme.id);
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1] ?? '')).toBe(
      `Lead form submissions 2026-01-01-2026-01-31 for ${company.title}.xlsx`,
    );
    // Read back by another library than the one that wrote it (ExcelJS).
    const [header, ...rows] = await readSheet(res.rawPayload);
    expect(header).toEqual(['Date (UTC)', 'Profile', 'Name', 'Email', 'Mobile', 'Message']);
    // Newest first, as the card lists them (the rows were stored in another order), and
    // typed text as typed: an xlsx text cell is never a formula, so no guard's `'` shows.
    // A date cell is a fraction of days: read back to the nearest second.
    const second = (d: unknown) => new Date(Math.round((d as Date).getTime() / 1000) * 1000).toISOString();
    expect(rows.map((r) => [second(r[0]), r[2], r[4], r[5]])).toEqual([
      ['2026-01-31T23:59:00.000Z', '=HYPERLINK("http://evil")', '+27 82 555 0100', '@SUM(A1)'],
      ['2026-01-15T12:00:00.000Z', 'Cleo', null, null],
      ['2026-01-02T10:00:00.000Z', 'Ann', null, 'Hello'],
    ]);
  });
  it("names a profile's file after the person, and a lifetime range from the first submission", async () => {
    const res = await get(jane, { end: '2026-03-01', format: 'xlsx' });
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1] ?? '')).toBe(
      'Lead form submissions 2026-01-02-2026-03-01 for Jane Doe.xlsx',
    );
  });
});

describe('leadSubmissionsPage', () => {
  it('pages newest first by time, the microseconds a JS date drops included, so no row is skipped or repeated', async () => {
    const db = t.db;
    const company = await createCompany(db);
    const owner = await signedInUser(t.app, { companyId: company.id });
    // Stored out of time order; two within one millisecond.
    const times = ['2026-05-01T10:00:00.123789Z', '2026-05-03T00:00:00Z', '2026-05-01T10:00:00.123456Z', '2026-05-02T00:00:00Z'];
    for (const [i, at] of times.entries()) {
      await db.execute(
        sql`insert into lead_submissions (profile_id, company_id, data, created_at) values (${owner.id}, ${company.id}, ${JSON.stringify({ name: `L${i}` })}::jsonb, ${at}::timestamptz)`,
      );
    }
    const scope = { kind: 'company' as const, companyIds: [company.id] };
    const range = { start: '2026-05-01', end: '2026-05-31' };
    const names: string[] = [];
    let after: number | undefined;
    for (;;) {
      const [row] = await leadSubmissionsPage(db, scope, range, 1, after);
      if (!row) break;
      names.push(String(row.data.name));
      after = row.id;
    }
    expect(names).toEqual(['L1', 'L3', 'L0', 'L2']);
  });
});
