import { OFFBOARDING_MESSAGES, ROLE_MESSAGES } from '@profilehub/shared';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyMembers, dailyStats, dailyViewSources, leadSubmissions, offboardings, passkeys, profileTotals } from '../../db/schema.ts';
import { childDetails, createTemplateDivision, createUser, freshIp, PASSWORD, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { softPasskey } from '../passkeys/soft-authenticator.ts';

const t = useTestApp();
let superadmin: Record<string, string>;

beforeAll(async () => {
  superadmin = (await signIn(t.app, (await createUser(t.app, { role: 'superadmin' })).email)).headers;
});

let n = 0;
/** A division with its supervisor, and Jane and Leo, each with a published page. */
async function division() {
  const d = await createTemplateDivision(t.db);
  const companyId = d.company.id;
  const supervisor = await createUser(t.app, { role: 'supervisor', companyId });
  const sup = (await signIn(t.app, supervisor.email)).headers;
  const person = async (name: string) => {
    const alias = `${name.split(' ')[0]!.toLowerCase()}-off-${++n}`;
    const u = await createUser(t.app, { companyId, masterProfileId: d.masterId, content: childDetails(name), alias });
    const headers = (await signIn(t.app, u.email)).headers;
    const res = await t.app.inject({ method: 'PUT', url: `/api/profiles/${u.profileId}/publish`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return { ...u, profileId: u.profileId!, alias, headers };
  };
  const jane = await person('Jane Doe');
  const leo = await person('Leo Lion');
  const host = `${d.company.subdomain}.localhost`;
  const get = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { host } });
  return { d, companyId, supervisor, sup, jane, leo, get };
}

const deactivate = (userId: number, body: Record<string, unknown>, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/users/${userId}/deactivate`, headers, payload: body });
const reactivate = (userId: number, companyId: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/users/${userId}/reactivate`, headers, payload: { companyId } });
const signInRes = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/local', remoteAddress: freshIp(), payload: { identifier: email, password: PASSWORD } });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/companies/users/me', headers });

/** Jane's contacts and statistics, and Leo's own, seeded into the division. */
async function seedActivity(s: Awaited<ReturnType<typeof division>>) {
  const { companyId, jane, leo } = s;
  await t.db.insert(leadSubmissions).values([
    { profileId: jane.profileId, companyId, data: { name: 'Ann', email: 'ann@x.test' } },
    { profileId: jane.profileId, companyId, data: { name: 'Ben', email: 'ben@x.test' } },
    { profileId: leo.profileId, companyId, data: { name: 'Cleo', email: 'cleo@x.test' } },
  ]);
  const view = { companyId, action: 'view', type: 'page', label: '' };
  await t.db.insert(dailyStats).values([
    { ...view, day: '2026-01-10', profileId: jane.profileId, count: 5, visitors: 4 },
    { ...view, day: '2026-01-11', profileId: jane.profileId, count: 3, visitors: 3 },
    { ...view, day: '2026-01-10', profileId: leo.profileId, count: 2, visitors: 2 },
  ]);
  await t.db.insert(profileTotals).values([
    { profileId: jane.profileId, companyId, views: 8 },
    { profileId: leo.profileId, companyId, views: 2 },
  ]);
}

const statsOf = async (profileId: number) =>
  (await t.db.select().from(dailyStats).where(eq(dailyStats.profileId, profileId)).orderBy(asc(dailyStats.day))).map((r) => [r.day, r.count, r.visitors]);
const totalOf = async (profileId: number) => (await t.db.select().from(profileTotals).where(eq(profileTotals.profileId, profileId)))[0]?.views;
const leadsReport = async (profileId: number, headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: `/api/reports/lead-forms?profileId=${profileId}`, headers })).json() as {
    total: number;
    data: { name: string }[];
  };
const visits = async (profileId: number, headers: Record<string, string>) =>
  ((await t.app.inject({ method: 'GET', url: `/api/reports/query/all_visits?profileId=${profileId}`, headers })).json() as { total: number }).total;

