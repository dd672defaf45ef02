import { PROFILE_API_MESSAGES as M } from '@profilehub/shared';
import { describe, expect, it } from 'vitest';
import { companyMembers } from '../../db/schema.ts';
import { childDetails, createCompany, createTemplateDivision, createTheme, createUser, getProfileRow, setProfile, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const getProfile = (headers: Record<string, string>, id: number | string) => t.app.inject({ method: 'GET', url: `/api/profiles/${id}`, headers });

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
    const sup = await t.signedIn({ role: 'supervisor', companyId: a.id });
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
    const sup = await t.signedIn({ role: 'supervisor', companyId: a.id });
    await t.app.deps.db.insert(companyMembers).values({ userId: sup.user.id, companyId: b.id, role: 'member', position: 1 });
    expect((await getProfile(sup.headers, b1.profileId!)).statusCode).toBe(404);
  });

  it('a user marked as supervisor member of their division is still a user', async () => {
    const { a, a2 } = await twoDivisions();
    const user = await t.signedIn({ companyId: a.id, supervises: true });
    expect((await getProfile(user.headers, a2.profileId!)).statusCode).toBe(404);
  });

  it('a superadmin sees every profile', async () => {
    const { a, b, a1, b1 } = await twoDivisions();
    const { headers } = await t.signedIn({ role: 'superadmin' });
    for (const id of [a1.profileId!, b1.profileId!, a.masterProfileId, b.masterProfileId])
      expect((await getProfile(headers, id)).statusCode, String(id)).toBe(200);
    expect((await getProfile(headers, 2_147_483_000)).statusCode).toBe(404);
  });

  it('answers 400 for an id that is not a positive whole number in range', async () => {
    const { headers } = await t.signedIn({ role: 'superadmin' });
    for (const id of ['abc', '0', '-1', '1.5', '2147483648']) {
      const res = await getProfile(headers, id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, errors: [{ message: expect.any(String) }] });
    }
  });
});

describe('POST /api/profiles', () => {
  const create = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/profiles', headers, payload: payload as object });

  it('a supervisor creates a template when the division has the templates flag, and a standalone profile for a member', async () => {
    const db = t.app.deps.db;
    const co = await createCompany(db, { flags: { templates: true } });
    const theme = await createTheme(db, { companyId: co.id });
    const sup = await t.signedIn({ role: 'supervisor', companyId: co.id });
    const member = await createUser(t.app, { companyId: co.id });

    const template = await create(sup.headers, {
      companyId: co.id,
      isMaster: true,
      templateName: 'Sales',
      content: { stylingId: theme.id, jobTitle: 'Sales' },
    });
    expect(template.statusCode).toBe(200);
    expect(template.json()).toMatchObject({
      success: true,
      profile: { isMaster: true, companyId: co.id, userId: null, templateName: 'Sales', version: 1, alias: null },
    });
    const row = await getProfileRow(db, template.json().profile.id);
    expect(row).toMatchObject({ stylingId: theme.id, content: { jobTitle: 'Sales', templateLayout: 'desktop2' } });

    const standalone = await create(sup.headers, { data: { companyId: co.id, userId: member.id } });
    expect(standalone.statusCode).toBe(200);
    expect(standalone.json().profile).toMatchObject({ isMaster: false, userId: member.id, masterProfileId: null });

    const child = await create(sup.headers, {
      companyId: co.id,
      userId: member.id,
      masterProfileId: template.json().profile.id,
      content: { fullName: 'Child' },
    });
    expect(child.statusCode).toBe(200);
    expect((await getProfileRow(db, child.json().profile.id))!.content).toEqual({ fullName: 'Child' });
  });

  it('a child created with content gets only what its template lets children change', async () => {
    const db = t.app.deps.db;
    const d = await createTemplateDivision(db, { permissions: [{ key: 'emailAddress', edit: false }] });
    const sup = await t.signedIn({ role: 'supervisor', companyId: d.company.id });
    const res = await create(sup.headers, {
      companyId: d.company.id,
      masterProfileId: d.masterId,
      content: { fullName: 'New Person', emailAddress: 'mine@x.test' },
    });
    expect(res.statusCode).toBe(200);
    expect((await getProfileRow(db, res.json().profile.id))!.content).toEqual({ fullName: 'New Person' });
  });

  it('refuses what does not fit: a template without the flag (403), an owner from elsewhere, a foreign template, bad content (400)', async () => {
    const db = t.app.deps.db;
    const co = await createCompany(db);
    const other = await createCompany(db, { flags: { templates: true } });
    const sup = await t.signedIn({ role: 'supervisor', companyId: co.id });
    const outsider = await createUser(t.app, { companyId: other.id });

    const noFlag = await create(sup.headers, { companyId: co.id, isMaster: true });
    expect(noFlag.statusCode).toBe(403);
    expect(noFlag.json().message).toBe(M.templatesOff);
    const foreignOwner = await create(sup.headers, { companyId: co.id, userId: outsider.id });
    expect(foreignOwner.statusCode).toBe(400);
    expect(foreignOwner.json().message).toBe(M.ownerNotMember);
    const foreignTemplate = await create(sup.headers, { companyId: co.id, masterProfileId: other.masterProfileId });
    expect(foreignTemplate.statusCode).toBe(400);
    expect(foreignTemplate.json().message).toBe(M.masterOfOtherDivision);
    const badContent = await create(sup.headers, { companyId: co.id, content: { emailAddress: 'not an email' } });
    expect(badContent.statusCode).toBe(400);
    expect(badContent.json()).toMatchObject({ message: 'Please enter a valid email address', errors: [{ path: 'content.emailAddress' }] });
    expect((await create(sup.headers, { companyId: 'x' })).statusCode).toBe(400);
  });

  it('a plain user may not create profiles (403); another division answers 404; 401 without a session', async () => {
    const db = t.app.deps.db;
    const co = await createCompany(db);
    const user = await t.signedIn({ companyId: co.id });
    expect((await create(user.headers, { companyId: co.id })).statusCode).toBe(403);
    const sup = await t.signedIn({ role: 'supervisor', companyId: co.id });
    const foreign = await createCompany(db);
    expect((await create(sup.headers, { companyId: foreign.id })).statusCode).toBe(404);
    expect((await create({}, { companyId: co.id })).statusCode).toBe(401);
    const admin = await t.signedIn({ role: 'superadmin' });
    expect((await create(admin.headers, { companyId: foreign.id, isMaster: true })).statusCode).toBe(200);
  });
});

