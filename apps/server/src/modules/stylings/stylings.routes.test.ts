import { PROFILE_API_MESSAGES as M } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profileStylings } from '../../db/schema.ts';
import { createCompany, createTheme } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const list = (headers: Headers, query = '') => t.app.inject({ method: 'GET', url: `/api/profile-stylings/default-themes${query}`, headers });
const update = (headers: Headers, id: number, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/profile-stylings/${id}`, headers, payload: payload as object });
const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((th) => th.id);
const stored = async (id: number) => (await t.db.select().from(profileStylings).where(eq(profileStylings.id, id)))[0]!;

describe('GET /api/profile-stylings/default-themes', () => {
  it('lists the default themes and the caller’s divisions’ themes, never another division’s', async () => {
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    const shared = await createTheme(t.db, { name: 'Shared' });
    const ofA = await createTheme(t.db, { companyId: a.id });
    const ofB = await createTheme(t.db, { companyId: b.id });
    const user = await t.signedIn({ companyId: a.id });
    const res = await list(user.headers);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual(expect.arrayContaining([shared.id, ofA.id]));
    expect(ids(res)).not.toContain(ofB.id);
    expect(res.json().data.find((th: { id: number }) => th.id === shared.id)).toEqual({
      id: shared.id,
      name: 'Shared',
      cssPlug: shared.cssPlug,
      layout: 'desktop2',
      fontFamily: null,
      previewImage: { url: null },
      companyId: null,
      isDefault: true,
    });
    const admin = await t.signedIn({ role: 'superadmin' });
    expect(ids(await list(admin.headers))).toEqual(expect.arrayContaining([shared.id, ofA.id, ofB.id]));
    expect(ids(await list(admin.headers, `?companyId=${b.id}`))).not.toContain(ofA.id);
  });

  it('answers 404 for another division’s companyId and 401 without a session', async () => {
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    const user = await t.signedIn({ companyId: a.id });
    expect((await list(user.headers, `?companyId=${b.id}`)).statusCode).toBe(404);
    expect((await list(user.headers, '?companyId=abc')).statusCode).toBe(400);
    expect((await list({})).statusCode).toBe(401);
  });
});

describe('PUT /api/profile-stylings/:id', () => {
  it('a supervisor with style editing edits their division’s theme', async () => {
    const co = await createCompany(t.db, { flags: { style_editing: true } });
    const theme = await createTheme(t.db, { companyId: co.id });
    const sup = await t.signedIn({ role: 'supervisor', companyId: co.id });
    const res = await update(sup.headers, theme.id, {
      data: { id: theme.id, cssPlug: '.name { color: teal; }', layout: 'desktop1', fontFamily: 'Inter, sans-serif' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { id: theme.id, cssPlug: '.name { color: teal; }', layout: 'desktop1', fontFamily: 'Inter, sans-serif' },
    });
    expect(await stored(theme.id)).toMatchObject({ cssPlug: '.name { color: teal; }', layout: 'desktop1' });
  });

  it('without style editing, a default theme, or as a user: 403; another division’s theme: 404', async () => {
    const co = await createCompany(t.db);
    const flagged = await createCompany(t.db, { flags: { style_editing: true } });
    const theme = await createTheme(t.db, { companyId: co.id });
    const defaultTheme = await createTheme(t.db);
    const foreign = await createTheme(t.db, { companyId: (await createCompany(t.db, { flags: { style_editing: true } })).id });
    const sup = await t.signedIn({ role: 'supervisor', companyId: co.id });
    const flaggedSup = await t.signedIn({ role: 'supervisor', companyId: flagged.id });
    const user = await t.signedIn({ companyId: flagged.id });
    const body = { data: { cssPlug: 'x' } };
    const noFlag = await update(sup.headers, theme.id, body);
    expect(noFlag.statusCode).toBe(403);
    expect(noFlag.json().message).toBe(M.styleEditingOff);
    expect((await update(flaggedSup.headers, defaultTheme.id, body)).statusCode).toBe(403);
    expect((await update(user.headers, (await createTheme(t.db, { companyId: flagged.id })).id, body)).statusCode).toBe(403);
    expect((await update(flaggedSup.headers, foreign.id, body)).statusCode).toBe(404);
    expect((await update({}, theme.id, body)).statusCode).toBe(401);
    expect((await stored(theme.id)).cssPlug).not.toBe('x');
  });

  it('a superadmin edits any theme, including the defaults', async () => {
    const admin = await t.signedIn({ role: 'superadmin' });
    const defaultTheme = await createTheme(t.db);
    expect((await update(admin.headers, defaultTheme.id, { data: { cssPlug: '.a{}' } })).statusCode).toBe(200);
    expect((await stored(defaultTheme.id)).cssPlug).toBe('.a{}');
  });

  it('refuses CSS over the limit, a mismatched id and unknown fields with 400', async () => {
    const admin = await t.signedIn({ role: 'superadmin' });
    const theme = await createTheme(t.db);
    const long = await update(admin.headers, theme.id, { data: { cssPlug: 'a'.repeat(20_001) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('CSS can be at most 20000 characters.');
    const mismatch = await update(admin.headers, theme.id, { data: { id: theme.id + 1000 } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(M.themeIdMismatch);
    expect((await update(admin.headers, theme.id, { data: { companyId: 1 } })).statusCode).toBe(400);
    expect((await update(admin.headers, theme.id, { cssPlug: 'x' })).statusCode).toBe(400);
  });
});