describe('deactivating Jane with Leo as successor', () => {
  it('moves where her views came from to Leo, added to his own, and gives them back on reactivation', async () => {
    const s = await division();
    const { jane, leo, sup, companyId } = s;
    const source = { companyId, day: '2026-02-01', dimension: 'source' };
    await t.db.insert(dailyViewSources).values([
      { ...source, profileId: jane.profileId, value: 'qr', count: 4 },
      { ...source, profileId: jane.profileId, value: 'signature', count: 1 },
      { ...source, profileId: leo.profileId, value: 'qr', count: 2 },
    ]);
    const sourcesOf = async (profileId: number) =>
      (await t.db.select().from(dailyViewSources).where(eq(dailyViewSources.profileId, profileId)).orderBy(asc(dailyViewSources.value))).map((r) => [
        r.value,
        r.count,
      ]);
    expect((await deactivate(jane.id, { companyId, outcome: 'successor', successorProfileId: leo.profileId }, sup)).statusCode).toBe(200);
    expect(await sourcesOf(leo.profileId)).toEqual([
      ['qr', 6],
      ['signature', 1],
    ]);
    expect(await sourcesOf(jane.profileId)).toEqual([]);
    expect((await reactivate(jane.id, companyId, sup)).statusCode).toBe(200);
    expect(await sourcesOf(leo.profileId)).toEqual([['qr', 2]]);
    expect(await sourcesOf(jane.profileId)).toEqual([
      ['qr', 4],
      ['signature', 1],
    ]);
  });

  it('redirects her page to Leo’s, moves her contacts and statistics to Leo, refuses her token at once; reactivation restores it all', async () => {
    const s = await division();
    const { jane, leo, sup, companyId } = s;
    await seedActivity(s);
    expect((await s.get(`/${jane.alias}`)).statusCode).toBe(200);
    expect((await me(jane.headers)).statusCode).toBe(200);
    expect(await visits(leo.profileId, sup)).toBe(2);

    const res = await deactivate(jane.id, { companyId, outcome: 'successor', successorProfileId: leo.profileId }, sup);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: OFFBOARDING_MESSAGES.deactivated, outcome: 'successor', moved: { leads: 2, statistics: 3 } });

    // Her page, vCard and QR code lead to Leo's.
    const page = await s.get(`/${jane.alias}`);
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`/${leo.alias}`);
    expect((await s.get(`/${jane.alias}/contact.vcf`)).headers.location).toBe(`/${leo.alias}/contact.vcf`);
    expect((await s.get(`/${leo.alias}`)).statusCode).toBe(200);

    // Her contacts and statistics are Leo's now, added to his own.
    const leads = await leadsReport(leo.profileId, sup);
    expect(leads.total).toBe(3);
    expect(leads.data.map((l) => l.name).sort()).toEqual(['Ann', 'Ben', 'Cleo']);
    expect(await statsOf(leo.profileId)).toEqual([
      ['2026-01-10', 7, 6],
      ['2026-01-11', 3, 3],
    ]);
    expect(await visits(leo.profileId, sup)).toBe(10);
    expect(await totalOf(leo.profileId)).toBe(10);
    expect(await statsOf(jane.profileId)).toEqual([]);

    // Her token is refused at once (her sessions ended), and signing in again says why.
    expect((await me(jane.headers)).statusCode).toBe(401);
    const login = await signInRes(jane.email);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'deactivated', message: OFFBOARDING_MESSAGES.accountDeactivated });

    // The users list shows her deactivated.
    const list = (await t.app.inject({ method: 'GET', url: `/api/users?companyId=${companyId}`, headers: sup })).json() as {
      data: { userId: number; deactivatedAt: string | null }[];
    };
    expect(list.data.find((r) => r.userId === jane.id)?.deactivatedAt).toEqual(expect.any(String));
    expect(list.data.find((r) => r.userId === leo.id)?.deactivatedAt).toBeNull();

    // New activity of Leo's after the move stays his on reactivation.
    await t.db
      .update(dailyStats)
      .set({ count: 9 })
      .where(and(eq(dailyStats.profileId, leo.profileId), eq(dailyStats.day, '2026-01-10')));

    const back = await reactivate(jane.id, companyId, sup);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ message: OFFBOARDING_MESSAGES.reactivated, moved: { leads: 2, statistics: 3 } });
    expect((await s.get(`/${jane.alias}`)).statusCode).toBe(200);
    expect((await leadsReport(leo.profileId, sup)).data.map((l) => l.name)).toEqual(['Cleo']);
    expect((await leadsReport(jane.profileId, sup)).total).toBe(2);
    expect(await statsOf(leo.profileId)).toEqual([['2026-01-10', 4, 2]]);
    expect(await statsOf(jane.profileId)).toEqual([
      ['2026-01-10', 5, 4],
      ['2026-01-11', 3, 3],
    ]);
    expect(await totalOf(leo.profileId)).toBe(2);
    expect(await totalOf(jane.profileId)).toBe(8);
    expect((await signInRes(jane.email)).statusCode).toBe(200);

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${jane.id} company:${companyId}`))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([
      ['member.deactivated', s.supervisor.id],
      ['member.reactivated', s.supervisor.id],
    ]);
    expect(audits[0]!.meta).toMatchObject({ after: { outcome: 'successor', successorProfileId: leo.profileId } });
    const records = await t.db.select().from(offboardings).where(eq(offboardings.userId, jane.id));
    expect(records).toHaveLength(1);
    expect(records[0]!.reactivatedAt).not.toBeNull();
  });
});

describe('the other outcomes', () => {
  it('"gone": 410 "no longer with the company" for her page and card files; contacts stay hers', async () => {
    const s = await division();
    await seedActivity(s);
    const res = await deactivate(s.jane.id, { companyId: s.companyId, outcome: 'gone' }, superadmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().moved).toEqual({ leads: 0, statistics: 0 });
    const page = await s.get(`/${s.jane.alias}`);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(OFFBOARDING_MESSAGES.goneText);
    expect(page.headers['cache-control']).toBe('no-store');
    expect((await s.get(`/${s.jane.alias}/contact.vcf`)).statusCode).toBe(410);
    expect((await leadsReport(s.jane.profileId, superadmin)).total).toBe(2);
    expect((await reactivate(s.jane.id, s.companyId, superadmin)).statusCode).toBe(200);
    expect((await s.get(`/${s.jane.alias}`)).statusCode).toBe(200);
  });

  it('"company": the page shows the division’s card; the division’s default outcome is used when none is given', async () => {
    const s = await division();
    const row = (await t.app.inject({ method: 'GET', url: `/api/companies/console/${s.companyId}`, headers: superadmin })).json();
    expect(row.offboardingOutcome).toBe('gone');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${s.companyId}`,
      headers: superadmin,
      payload: { updatedAt: row.updatedAt, offboardingOutcome: 'company' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().offboardingOutcome).toBe('company');
    const res = await deactivate(s.jane.id, { companyId: s.companyId }, s.sup);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('company');
    const page = await s.get(`/${s.jane.alias}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(s.d.company.title);
    expect(page.body).not.toContain('Jane Doe');
  });
});

describe('her passkeys', () => {
  it('are refused while she is deactivated, and work again once she is reactivated', async () => {
    const s = await division();
    const key = softPasskey();
    await t.db.insert(passkeys).values({ userId: s.jane.id, credentialId: key.credentialId, publicKey: key.publicKey, name: 'Phone' });
    const site = { rpID: 'localhost', origin: 'http://localhost:80' };
    const passkeySignIn = async () => {
      const { challenge } = (await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options', remoteAddress: freshIp(), payload: {} })).json();
      return t.app.inject({ method: 'POST', url: '/api/auth/passkey', remoteAddress: freshIp(), payload: { response: key.assert(challenge, site) } });
    };
    expect((await passkeySignIn()).statusCode).toBe(200);

    expect((await deactivate(s.jane.id, { companyId: s.companyId, outcome: 'gone' }, s.sup)).statusCode).toBe(200);
    const refused = await passkeySignIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'deactivated', message: OFFBOARDING_MESSAGES.accountDeactivated });

    expect((await reactivate(s.jane.id, s.companyId, s.sup)).statusCode).toBe(200);
    const back = await passkeySignIn();
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user.email).toBe(s.jane.email);
  });
});

describe('a person in two divisions', () => {
  it('deactivated in one keeps signing in for the other, without the first', async () => {
    const s = await division();
    const other = await division();
    await t.db.insert(companyMembers).values({ userId: s.jane.id, companyId: other.companyId, role: 'member', position: 1 });
    expect((await deactivate(s.jane.id, { companyId: s.companyId, outcome: 'gone' }, s.sup)).statusCode).toBe(200);
    const still = await me(s.jane.headers);
    expect(still.statusCode).toBe(200);
    expect(still.json().companies.map((c: { id: number }) => c.id)).toEqual([other.companyId]);
    expect((await signInRes(s.jane.email)).statusCode).toBe(200);
    expect((await deactivate(s.jane.id, { companyId: other.companyId, outcome: 'gone' }, other.sup)).statusCode).toBe(200);
    expect((await me(s.jane.headers)).statusCode).toBe(401);
    expect((await signInRes(s.jane.email)).json()).toMatchObject({ code: 'deactivated', message: OFFBOARDING_MESSAGES.accountDeactivated });
  });
});

describe('who may deactivate, and whom', () => {
  it('refuses a supervisor of another division (404), a plain user (403), oneself and a superadmin', async () => {
    const s = await division();
    const other = await division();
    const body = { companyId: s.companyId, outcome: 'gone' };
    expect((await deactivate(s.jane.id, body, other.sup)).statusCode).toBe(404);
    const asUser = await deactivate(s.jane.id, body, s.leo.headers);
    expect(asUser.statusCode).toBe(403);
    const self = await deactivate(s.supervisor.id, body, s.sup);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(OFFBOARDING_MESSAGES.self);
    const staff = await createUser(t.app, { role: 'superadmin', companyId: s.companyId });
    const onStaff = await deactivate(staff.id, body, s.sup);
    expect(onStaff.statusCode).toBe(403);
    expect(onStaff.json().message).toBe(OFFBOARDING_MESSAGES.superadmin);
    const outsider = await createUser(t.app, {});
    const notMember = await deactivate(outsider.id, body, s.sup);
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().message).toBe(ROLE_MESSAGES.notMember);
    expect((await me(s.jane.headers)).statusCode).toBe(200);
  });

  it('needs a valid successor: an active member’s published page in the same division', async () => {
    const s = await division();
    const other = await division();
    const missing = await deactivate(s.jane.id, { companyId: s.companyId, outcome: 'successor' }, s.sup);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(OFFBOARDING_MESSAGES.successorRequired);
    for (const successorProfileId of [other.leo.profileId, s.jane.profileId, s.d.masterId, 999_999]) {
      const res = await deactivate(s.jane.id, { companyId: s.companyId, outcome: 'successor', successorProfileId }, s.sup);
      expect(res.statusCode, String(successorProfileId)).toBe(400);
      expect(res.json().message).toBe(OFFBOARDING_MESSAGES.successorInvalid);
    }
    expect((await deactivate(s.leo.id, { companyId: s.companyId, outcome: 'gone' }, s.sup)).statusCode).toBe(200);
    const toGone = await deactivate(s.jane.id, { companyId: s.companyId, outcome: 'successor', successorProfileId: s.leo.profileId }, s.sup);
    expect(toGone.statusCode).toBe(400);
    expect((await deactivate(s.jane.id, { companyId: s.companyId, outcome: 'gone', successorProfileId: s.leo.profileId }, s.sup)).statusCode).toBe(400);
    expect((await reactivate(s.jane.id, s.companyId, s.sup)).statusCode).toBe(409);
  });

  it('20 parallel deactivations of the same person have one effect, and none fails with a 5xx', async () => {
    const s = await division();
    await seedActivity(s);
    const body = { companyId: s.companyId, outcome: 'successor', successorProfileId: s.leo.profileId };
    const results = await Promise.all(Array.from({ length: 20 }, () => deactivate(s.jane.id, body, s.sup)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await statsOf(s.leo.profileId)).toEqual([
      ['2026-01-10', 7, 6],
      ['2026-01-11', 3, 3],
    ]);
    expect(await t.db.select().from(offboardings).where(eq(offboardings.userId, s.jane.id))).toHaveLength(1);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.deactivated'), eq(auditLog.target, `user:${s.jane.id} company:${s.companyId}`)));
    expect(audits).toHaveLength(1);
  });

  it('two people naming each other as successor at once: one goes, the other is refused — no redirect loop', async () => {
    const s = await division();
    const [a, b] = await Promise.all([
      deactivate(s.jane.id, { companyId: s.companyId, outcome: 'successor', successorProfileId: s.leo.profileId }, s.sup),
      deactivate(s.leo.id, { companyId: s.companyId, outcome: 'successor', successorProfileId: s.jane.profileId }, s.sup),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.statusCode === 400)!.json().message).toBe(OFFBOARDING_MESSAGES.successorInvalid);
  });
});
