import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@profilehub/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeCodes, sessions, users } from '../../db/schema.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { createCompany, getProfileRow, lastCodeFor, mailCount, setProfile, signedInUser, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { MAX_CODE_ATTEMPTS } from '../auth/codes.ts';

const t = useTestApp();

const sendCode = (headers?: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/account/delete-code', ...(headers ? { headers } : {}) });
const confirm = (headers: Record<string, string> | undefined, otp: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/account/delete', payload: { otp }, ...(headers ? { headers } : {}) });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/companies/users/me', headers });
const wrongOf = (code: string, i = 0) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0');

async function member() {
  const company = await createCompany(t.db);
  return { company, ...(await signedInUser(t.app, { companyId: company.id })) };
}

describe('POST /api/account/delete-code', () => {
  it('mails the signed-in person a 4-digit code', async () => {
    const m = await member();
    const res = await sendCode(m.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.codeSent });
    expect(await lastCodeFor(t.db, m.user.email)).toMatch(/^\d{4}$/);
  });

  it(`stops after ${LIMITS.codeIssuePerEmail.max} codes in the window`, async () => {
    const m = await member();
    for (let i = 0; i < LIMITS.codeIssuePerEmail.max; i++) expect((await sendCode(m.headers)).statusCode).toBe(200);
    const res = await sendCode(m.headers);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(AUTH_MESSAGES.tooManyRequests);
    expect(await mailCount(t.db, m.user.email)).toBe(LIMITS.codeIssuePerEmail.max);
  });

  it('refuses a superadmin with a message, and mails nothing', async () => {
    const admin = await signedInUser(t.app, { role: 'superadmin' });
    const res = await sendCode(admin.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.superadminRefused);
    expect(await mailCount(t.db, admin.user.email)).toBe(0);
  });

  it('answers 401 without a session', async () => {
    expect((await sendCode()).statusCode).toBe(401);
  });
});

describe('POST /api/account/delete', () => {
  it('keeps the account on a wrong code', async () => {
    const m = await member();
    await sendCode(m.headers);
    const code = await lastCodeFor(t.db, m.user.email);
    const res = await confirm(m.headers, wrongOf(code));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.codeInvalid);
    expect((await me(m.headers)).statusCode).toBe(200);
  });

  it('answers 400 with the code format for a malformed code', async () => {
    const m = await member();
    const res = await confirm(m.headers, '12a4');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.codeFormat);
  });

  it(`20 wrong codes at once: at most ${LIMITS.codeCheckPerEmail.max} checked, ${MAX_CODE_ATTEMPTS} compared, then the right code is dead`, async () => {
    const m = await member();
    await sendCode(m.headers);
    const code = await lastCodeFor(t.db, m.user.email);
    const res = await Promise.all(Array.from({ length: 20 }, (_, i) => confirm(m.headers, wrongOf(code, i % 9_000))));
    const status = res.map((r) => r.statusCode);
    expect(status.filter((s) => s === 429)).toHaveLength(20 - LIMITS.codeCheckPerEmail.max);
    expect(status.filter((s) => s === 400)).toHaveLength(LIMITS.codeCheckPerEmail.max);
    const [row] = await t.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.email, m.user.email), eq(oneTimeCodes.purpose, 'delete')));
    expect(row!.attempts).toBe(MAX_CODE_ATTEMPTS);
    expect(row!.usedAt).not.toBeNull();
    expect((await confirm(m.headers, code)).statusCode).not.toBe(200);
    expect((await me(m.headers)).statusCode).toBe(200);
  });

  it('deletes the account on the right code, ends every session and leaves the profile with the company, offline', async () => {
    const m = await member();
    await setProfile(t.db, m.id, { publishedAt: new Date(), publishedHtml: '<p>page</p>', publishedEtag: '"x"' });
    const second = await signIn(t.app, m.user.email);
    const colleague = await signedInUser(t.app, { companyId: m.company.id });
    await sendCode(m.headers);
    const res = await confirm(m.headers, await lastCodeFor(t.db, m.user.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.deleted });

    expect(await t.db.select().from(users).where(eq(users.id, m.user.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, m.user.id))).toEqual([]);
    expect((await me(m.headers)).statusCode).toBe(401);
    expect((await me(second.headers)).statusCode).toBe(401);

    const profile = await getProfileRow(t.db, m.id);
    expect(profile).toMatchObject({ userId: null, companyId: m.company.id, publishedAt: null, publishedHtml: null });
    // Others are untouched.
    expect((await me(colleague.headers)).statusCode).toBe(200);
    expect(await getProfileRow(t.db, colleague.id)).toMatchObject({ userId: colleague.user.id });
  });

  it('lets a supervisor delete their own account', async () => {
    const company = await createCompany(t.db);
    const sup = await signedInUser(t.app, { role: 'supervisor', companyId: company.id });
    await sendCode(sup.headers);
    expect((await confirm(sup.headers, await lastCodeFor(t.db, sup.user.email))).statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, sup.user.id))).toEqual([]);
  });

  it('refuses a superadmin even with a code of another purpose', async () => {
    const admin = await signedInUser(t.app, { role: 'superadmin' });
    const res = await confirm(admin.headers, '1234');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.superadminRefused);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, admin.user.id))).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    expect((await confirm(undefined, '1234')).statusCode).toBe(401);
  });
});
