import { COMPANY_MESSAGES, type CompanyConsoleList, type CompanyConsoleRow } from '@profilehub/shared';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, companyMembers, profiles } from '../../db/schema.ts';
import { childDetails, createCompany, createTemplateDivision, createUser, freshIp, PASSWORD, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { GONE, PublishedPageCache } from '../public-pages/public-pages.service.ts';

const t = useTestApp();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = (await signIn(t.app, (await createUser(t.app, { role: 'superadmin' })).email)).headers;
});

const archive = (id: number, headers = admin) => t.app.inject({ method: 'POST', url: `/api/companies/${id}/archive`, headers });
const restore = (id: number, headers = admin) => t.app.inject({ method: 'POST', url: `/api/companies/${id}/restore`, headers });
const signInRes = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/local', remoteAddress: freshIp(), payload: { identifier: email, password: PASSWORD } });

let aliases = 0;
/** A division with Jane's page published on it, and Jane signed in. */
async function divisionWithPage() {
  const d = await createTemplateDivision(t.db);
  const jane = await createUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails('Jane Doe') });
  const alias = `jane-arch-${++aliases}`;
  await t.db.update(profiles).set({ alias }).where(eq(profiles.id, jane.profileId!));
  const headers = (await signIn(t.app, jane.email)).headers;
  expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.profileId}/publish`, headers })).statusCode).toBe(200);
  const host = `${d.company.subdomain}.localhost`;
  const get = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { host } });
  return { d, jane, alias, headers, host, get };
}

describe('archiving a division', () => {
  it('answers 410 "no longer available" for its page, card files and any other path, and 200 again after restore', async () => {
    const s = await divisionWithPage();
    expect((await s.get(`/${s.alias}`)).statusCode).toBe(200);
    expect((await s.get(`/${s.alias}/contact.vcf`)).statusCode).toBe(200);

    const res = await archive(s.d.company.id);
    expect(res.statusCode).toBe(200);
    expect((res.json() as CompanyConsoleRow).archivedAt).not.toBeNull();
    const page = await s.get(`/${s.alias}`);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('no longer available');
    expect(page.headers['cache-control']).toBe('no-store');
    for (const file of ['contact.vcf', 'qr.png', 'icon-192.png', 'manifest.webmanifest', 'sw.js']) {
      expect((await s.get(`/${s.alias}/${file}`)).statusCode, file).toBe(410);
    }
    expect((await s.get('/someone-else')).statusCode).toBe(410);

    expect((await restore(s.d.company.id)).statusCode).toBe(200);
    expect((await s.get(`/${s.alias}`)).statusCode).toBe(200);
    expect((await s.get(`/${s.alias}/contact.vcf`)).statusCode).toBe(200);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `company:${s.d.company.id}`))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual(['company.archived', 'company.restored']);
  });

  it('tells its white-labelled hub domain the hub is closed, and refuses sign-in there', async () => {
    const d = await createCompany(t.db, { whiteLabel: { title: 'Closing', domain: 'hub.closing-example.com' } });
    const member = await createUser(t.app, { companyId: d.id });
    const hub = { host: 'hub.closing-example.com' };
    expect((await t.app.inject({ method: 'GET', url: '/api/white-label', headers: hub })).json().closed).toBeNull();
    await archive(d.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/white-label', headers: hub })).json().closed).toBe(COMPANY_MESSAGES.hubClosed);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      headers: hub,
      remoteAddress: freshIp(),
      payload: { identifier: member.email, password: PASSWORD },
    });
    expect(login.json()).toMatchObject({ code: 'hub_closed', message: COMPANY_MESSAGES.hubClosed });
  });

  it('answers 410 on its custom domain too', async () => {
    const d = await createTemplateDivision(t.db, { customDomain: 'cards.archived-example.com' });
    await archive(d.company.id);
    const res = await t.app.inject({ method: 'GET', url: '/anyone', headers: { host: 'cards.archived-example.com' } });
    expect(res.statusCode).toBe(410);
  });

  it('another server holding the page sees the archive at its next check and keeps it gone, and sees the restore', async () => {
    const s = await divisionWithPage();
    const other = new PublishedPageCache(t.db, 'http://localhost', 50);
    expect(await other.lookUp(s.d.company.id, s.alias)).not.toBeNull();
    await archive(s.d.company.id);
    // Checked every 50 ms here; a busy machine's check can take longer than the 60 ms a held page waits for it.
    await expect.poll(() => other.lookUp(s.d.company.id, s.alias), { timeout: 15_000 }).toBe(GONE);
    await restore(s.d.company.id);
    await expect
      .poll(async () => (await other.lookUp(s.d.company.id, s.alias)) !== GONE && (await other.get(s.d.company.id, s.alias)) !== null, { timeout: 15_000 })
      .toBe(true);
  });

  it('refuses sign-in and the existing session of a member of no other live division, with the closed message', async () => {
    const s = await divisionWithPage();
    await archive(s.d.company.id);
    const login = await signInRes(s.jane.email);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'hub_closed', message: COMPANY_MESSAGES.hubClosed });
    const me = await t.app.inject({ method: 'GET', url: '/api/companies/users/me', headers: s.headers });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ code: 'hub_closed', message: COMPANY_MESSAGES.hubClosed });

    await restore(s.d.company.id);
    expect((await signInRes(s.jane.email)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/companies/users/me', headers: s.headers })).statusCode).toBe(200);
  });

  it('lets a member of another live division and a superadmin go on, without the archived division', async () => {
    const s = await divisionWithPage();
    const live = await createCompany(t.db);
    await t.db.insert(companyMembers).values({ userId: s.jane.id, companyId: live.id, role: 'member' });
    await archive(s.d.company.id);
    const login = await signInRes(s.jane.email);
    expect(login.statusCode).toBe(200);
    expect((login.json() as { user: { companies: { id: number }[] } }).user.companies.map((c) => c.id)).toEqual([live.id]);
    const mine = await t.app.inject({ method: 'GET', url: '/api/companies', headers: s.headers });
    expect((mine.json() as { data: { id: number }[] }).data.map((c) => c.id)).toEqual([live.id]);

    expect((await t.app.inject({ method: 'GET', url: '/api/companies/users/me', headers: admin })).statusCode).toBe(200);
    const url = `/api/companies?filters[id][$eq][0]=${s.d.company.id}&filters[id][$eq][1]=${live.id}`;
    const all = await t.app.inject({ method: 'GET', url, headers: admin });
    expect((all.json() as { data: { id: number }[] }).data.map((c) => c.id)).toEqual([live.id]);
  });

  it('keeps it in the console, archived last, and 20 parallel archive/restore calls end in one consistent state', async () => {
    const s = await divisionWithPage();
    // A live division whose name sorts after the archived one's: it is still listed before it.
    const later = await createCompany(t.db);
    await t.db.update(companies).set({ title: 'Zz later' }).where(eq(companies.id, later.id));
    await archive(s.d.company.id);
    const list = (await t.app.inject({ method: 'GET', url: '/api/companies/console?pageSize=100', headers: admin })).json() as CompanyConsoleList;
    const at = list.data.findIndex((c) => c.id === s.d.company.id);
    expect(list.data[at]!.archivedAt).not.toBeNull();
    expect(list.data.findIndex((c) => c.id === later.id)).toBeLessThan(at);
    expect(list.data.slice(at).every((c) => c.archivedAt !== null)).toBe(true);

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? restore(s.d.company.id) : archive(s.d.company.id))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const [row] = await t.db.select().from(companies).where(eq(companies.id, s.d.company.id));
    const expected = row!.archivedAt ? 410 : 200;
    expect((await s.get(`/${s.alias}`)).statusCode).toBe(expected);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `company:${s.d.company.id}`))
      .orderBy(asc(auditLog.id));
    const actions = audits.map((a) => a.action);
    // Only real changes are audited, and they alternate, ending in the state the row holds.
    expect(actions.every((a, i) => i === 0 || a !== actions[i - 1])).toBe(true);
    expect(actions.at(-1)).toBe(row!.archivedAt ? 'company.archived' : 'company.restored');
  });

  it('is the superadmin’s: 404 for an unknown division, 403 for a supervisor or a user', async () => {
    expect((await archive(999_999)).statusCode).toBe(404);
    const d = await createCompany(t.db);
    const supervisor = (await signIn(t.app, (await createUser(t.app, { role: 'supervisor', companyId: d.id, supervises: true })).email)).headers;
    const user = (await signIn(t.app, (await createUser(t.app, { companyId: d.id })).email)).headers;
    for (const headers of [supervisor, user]) {
      expect((await archive(d.id, headers)).statusCode).toBe(403);
      expect((await restore(d.id, headers)).statusCode).toBe(403);
    }
    const [row] = await t.db.select().from(companies).where(eq(companies.id, d.id));
    expect(row!.archivedAt).toBeNull();
  });
});