describe('DELETE /api/profiles/:id', () => {
  const remove = (headers: Record<string, string>, id: number) => t.app.inject({ method: 'DELETE', url: `/api/profiles/${id}`, headers });

  it('a supervisor deletes an unpublished profile; a published one must be unpublished first', async () => {
    const db = t.app.deps.db;
    const d = await createTemplateDivision(db);
    const sup = await t.signedIn({ role: 'supervisor', companyId: d.company.id });
    const user = await createUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
    await setProfile(db, user.profileId!, { publishedAt: new Date(), publishedHtml: '<p>live</p>' });
    const refused = await remove(sup.headers, user.profileId!);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.deletePublished);
    expect(await getProfileRow(db, user.profileId!)).toBeDefined();

    await setProfile(db, user.profileId!, { publishedAt: null, publishedHtml: null });
    const res = await remove(sup.headers, user.profileId!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await getProfileRow(db, user.profileId!)).toBeUndefined();
  });

  it('a template in use cannot be deleted', async () => {
    const db = t.app.deps.db;
    const d = await createTemplateDivision(db);
    const sup = await t.signedIn({ role: 'supervisor', companyId: d.company.id });
    await createUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId });
    const res = await remove(sup.headers, d.masterId);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.deleteTemplateInUse);
  });

  it('the owner gets 403, another division 404, no session 401', async () => {
    const db = t.app.deps.db;
    const co = await createCompany(db);
    const owner = await t.signedIn({ companyId: co.id });
    expect((await remove(owner.headers, owner.user.profileId!)).statusCode).toBe(403);
    const outsider = await t.signedIn({ role: 'supervisor', companyId: (await createCompany(db)).id });
    expect((await remove(outsider.headers, owner.user.profileId!)).statusCode).toBe(404);
    expect((await remove({}, owner.user.profileId!)).statusCode).toBe(401);
    expect(await getProfileRow(db, owner.user.profileId!)).toBeDefined();
  });
});

describe('a supervisor manages the people below them, not those above or beside', () => {
  it("cannot read, edit, unpublish or delete a superadmin's or another supervisor's profile in their own division", async () => {
    const db = t.app.deps.db;
    const a = await createCompany(db);
    const sup = await t.signedIn({ role: 'supervisor', companyId: a.id });
    const admin = await createUser(t.app, { role: 'superadmin', companyId: a.id });
    const peer = await createUser(t.app, { role: 'supervisor', companyId: a.id });
    const user = await createUser(t.app, { companyId: a.id });
    const calls = (id: number) =>
      [
        { method: 'GET' as const, url: `/api/profiles/${id}` },
        { method: 'PATCH' as const, url: `/api/profiles/${id}`, payload: { version: 1, changes: { jobTitle: 'URGENT: wire payments' } } },
        { method: 'PUT' as const, url: `/api/profiles/${id}/unpublish` },
        { method: 'DELETE' as const, url: `/api/profiles/${id}` },
      ] as const;
    for (const target of [admin, peer]) {
      for (const call of calls(target.profileId!)) {
        const res = await t.app.inject({ ...call, headers: sup.headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      }
      expect((await getProfileRow(db, target.profileId!))?.content).toEqual({});
    }
    // A user of the division stays theirs to manage; and their own profile too.
    expect((await getProfile(sup.headers, user.profileId!)).statusCode).toBe(200);
    expect((await getProfile(sup.headers, sup.user.profileId!)).statusCode).toBe(200);
  });
});
