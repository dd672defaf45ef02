import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers } from '../../db/schema.ts';
import { createCompany, createUser, signIn } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getProfile = (headers: Record<string, string>, id: number | string) => t.app.inject({ method: 'GET', url: `/api/profiles/${id}`, headers });
const signedIn = async (o: Parameters<typeof createUser>[1]) => {
  const user = await createUser(t.app, o);
  return { user, headers: (await signIn(t.app, user.email)).headers };
};

/** Two divisions, each with a master profile and two users' profiles. */
async function twoDivisions() {
  const db = t.app.deps.db;
  const a = await createCompany(db);
  const b = await createCompany(db);
  const a1 = await createUser(t.app, { companyId: a.id });
  const a2 = await createUser(t.app, { companyId: a.id });
  const b1 = await createUser(t.app, { companyId: b.id });
  return { a, b, a1, a2, b1 };
}

describe('GET /api/profiles/:id', () => {
  it('needs a session', async () => {
    const { a1 } = await twoDivisions();
    expect((await getProfile({}, a1.profileId!)).statusCode).toBe(401);
    expect((await getProfile({ authorization: 'Bearer nope' }, a1.profileId!)).statusCode).toBe(401);
  });

  it('a user sees their own profile', async () => {
    const { a, a1 } = await twoDivisions();
    const res = await getProfile((await signIn(t.app, a1.email)).headers, a1.profileId!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a1.profileId, userId: a1.id, companyId: a.id, isMaster: false, publishedAt: null });
    expect(res.json().alias).toMatch(/^p-/);
  });

  it('a user gets 404 for a colleague’s profile, the master profile and another division’s profile, like a missing one', async () => {
    const { a, a1, a2, b1 } = await twoDivisions();
    const { headers } = await signIn(t.app, a1.email);
    const missing = await getProfile(headers, 2_147_483_000);
    expect(missing.statusCode).toBe(404);
    for (const id of [a2.profileId!, a.masterProfileId, b1.profileId!]) {
      const res = await getProfile(headers, id);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
  });

  it('a supervisor sees the profiles of supervised divisions and gets 404 for others', async () => {
    const { a, b, a2, b1 } = await twoDivisions();
    const sup = await signedIn({ role: 'supervisor', companyId: a.id });
    expect((await getProfile(sup.headers, a2.profileId!)).statusCode).toBe(200);
    const master = await getProfile(sup.headers, a.masterProfileId);
    expect(master.statusCode).toBe(200);
    expect(master.json()).toMatchObject({ isMaster: true, userId: null, companyId: a.id });
    expect((await getProfile(sup.headers, sup.user.profileId!)).statusCode).toBe(200);
    expect((await getProfile(sup.headers, b1.profileId!)).statusCode).toBe(404);
    expect((await getProfile(sup.headers, b.masterProfileId)).statusCode).toBe(404);
  });

  it('a plain membership does not let a supervisor see a division’s profiles', async () => {
    const { a, b, b1 } = await twoDivisions();
    const sup = await signedIn({ role: 'supervisor', companyId: a.id });
    await t.app.deps.db.insert(companyMembers).values({ userId: sup.user.id, companyId: b.id, role: 'member', position: 1 });
    expect((await getProfile(sup.headers, b1.profileId!)).statusCode).toBe(404);
  });

  it('a user marked as supervisor member of their division is still a user', async () => {
    const { a, a2 } = await twoDivisions();
    const user = await signedIn({ companyId: a.id, supervises: true });
    expect((await getProfile(user.headers, a2.profileId!)).statusCode).toBe(404);
  });

  it('a superadmin sees every profile', async () => {
    const { a, b, a1, b1 } = await twoDivisions();
    const { headers } = await signedIn({ role: 'superadmin' });
    for (const id of [a1.profileId!, b1.profileId!, a.masterProfileId, b.masterProfileId])
      expect((await getProfile(headers, id)).statusCode, String(id)).toBe(200);
    expect((await getProfile(headers, 2_147_483_000)).statusCode).toBe(404);
  });

  it('answers 400 for an id that is not a positive whole number in range', async () => {
    const { headers } = await signedIn({ role: 'superadmin' });
    for (const id of ['abc', '0', '-1', '1.5', '2147483648']) {
      const res = await getProfile(headers, id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, errors: [{ message: expect.any(String) }] });
    }
  });
});
