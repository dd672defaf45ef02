import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../modules/events/rollups.ts';
import { signIn } from '../test/factories.ts';
import { type Headers, useTestApp } from '../test/harness.ts';
import { alreadySeeded, countRows, divisionSubdomain, ENTERPRISE_ADMIN, seedEnterprise } from './enterprise-data.ts';

const t = useTestApp();
const PASSWORD = 'Enterprise-Passw0rd-1';
const site = { PUBLIC_DOMAIN: 'localhost', PUBLIC_URL: 'http://hub.test' };
const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(q));
let admin: Headers;
let supervisor: Headers;
let supervisedId: number;

// The seeder at a tiny size (10 divisions × 100 staff, 20 pages, 1,000 events), then the real routes on its data.
beforeAll(async () => {
  await seedEnterprise(t.db, {
    divisions: 10,
    staffPerDivision: 100,
    templatesPerDivision: 3,
    publishedShare: 0.7,
    renderLimit: 20,
    approvalsPerDivision: 2,
    events: 1000,
    days: 365,
    passwordHash: await t.app.deps.passwords.hash(PASSWORD),
    site,
    concurrency: 1,
    log: () => {},
  });
  admin = (await signIn(t.app, ENTERPRISE_ADMIN, PASSWORD)).headers;
  const [sup] = await rows<{ email: string; company_id: number }>(sql`
    select u.email, m.company_id from company_members m join users u on u.id = m.user_id join companies c on c.id = m.company_id
    where c.subdomain = ${divisionSubdomain(3)} and m.role = 'supervisor'`);
  supervisedId = sup!.company_id;
  supervisor = (await signIn(t.app, sup!.email, PASSWORD)).headers;
}, 400_000);

describe('seed:enterprise at a tiny size', () => {
  it('writes consistent data: every staff member has one account, membership and profile under a template of their division', async () => {
    expect(await alreadySeeded(t.db)).toBe(true);
    expect(await countRows(t.db)).toMatchObject({ divisions: 10, templates: 30, profiles: 1000, pages: 20 });
    const [check] = await rows<Record<string, number>>(sql`select
      (select count(*)::int from users where email like '%@ent-%.example') as staff,
      (select count(*)::int from company_members) as members,
      (select count(distinct alias)::int from profiles where not is_master) as aliases,
      (select count(*)::int from profiles p join profiles m on m.id = p.master_profile_id where not p.is_master and m.company_id = p.company_id and m.is_master) as "underOwnTemplate",
      (select count(*)::int from company_members m join profiles p on p.user_id = m.user_id and p.company_id = m.company_id) as "memberProfiles",
      (select count(*)::int from company_members where role = 'supervisor') as supervisors,
      (select count(*)::int from profiles where published_at is not null and published_html is null) as "publishedWithoutPage"`);
    expect(check).toEqual({
      staff: 1000,
      members: 1000,
      aliases: 1000,
      underOwnTemplate: 1000,
      memberProfiles: 1000,
      supervisors: 10,
      publishedWithoutPage: 0,
    });
  });

  it('answers the users, templates and approvals lists: everything for the superadmin, one division for its supervisor', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/users', headers: admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().counts).toEqual({ all: 1000, published: 20, unpublished: 980 });
    const own = await t.app.inject({ method: 'GET', url: '/api/users', headers: supervisor });
    expect(own.json().counts.all).toBe(100);
    expect(own.json().data.every((r: { companyId: number }) => r.companyId === supervisedId)).toBe(true);

    const templates = await t.app.inject({ method: 'GET', url: '/api/templates', headers: admin });
    expect(templates.statusCode).toBe(200);
    expect(templates.json().total).toBe(30);

    const [pending] = await rows<{ n: number; here: number }>(
      sql`select count(*)::int as n, (count(*) filter (where company_id = ${supervisedId}))::int as here from approvals where approved is null`,
    );
    expect(pending!.n).toBeGreaterThan(0);
    const queue = await t.app.inject({ method: 'GET', url: '/api/approvals', headers: admin });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().total).toBe(pending!.n);
    const ownQueue = await t.app.inject({ method: 'GET', url: '/api/approvals', headers: supervisor });
    expect(ownQueue.json().total).toBe(pending!.here);
  });

  it('serves a published page with the person on it, and reports the year of events', async () => {
    const [page] = await rows<{ alias: string; subdomain: string; name: string }>(sql`
      select p.alias, c.subdomain, p.content->>'fullName' as name from profiles p join companies c on c.id = p.company_id
      where p.published_html is not null order by p.id limit 1`);
    const res = await t.app.inject({ method: 'GET', url: `/${page!.alias}`, headers: { host: `${page!.subdomain}.localhost` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(page!.name);

    const report = await t.app.inject({ method: 'GET', url: '/api/reports/query/all_visits', headers: admin });
    expect(report.statusCode).toBe(200);
    const [views] = await rows<{ n: number }>(sql`select count(*)::int as n from events where action = 'view'`);
    expect(views!.n).toBeGreaterThan(0);
    expect(JSON.stringify(report.json())).not.toBe('{}');
  });
});
