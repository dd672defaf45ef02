import { ROLE_MESSAGES } from '@profilehub/shared';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { approvals, auditLog, companyMembers, users } from '../../db/schema.ts';
import { createCompany, createUser, setProfile, signedInUser, signIn } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';

const t = useTestApp();
const db = () => t.app.deps.db;

const setRole = (headers: Headers, userId: number, companyId: number, role: string) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${userId}/role`, headers, payload: { companyId, role } });
const usersList = (headers: Headers, query = '') => t.app.inject({ method: 'GET', url: `/api/users?isLive=${query || 'false'}`, headers });
const account = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const memberRoleOf = async (userId: number, companyId: number) =>
  (
    await db()
      .select()
      .from(companyMembers)
      .where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, companyId)))
  )[0]?.role;
const roleAudits = (userId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'role.changed'), like(auditLog.target, `user:${userId} %`)));

async function division() {
  const company = await createCompany(db(), { flags: { invite_users: true, approvals: true } });
  const sup = await signedInUser(t.app, { role: 'supervisor', companyId: company.id });
  return { company, sup };
}

describe('PUT /api/users/{id}/role (promote and demote)', () => {
  it('a supervisor makes a user of their division a supervisor: the same token gains the admin lists at once, and the change is audited', async () => {
    const { company, sup } = await division();
    const person = await signedInUser(t.app, { companyId: company.id });
    expect((await usersList(person.headers)).statusCode).toBe(403);

    const res = await setRole(sup.headers, person.user.id, company.id, 'supervisor');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: ROLE_MESSAGES.madeSupervisor, role: 'supervisor' });
    expect((await account(person.user.id)).role).toBe('supervisor');
    expect(await memberRoleOf(person.user.id, company.id)).toBe('supervisor');
    // Same token, next request: the roles come from the database, not the token.
    expect((await usersList(person.headers)).statusCode).toBe(200);
    const logged = await roleAudits(person.user.id);
    expect(logged.map((a) => [a.actorId, a.target])).toEqual([[sup.user.id, `user:${person.user.id} company:${company.id} user→supervisor`]]);
    // The list shows the row's role in its division.
    const row = ((await usersList(sup.headers, 'true')).json().data as { userId: number; role: string }[]).find((r) => r.userId === person.user.id);
    expect(row === undefined || row.role === 'supervisor').toBe(true);
  });

  it("a demoted supervisor's next request with the same token is refused 403 on an admin route", async () => {
    const { company, sup } = await division();
    const other = await signedInUser(t.app, { role: 'supervisor', companyId: company.id });
    expect((await usersList(other.headers)).statusCode).toBe(200);
    const res = await setRole(sup.headers, other.user.id, company.id, 'user');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ROLE_MESSAGES.madeUser);
    expect((await account(other.user.id)).role).toBe('user');
    expect((await usersList(other.headers)).statusCode).toBe(403);
    expect((await setRole(other.headers, sup.user.id, company.id, 'user')).statusCode).toBe(403);
    expect((await roleAudits(other.user.id))[0]?.target).toBe(`user:${other.user.id} company:${company.id} supervisor→user`);
  });

  it('a supervisor of several divisions stays a supervisor until the last one is taken back', async () => {
    const a = await division();
    const b = await createCompany(db());
    const admin = await signedInUser(t.app, { role: 'superadmin' });
    const person = await createUser(t.app, { companyId: a.company.id });
    await db().insert(companyMembers).values({ userId: person.id, companyId: b.id, role: 'member' });
    expect((await setRole(admin.headers, person.id, a.company.id, 'supervisor')).statusCode).toBe(200);
    expect((await setRole(admin.headers, person.id, b.id, 'supervisor')).statusCode).toBe(200);
    expect((await setRole(admin.headers, person.id, a.company.id, 'user')).statusCode).toBe(200);
    expect((await account(person.id)).role).toBe('supervisor');
    expect((await setRole(admin.headers, person.id, b.id, 'user')).statusCode).toBe(200);
    expect((await account(person.id)).role).toBe('user');
  });

  it('a supervisor cannot promote anyone outside their divisions, a superadmin, or themselves; nothing changes', async () => {
    const a = await division();
    const b = await division();
    const outsider = await createUser(t.app, { companyId: b.company.id });
    // Another division: 404 like a missing one, even naming their own division for someone not in it.
    expect((await setRole(a.sup.headers, outsider.id, b.company.id, 'supervisor')).statusCode).toBe(404);
    const notMember = await setRole(a.sup.headers, outsider.id, a.company.id, 'supervisor');
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().message).toBe(ROLE_MESSAGES.notMember);
    // A superadmin who is a member of the supervisor's division is not theirs to change.
    const staff = await createUser(t.app, { role: 'superadmin', companyId: a.company.id });
    const onStaff = await setRole(a.sup.headers, staff.id, a.company.id, 'user');
    expect(onStaff.statusCode).toBe(403);
    expect(onStaff.json().message).toBe(ROLE_MESSAGES.superadminRole);
    const self = await setRole(a.sup.headers, a.sup.user.id, a.company.id, 'user');
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(ROLE_MESSAGES.ownRole);
    // A plain user changes nobody's role, not even in their own division.
    const plain = await signedInUser(t.app, { companyId: a.company.id });
    expect((await setRole(plain.headers, a.sup.user.id, a.company.id, 'user')).statusCode).toBe(403);
    // Never to superadmin: the body takes user or supervisor only.
    const up = await setRole(a.sup.headers, plain.user.id, a.company.id, 'superadmin');
    expect(up.statusCode).toBe(400);
    expect((await account(outsider.id)).role).toBe('user');
    expect((await account(staff.id)).role).toBe('superadmin');
    expect((await account(a.sup.user.id)).role).toBe('supervisor');
    expect((await account(plain.user.id)).role).toBe('user');
    expect(await roleAudits(outsider.id)).toEqual([]);
  });

  it('20 parallel promote and demote requests leave the account role matching its memberships', async () => {
    const { company, sup } = await division();
    const second = await createCompany(db());
    const admin = await signedInUser(t.app, { role: 'superadmin' });
    const person = await createUser(t.app, { companyId: company.id });
    await db().insert(companyMembers).values({ userId: person.id, companyId: second.id, role: 'member' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? setRole(sup.headers, person.id, company.id, i % 4 === 0 ? 'supervisor' : 'user')
          : setRole(admin.headers, person.id, second.id, i % 4 === 1 ? 'supervisor' : 'user'),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const memberships = await db().select().from(companyMembers).where(eq(companyMembers.userId, person.id));
    const supervises = memberships.some((m) => m.role === 'supervisor');
    expect((await account(person.id)).role).toBe(supervises ? 'supervisor' : 'user');
    // Each audited change goes from the state the one before it left.
    const logged = await roleAudits(person.id);
    for (const companyId of [company.id, second.id]) {
      const steps = logged.filter((a) => a.target!.includes(`company:${companyId} `)).map((a) => a.target!.split(' ')[2]!);
      for (let i = 1; i < steps.length; i++) expect(steps[i]!.split('→')[0]).toBe(steps[i - 1]!.split('→')[1]);
    }
  });
});

describe('the superadmins list', () => {
  const list = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/superadmins', headers });
  const add = (headers: Headers, email: string) => t.app.inject({ method: 'POST', url: '/api/superadmins', headers, payload: { email } });
  const remove = (headers: Headers, id: number) => t.app.inject({ method: 'DELETE', url: `/api/superadmins/${id}`, headers });

  it('a superadmin lists staff, makes an existing account superadmin and removes it again (its division role comes back)', async () => {
    const { company, sup } = await division();
    const admin = await signedInUser(t.app, { role: 'superadmin' });
    expect((await list(admin.headers)).json().data.map((s: { id: number }) => s.id)).toContain(admin.user.id);
    const made = await add(admin.headers, sup.user.email.toUpperCase());
    expect(made.statusCode, made.body).toBe(200);
    expect((await account(sup.user.id)).role).toBe('superadmin');
    expect((await add(admin.headers, sup.user.email)).statusCode).toBe(409);
    expect((await add(admin.headers, 'nobody-here@example.test')).json().message).toBe(ROLE_MESSAGES.noAccount);
    const removed = await remove(admin.headers, sup.user.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await account(sup.user.id)).role).toBe('supervisor');
    expect(await memberRoleOf(sup.user.id, company.id)).toBe('supervisor');
    expect((await roleAudits(sup.user.id)).map((a) => a.target)).toEqual([
      `user:${sup.user.id} supervisor→superadmin`,
      `user:${sup.user.id} superadmin→supervisor`,
    ]);
  });

  it('never yourself, never the last one; supervisors and users get 403', async () => {
    const { sup } = await division();
    const admin = await signedInUser(t.app, { role: 'superadmin' });
    const self = await remove(admin.headers, admin.user.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(ROLE_MESSAGES.removeSelf);
    expect((await account(admin.user.id)).role).toBe('superadmin');
    for (const h of [sup.headers, (await signedInUser(t.app)).headers]) {
      expect((await list(h)).statusCode).toBe(403);
      expect((await add(h, sup.user.email)).statusCode).toBe(403);
      expect((await remove(h, admin.user.id)).statusCode).toBe(403);
    }
  });
});

describe('platform staff is never in a division’s lists', () => {
  it("a superadmin's profile in a division is not in its users list, statistics or approvals", async () => {
    const { company, sup } = await division();
    const staff = await createUser(t.app, { role: 'superadmin', companyId: company.id, content: { fullName: 'Staff Person' } });
    const person = await createUser(t.app, { companyId: company.id, content: { fullName: 'Customer Person' } });
    for (const p of [staff, person]) {
      await setProfile(db(), p.profileId!, { publishedAt: new Date() });
      await db().insert(approvals).values({ profileId: p.profileId!, companyId: company.id });
    }
    const admin = (await signIn(t.app, (await createUser(t.app, { role: 'superadmin' })).email)).headers;
    for (const headers of [sup.headers, admin]) {
      const q = `companyId=${company.id}`;
      const listed = await t.app.inject({ method: 'GET', url: `/api/users?${q}&isLive=true`, headers });
      expect(listed.json().data.map((r: { userId: number }) => r.userId)).toEqual([person.id]);
      // The supervisor's own (unpublished) profile is the other row of the division.
      expect(listed.json().counts).toEqual({ published: 1, unpublished: 1, all: 2 });
      const all = await t.app.inject({ method: 'GET', url: `/api/users?${q}`, headers });
      expect(all.json().data.map((r: { userId: number }) => r.userId)).not.toContain(staff.id);
      const top = await t.app.inject({ method: 'GET', url: `/api/reports/query/profile_with_count?${q}`, headers });
      expect(top.json().data.map((r: { profileId: number }) => r.profileId)).toEqual([person.profileId]);
      const queue = await t.app.inject({ method: 'GET', url: `/api/approvals?${q}`, headers });
      expect(queue.json().data.map((r: { profileId: number }) => r.profileId)).toEqual([person.profileId]);
      const suggestions = await t.app.inject({ method: 'GET', url: `/api/users/suggestions?${q}&filter=Person`, headers });
      const suggested = suggestions.json().data.map((r: { id: number }) => r.id);
      expect(suggested).toContain(person.profileId);
      expect(suggested).not.toContain(staff.profileId);
    }
    const pending = await t.app.inject({ method: 'GET', url: '/api/approvals/count', headers: sup.headers });
    expect(pending.json().pending).toBe(1);
  });
});
