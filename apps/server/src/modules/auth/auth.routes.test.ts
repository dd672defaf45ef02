import { AUTH_MESSAGES, DEFAULT_FEATURE_FLAGS, NUL_MESSAGE } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { approvals, companyMembers, oneTimeCodes, profiles, sessions, users } from '../../db/schema.ts';
import { UNCONFIRMED_MESSAGE } from '../../http/auth.ts';
import { LIMITS, RateLimiter } from '../../http/rate-limit.ts';
import { createCompany, createUser, freshIp, lastCodeFor, lastMailTo, mailCount, PASSWORD, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { MAX_FAILED_LOGINS } from './auth.service.ts';
import { MAX_CODE_ATTEMPTS } from './codes.ts';

const t = useTestApp();

/** Each call comes from its own address, so the per-IP limits only bite in the tests about them. */
const api = (opts: InjectOptions) => t.app.inject({ remoteAddress: freshIp(), ...opts });
const enc = encodeURIComponent;
const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });
const NEW_PASSWORD = 'Brand-New-Pass-42';
/** Codes other than `code`, so a "wrong" try is never the right one by chance. */
const wrongCodes = (code: string, n: number) => Array.from({ length: n }, (_, i) => String((Number(code) + i + 1) % 10_000).padStart(4, '0'));

const registrationCheck = (query: string) => api({ method: 'GET', url: `/api/profiles/register-completed?${query}` });
const generateOtp = (email: string) => api({ method: 'POST', url: `/api/profiles/generate-otp?email=${enc(email)}` });
const generateLoginOtp = (email: string) => api({ method: 'POST', url: `/api/profiles/generate-login-otp?email=${enc(email)}` });
const verifyOtp = (email: string, otp: string) => api({ method: 'POST', url: `/api/profiles/verify-otp?email=${enc(email)}&otp=${otp}` });
const link = (email: string, otp: string, password?: string) =>
  api({ method: 'POST', url: `/api/profiles/link?email=${enc(email)}&otp=${otp}${password ? `&password=${enc(password)}` : ''}` });
const login = (identifier: string, password = PASSWORD) => api({ method: 'POST', url: '/api/auth/local', payload: { identifier, password } });
const verifyJwt = (headers: Record<string, string> = {}) => api({ method: 'GET', url: '/api/jwts/verify', headers });
/** Forgot-password answers before its mail is sent: wait for that work so the outbox can be read. */
const forgot = async (email: string) => {
  const res = await api({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  await t.app.deps.background.idle();
  return res;
};
const reset = (code: string, password = NEW_PASSWORD, passwordConfirmation = password) =>
  api({ method: 'POST', url: '/api/auth/reset-password', payload: { code, password, passwordConfirmation } });
const setup = (jwt: string, payload: Record<string, unknown>) => api({ method: 'POST', url: '/api/profiles/setup', headers: bearer(jwt), payload });
const userRow = async (id: number) => (await t.app.deps.db.select().from(users).where(eq(users.id, id)))[0]!;
const resetTokenFor = async (email: string) => {
  const mail = await lastMailTo(t.app.deps.db, email);
  const token = mail?.text.match(/\/reset-password\?code=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
};

/** An invited person (not yet registered) with a registration code in their inbox. */
async function invitedWithCode() {
  const company = await createCompany(t.app.deps.db);
  const user = await createUser(t.app, { companyId: company.id, registered: false });
  expect((await generateOtp(user.email)).json()).toEqual({ success: true, message: 'otp-sent' });
  return { user, company, code: await lastCodeFor(t.app.deps.db, user.email) };
}

describe('POST /api/auth/local', () => {
  it('signs in with the right password, whatever the email case and spacing', async () => {
    const company = await createCompany(t.app.deps.db);
    const user = await createUser(t.app, { companyId: company.id });
    const res = await login(`  ${user.email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, role: 'user', confirmed: true });
    expect(body.user.companies.map((c: { id: number }) => c.id)).toEqual([company.id]);
    const verify = await verifyJwt(bearer(body.jwt));
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ valid: true, userId: user.id });
  });

  it('answers 400 with the spec message for a wrong password and for an unknown email alike', async () => {
    const user = await createUser(t.app);
    for (const payload of [
      { identifier: user.email, password: 'Wrong-password-1' },
      { identifier: 'nobody@example.test', password: PASSWORD },
    ]) {
      const res = await api({ method: 'POST', url: '/api/auth/local', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: AUTH_MESSAGES.incorrectLogin, errors: [{ message: AUTH_MESSAGES.incorrectLogin }] });
    }
  });

  it('refuses an invited person who has not registered yet, even with a password set', async () => {
    const user = await createUser(t.app, { registered: false, password: PASSWORD });
    const res = await login(user.email);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.incorrectLogin);
  });

  it('refuses a blocked account with the right password', async () => {
    const user = await createUser(t.app);
    await t.app.deps.db.update(users).set({ blocked: true }).where(eq(users.id, user.id));
    expect((await login(user.email)).statusCode).toBe(400);
  });

  it('rejects unknown body fields and missing fields with readable 400s', async () => {
    const extra = await api({ method: 'POST', url: '/api/auth/local', payload: { identifier: 'a@b.test', password: 'x', admin: true } });
    expect(extra.statusCode).toBe(400);
    const missing = await api({ method: 'POST', url: '/api/auth/local', payload: { identifier: '', password: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].message).toBe(AUTH_MESSAGES.emailRequired);
    const noPassword = await api({ method: 'POST', url: '/api/auth/local', payload: { identifier: 'a@b.test', password: '' } });
    expect(noPassword.json().errors[0].message).toBe(AUTH_MESSAGES.passwordRequired);
  });

  it('refuses an identifier with a NUL character with a 400, not a failed query', async () => {
    const res = await api({ method: 'POST', url: '/api/auth/local', payload: { identifier: 'jane\u0000@x.test', password: PASSWORD } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NUL_MESSAGE);
  });

  it('ends the session at logout', async () => {
    const user = await createUser(t.app);
    const { headers } = await signIn(t.app, user.email);
    expect((await api({ method: 'GET', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    const after = await verifyJwt(headers);
    expect(after.statusCode).toBe(401);
  });

  it('logout needs a session', async () => {
    expect((await api({ method: 'GET', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});

describe('wrong passwords in a row', () => {
  it(`after ${MAX_FAILED_LOGINS} wrong passwords the account needs an emailed code before the right password works`, async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) expect((await login(user.email, 'Wrong-password-1')).statusCode).toBe(400);
    expect((await userRow(user.id)).verificationRequired).toBe(true);

    const check = await registrationCheck(`email=${enc(user.email)}`);
    expect(check.statusCode).toBe(403);
    expect(check.json().message).toBe(AUTH_MESSAGES.verificationRequired);

    const blocked = await login(user.email);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ message: AUTH_MESSAGES.verificationRequired, errors: [{ message: AUTH_MESSAGES.verificationRequired }] });
    expect((await login(user.email)).statusCode).toBe(403);

    expect((await generateLoginOtp(user.email)).statusCode).toBe(200);
    expect((await verifyOtp(user.email, await lastCodeFor(t.app.deps.db, user.email))).statusCode).toBe(200);
    expect((await registrationCheck(`email=${enc(user.email)}`)).statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(200);
  });

  it('a successful sign-in resets the count of wrong passwords', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < MAX_FAILED_LOGINS - 1; i++) await login(user.email, 'Wrong-password-1');
    expect((await login(user.email)).statusCode).toBe(200);
    expect((await userRow(user.id)).failedLogins).toBe(0);
    for (let i = 0; i < MAX_FAILED_LOGINS - 1; i++) await login(user.email, 'Wrong-password-1');
    expect((await login(user.email)).statusCode).toBe(200);
  });
});

describe('GET /api/profiles/register-completed', () => {
  it('answers 401 with the spec message for an email nobody invited', async () => {
    const res = await registrationCheck(`email=${enc('stranger@example.test')}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: AUTH_MESSAGES.notInvited, errors: [{ message: AUTH_MESSAGES.notInvited }] });
  });

  it('answers 401 for a blocked account too', async () => {
    const user = await createUser(t.app);
    await t.app.deps.db.update(users).set({ blocked: true }).where(eq(users.id, user.id));
    expect((await registrationCheck(`email=${enc(user.email)}`)).statusCode).toBe(401);
  });

  it('answers 402 Complete Registration for an invited person who has not registered', async () => {
    const user = await createUser(t.app, { registered: false });
    const res = await registrationCheck(`email=${enc(user.email)}`);
    expect(res.statusCode).toBe(402);
    expect(res.json().errors[0].message).toBe(AUTH_MESSAGES.completeRegistration);
  });

  it('answers 403 when the account must verify with an emailed code', async () => {
    const user = await createUser(t.app);
    await t.app.deps.db.update(users).set({ verificationRequired: true }).where(eq(users.id, user.id));
    const res = await registrationCheck(`email=${enc(user.email)}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(AUTH_MESSAGES.verificationRequired);
  });

  it('answers 200 for a registered account, whatever the email case', async () => {
    const user = await createUser(t.app);
    const res = await registrationCheck(`email=${enc(` ${user.email.toUpperCase()} `)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'registered' });
  });

  it('with ?alias= answers a bare boolean: true only for a registered owner', async () => {
    const company = await createCompany(t.app.deps.db);
    const registered = await createUser(t.app, { companyId: company.id });
    const invited = await createUser(t.app, { companyId: company.id, registered: false });
    const aliasOf = async (profileId: number | null) => (await t.app.deps.db.select().from(profiles).where(eq(profiles.id, profileId!)))[0]!.alias!;
    const a = await aliasOf(registered.profileId);
    const b = await aliasOf(invited.profileId);
    for (const [alias, expected] of [
      [a, 'true'],
      [` ${a.toUpperCase()} `, 'true'],
      [b, 'false'],
      ['no-such-alias-anywhere', 'false'],
    ] as const) {
      const res = await registrationCheck(`alias=${enc(alias)}`);
      expect(res.statusCode, alias).toBe(200);
      expect(res.body, alias).toBe(expected);
    }
  });

  it('needs exactly one of email and alias', async () => {
    for (const query of ['', `email=a%40b.test&alias=jane`]) {
      const res = await registrationCheck(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe('Give either an email or an alias.');
    }
    expect((await registrationCheck('email=not-an-email')).statusCode).toBe(400);
    const nul = await registrationCheck('alias=a%00b');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe(NUL_MESSAGE);
    expect((await registrationCheck('email=a%40b.test&admin=1')).statusCode).toBe(400);
  });
});

describe('POST /api/profiles/generate-otp', () => {
  it("answers 'no-profile' for an email nobody invited and sends nothing", async () => {
    const email = 'never-invited@example.test';
    const res = await generateOtp(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, message: 'no-profile' });
    expect(await mailCount(t.app.deps.db, email)).toBe(0);
  });

  it("answers 'already-registered' for a registered account and sends nothing", async () => {
    const user = await createUser(t.app);
    expect((await generateOtp(user.email)).json()).toEqual({ success: false, message: 'already-registered' });
    expect(await mailCount(t.app.deps.db, user.email)).toBe(0);
  });

  it("answers 'otp-sent' to an invited person and mails them a 4-digit code", async () => {
    const user = await createUser(t.app, { registered: false });
    const res = await generateOtp(user.email.toUpperCase());
    expect(res.json()).toEqual({ success: true, message: 'otp-sent' });
    expect(await mailCount(t.app.deps.db, user.email)).toBe(1);
    const mail = await lastMailTo(t.app.deps.db, user.email);
    expect(mail?.text).toMatch(/\b\d{4}\b/);
    expect(mail?.subject).toContain(await lastCodeFor(t.app.deps.db, user.email));
  });

  it('keeps only a hash of the code', async () => {
    const { user, code } = await invitedWithCode();
    const rows = await t.app.deps.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, user.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('needs a valid email', async () => {
    const empty = await api({ method: 'POST', url: '/api/profiles/generate-otp?email=' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(AUTH_MESSAGES.forgotEmailRequired);
    expect((await api({ method: 'POST', url: '/api/profiles/generate-otp' })).statusCode).toBe(400);
    expect((await generateOtp('not-an-email')).statusCode).toBe(400);
  });
});

describe('POST /api/profiles/generate-login-otp', () => {
  it('answers the same for unknown, invited and registered emails, and mails only a registered account', async () => {
    const registered = await createUser(t.app);
    const invited = await createUser(t.app, { registered: false });
    const unknown = 'who-is-this@example.test';
    const bodies = [];
    for (const email of [registered.email, invited.email, unknown]) {
      const res = await generateLoginOtp(email);
      expect(res.statusCode).toBe(200);
      bodies.push(res.body);
    }
    expect(new Set(bodies)).toEqual(new Set([JSON.stringify({ success: true })]));
    expect(await mailCount(t.app.deps.db, registered.email)).toBe(1);
    expect(await mailCount(t.app.deps.db, invited.email)).toBe(0);
    expect(await mailCount(t.app.deps.db, unknown)).toBe(0);
    expect(await lastCodeFor(t.app.deps.db, registered.email)).toMatch(/^\d{4}$/);
  });
});

describe('POST /api/profiles/verify-otp', () => {
  it('answers 400 with the spec message for a wrong code', async () => {
    const user = await createUser(t.app);
    await generateLoginOtp(user.email);
    const [wrong] = wrongCodes(await lastCodeFor(t.app.deps.db, user.email), 1);
    const res = await verifyOtp(user.email, wrong!);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: AUTH_MESSAGES.codeInvalid, errors: [{ path: 'otp', message: AUTH_MESSAGES.codeInvalid }] });
  });

  it('the right code clears the verification requirement', async () => {
    const user = await createUser(t.app);
    await t.app.deps.db.update(users).set({ verificationRequired: true, failedLogins: MAX_FAILED_LOGINS }).where(eq(users.id, user.id));
    await generateLoginOtp(user.email);
    const res = await verifyOtp(user.email.toUpperCase(), await lastCodeFor(t.app.deps.db, user.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await userRow(user.id)).toMatchObject({ verificationRequired: false, failedLogins: 0 });
  });

  it('a code works once', async () => {
    const user = await createUser(t.app);
    await generateLoginOtp(user.email);
    const code = await lastCodeFor(t.app.deps.db, user.email);
    expect((await verifyOtp(user.email, code)).statusCode).toBe(200);
    const again = await verifyOtp(user.email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.codeInvalid);
  });

  it('a registration code does not pass as a login code', async () => {
    const { user, code } = await invitedWithCode();
    expect((await verifyOtp(user.email, code)).statusCode).toBe(400);
  });

  it('needs a 4-digit code', async () => {
    for (const otp of ['123', '12345', 'abcd']) {
      const res = await verifyOtp('a@b.test', otp);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTH_MESSAGES.codeFormat);
    }
  });
});

describe('POST /api/profiles/link (registration with a code)', () => {
  it('links the account and signs in, unconfirmed until a password is set', async () => {
    const { user, company, code } = await invitedWithCode();
    const res = await link(user.email, code);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(typeof body.jwt).toBe('string');
    expect(body.user).toMatchObject({ id: user.id, email: user.email, confirmed: false });
    expect(body.user.companies.map((c: { id: number }) => c.id)).toEqual([company.id]);
    expect((await verifyJwt(bearer(body.jwt))).statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ registered: true, confirmed: false });
    expect((await registrationCheck(`email=${enc(user.email)}`)).statusCode).toBe(200);
  });

  it('with &password= the account is confirmed and signs in with that password', async () => {
    const { user, code } = await invitedWithCode();
    const res = await link(user.email, code, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.confirmed).toBe(true);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a password that breaks the rules, with the spec message, and keeps the code', async () => {
    const { user, code } = await invitedWithCode();
    const weak = await link(user.email, code, 'Short1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(AUTH_MESSAGES.passwordTooShort);
    expect((await link(user.email, code)).statusCode).toBe(200);
  });

  it('a code works once: the same code a second time fails', async () => {
    const { user, code } = await invitedWithCode();
    expect((await link(user.email, code)).statusCode).toBe(200);
    const again = await link(user.email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.alreadyRegistered);
  });

  it('two tries with the same right code at once: exactly one wins', async () => {
    const { user, code } = await invitedWithCode();
    const results = await Promise.all([link(user.email, code), link(user.email, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('an expired code fails', async () => {
    const { user, code } = await invitedWithCode();
    await t.app.deps.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.email, user.email));
    const res = await link(user.email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.codeInvalid);
    expect((await userRow(user.id)).registered).toBe(false);
  });

  it(`a code dies after ${MAX_CODE_ATTEMPTS} wrong tries, even when the next try is right`, async () => {
    const { user, code } = await invitedWithCode();
    for (const wrong of wrongCodes(code, MAX_CODE_ATTEMPTS)) {
      const res = await link(user.email, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTH_MESSAGES.codeInvalid);
    }
    const right = await link(user.email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(AUTH_MESSAGES.codeInvalid);
    expect((await userRow(user.id)).registered).toBe(false);
    // The code died, not the account: a fresh code still works.
    await generateOtp(user.email);
    expect((await link(user.email, await lastCodeFor(t.app.deps.db, user.email))).statusCode).toBe(200);
  });

  it('issuing a new code kills the old one', async () => {
    const { user, code: first } = await invitedWithCode();
    let second = first;
    for (let i = 0; i < 3 && second === first; i++) {
      await generateOtp(user.email);
      second = await lastCodeFor(t.app.deps.db, user.email);
    }
    expect(second).not.toBe(first);
    const old = await link(user.email, first);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(AUTH_MESSAGES.codeInvalid);
    expect((await link(user.email, second)).statusCode).toBe(200);
  });

  it('a login code does not register an account', async () => {
    const user = await createUser(t.app, { registered: false });
    const loginCode = await t.app.deps.codes.issueCode(user.email, 'login');
    const res = await link(user.email, loginCode);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.codeInvalid);
    expect((await userRow(user.id)).registered).toBe(false);
  });

  it('fails for an email nobody invited', async () => {
    const res = await link('ghost@example.test', '1234');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.codeInvalid);
  });

  it('needs a code (or the Google provider)', async () => {
    const res = await api({ method: 'POST', url: `/api/profiles/link?email=${enc('a@b.test')}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.codeFormat);
  });
});

describe(`rolling daily cap of ${LIMITS.codeFailuresPerEmail.max} wrong codes per account`, () => {
  // Only the daily cap: the 15-minute limits on issuing and checking codes are moved out of its way.
  const limiter = new RateLimiter(true, { kind: 'memory' }, { [LIMITS.codeIssuePerEmail.name]: 100, [LIMITS.codeCheckPerEmail.name]: 100 });
  const u = useTestApp({ overrides: { limiter } });

  it('holds across re-issued codes, answers like a wrong code, and the emailed reset link lifts it', async () => {
    const db = u.app.deps.db;
    const user = await createUser(u.app);
    const cap = LIMITS.codeFailuresPerEmail.max;
    const issue = async () => {
      expect((await u.app.inject({ method: 'POST', url: '/api/profiles/generate-login-otp', payload: { email: user.email } })).statusCode).toBe(200);
      return lastCodeFor(db, user.email);
    };
    const check = (otp: string) => u.app.inject({ method: 'POST', url: '/api/profiles/verify-otp', payload: { email: user.email, otp } });

    // Burn whole codes until one more round would reach the cap; a right code still works below it.
    let failures = 0;
    while (failures + MAX_CODE_ATTEMPTS < cap) {
      const code = await issue();
      for (const wrong of wrongCodes(code, MAX_CODE_ATTEMPTS)) expect((await check(wrong)).statusCode).toBe(400);
      failures += MAX_CODE_ATTEMPTS;
    }
    const belowCap = await issue();
    for (const wrong of wrongCodes(belowCap, cap - 1 - failures)) expect((await check(wrong)).statusCode).toBe(400);
    expect((await check(belowCap)).statusCode).toBe(200);

    // The last allowed failure, then even a fresh right code is refused, with the wrong-code text.
    const [wrong] = wrongCodes(await issue(), 1);
    expect((await check(wrong!)).statusCode).toBe(400);
    const refused = await check(await issue());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(AUTH_MESSAGES.codeInvalid);

    // The reset link proves the mailbox: the person is never stuck until the cap's day is over.
    await db.update(users).set({ registered: true, passwordHash: 'x' }).where(eq(users.id, user.id));
    expect((await u.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } })).statusCode).toBe(200);
    await u.app.deps.background.idle();
    const link = (await lastMailTo(db, user.email))?.text.match(/reset-password\?code=([\w-]+)/)?.[1];
    const reset = await u.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code: link, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    expect((await check(await issue())).statusCode).toBe(200);
  });
});

describe('POST /api/profiles/setup (set password)', () => {
  it('needs a session', async () => {
    const res = await api({ method: 'POST', url: '/api/profiles/setup', payload: { password: NEW_PASSWORD } });
    expect(res.statusCode).toBe(401);
  });

  it('applies the password rules with the spec messages', async () => {
    const user = await createUser(t.app);
    const { jwt } = await signIn(t.app, user.email);
    for (const [password, message] of [
      ['Short1a', AUTH_MESSAGES.passwordTooShort],
      ['  Short1a  ', AUTH_MESSAGES.passwordTooShort],
      ['abcdefghijk1', AUTH_MESSAGES.passwordInvalid],
      ['ABCDEFGHIJK1', AUTH_MESSAGES.passwordInvalid],
      ['Abcdefghijkl', AUTH_MESSAGES.passwordInvalid],
      ['Abcdef ghijk1', AUTH_MESSAGES.passwordInvalid],
      ['', AUTH_MESSAGES.passwordRequired],
    ]) {
      const res = await setup(jwt, { password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors[0].message, password).toBe(message);
    }
    expect((await setup(jwt, { password: NEW_PASSWORD, role: 'superadmin' })).statusCode).toBe(400);
    expect((await login(user.email)).statusCode).toBe(200);
  });

  it('an account without a password yet can only finish setting it up: every other call answers 403', async () => {
    const { user, code } = await invitedWithCode();
    const jwt = (await link(user.email, code)).json().jwt as string;
    const other = [
      { method: 'GET' as const, url: `/api/profiles/${user.profileId}?populate=self-service` },
      { method: 'GET' as const, url: '/api/reports/query/all_visits' },
      { method: 'GET' as const, url: '/api/purchase-histories' },
    ];
    for (const call of other) {
      const res = await api({ ...call, headers: bearer(jwt) });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json().message).toBe(UNCONFIRMED_MESSAGE);
    }
    expect((await api({ method: 'GET', url: '/api/companies/users/me', headers: bearer(jwt) })).statusCode).toBe(200);
    expect((await verifyJwt(bearer(jwt))).statusCode).toBe(200);
    expect((await setup(jwt, { password: NEW_PASSWORD })).statusCode).toBe(200);
    for (const call of other) expect((await api({ ...call, headers: bearer(jwt) })).statusCode, call.url).toBe(200);
  });

  it('a reset link mailed before the password was changed here no longer works', async () => {
    const user = await createUser(t.app);
    await forgot(user.email);
    const token = await resetTokenFor(user.email);
    const { jwt } = await signIn(t.app, user.email);
    expect((await setup(jwt, { password: NEW_PASSWORD, currentPassword: PASSWORD })).statusCode).toBe(200);
    const res = await reset(token, 'Someone-Elses-99');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.resetLinkInvalid);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('sets the password, confirms the account, and ends every other session of the user but the current one', async () => {
    const { user, code } = await invitedWithCode();
    const linked = await link(user.email, code);
    const current = linked.json().jwt as string;
    const other = await createUser(t.app);
    const othersSession = (await signIn(t.app, other.email)).headers;

    // A second session of the same user, started before the change.
    await setup(current, { password: PASSWORD });
    const second = (await signIn(t.app, user.email)).headers;

    const res = await setup(current, { password: NEW_PASSWORD, currentPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { id: user.id, confirmed: true, hasPassword: true } });
    expect((await verifyJwt(bearer(current))).statusCode).toBe(200);
    expect((await verifyJwt(second)).statusCode).toBe(401);
    expect((await verifyJwt(othersSession)).statusCode).toBe(200);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(400);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('POST /api/profiles/setup (change password: the current one first)', () => {
  it('an account with a password must give it: missing or wrong is a 400 with a clear message and nothing changes; right sets the new one', async () => {
    const user = await createUser(t.app);
    const { jwt } = await signIn(t.app, user.email);
    const missing = await setup(jwt, { password: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: AUTH_MESSAGES.currentPasswordRequired, errors: [{ path: 'currentPassword' }] });
    const wrong = await setup(jwt, { password: NEW_PASSWORD, currentPassword: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: AUTH_MESSAGES.currentPasswordWrong, errors: [{ path: 'currentPassword' }] });
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(400);

    const right = await setup(jwt, { password: NEW_PASSWORD, currentPassword: PASSWORD });
    expect(right.statusCode).toBe(200);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(400);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('wrong current passwords count against the sign-in limit of the account: past it, 429 even for the right one', async () => {
    const user = await createUser(t.app);
    const { jwt } = await signIn(t.app, user.email);
    for (let i = 0; i < LIMITS.loginPerEmail.max; i++) {
      expect((await setup(jwt, { password: NEW_PASSWORD, currentPassword: `Wrong-Guess-${i}x` })).statusCode).toBe(400);
    }
    const refused = await setup(jwt, { password: NEW_PASSWORD, currentPassword: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(AUTH_MESSAGES.tooManyRequests);
    // The same budget as the sign-in form: guessing here locks guessing there too.
    expect((await login(user.email, PASSWORD)).statusCode).toBe(429);
  });

  it('an account without a password (code or Google only) sets its first without one; /me says whether it has one', async () => {
    const { user, code } = await invitedWithCode();
    const jwt = (await link(user.email, code)).json().jwt as string;
    expect((await api({ method: 'GET', url: '/api/companies/users/me', headers: bearer(jwt) })).json()).toMatchObject({ hasPassword: false });
    const res = await setup(jwt, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ hasPassword: true });
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for known and unknown emails, and mails a reset link only to a registered account', async () => {
    const registered = await createUser(t.app);
    const invited = await createUser(t.app, { registered: false });
    const unknown = 'forgot-nobody@example.test';
    for (const email of [registered.email, invited.email, unknown]) {
      const res = await forgot(email);
      expect(res.statusCode, email).toBe(200);
      expect(res.json(), email).toEqual({ ok: true });
    }
    expect(await mailCount(t.app.deps.db, invited.email)).toBe(0);
    expect(await mailCount(t.app.deps.db, unknown)).toBe(0);
    expect(await mailCount(t.app.deps.db, registered.email)).toBe(1);
    const mail = await lastMailTo(t.app.deps.db, registered.email);
    expect(mail?.text).toMatch(new RegExp(`${t.config.PUBLIC_URL.replace(/\./g, '\\.')}/reset-password\\?code=[\\w-]{20,}`));
  });

  it('sends nothing to a blocked account', async () => {
    const user = await createUser(t.app);
    await t.app.deps.db.update(users).set({ blocked: true }).where(eq(users.id, user.id));
    expect((await forgot(user.email)).json()).toEqual({ ok: true });
    expect(await mailCount(t.app.deps.db, user.email)).toBe(0);
  });

  it('needs an email', async () => {
    const res = await forgot('');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.forgotEmailRequired);
  });
});

describe('POST /api/auth/reset-password', () => {
  it("answers 'Passwords do not match' when the confirmation differs", async () => {
    const res = await reset('whatever', NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(AUTH_MESSAGES.passwordsDoNotMatch);
  });

  it('applies the password rules', async () => {
    const res = await reset('whatever', 'Short1a');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.passwordTooShort);
  });

  it('refuses an unknown token with the spec message', async () => {
    for (const code of ['not-a-real-token', ' ']) {
      const res = await reset(code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().errors[0].message, code).toBe(AUTH_MESSAGES.resetLinkInvalid);
    }
  });

  it('sets the password, signs in, ends every earlier session, and the link works once', async () => {
    const user = await createUser(t.app);
    const before1 = (await signIn(t.app, user.email)).headers;
    const before2 = (await signIn(t.app, user.email)).headers;
    await forgot(user.email);
    const token = await resetTokenFor(user.email);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    const { jwt, user: me } = res.json();
    expect(me).toMatchObject({ id: user.id, confirmed: true });
    expect((await verifyJwt(bearer(jwt))).statusCode).toBe(200);
    expect((await verifyJwt(before1)).statusCode).toBe(401);
    expect((await verifyJwt(before2)).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(400);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'Another-Pass-77');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.resetLinkInvalid);
  });

  it('a newer link kills the older one, and an expired link fails', async () => {
    const user = await createUser(t.app);
    await forgot(user.email);
    const older = await resetTokenFor(user.email);
    await forgot(user.email);
    const newer = await resetTokenFor(user.email);
    expect((await reset(older)).json().message).toBe(AUTH_MESSAGES.resetLinkInvalid);

    await t.app.deps.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.email, user.email));
    expect((await reset(newer)).json().message).toBe(AUTH_MESSAGES.resetLinkInvalid);
    expect((await login(user.email)).statusCode).toBe(200);
  });
});

describe('GET /api/companies/users/me', () => {
  it('needs a session', async () => {
    expect((await api({ method: 'GET', url: '/api/companies/users/me' })).statusCode).toBe(401);
  });

  it('a user: role, companies with every flag (defaults false), own profile, no supervised companies', async () => {
    const company = await createCompany(t.app.deps.db, { flags: { approvals: true } });
    const user = await createUser(t.app, { companyId: company.id });
    const res = await api({ method: 'GET', url: '/api/companies/users/me', headers: (await signIn(t.app, user.email)).headers });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      id: user.id,
      email: user.email,
      username: user.username,
      role: 'user',
      confirmed: true,
      person: { first_name: 'Test', last_name: 'Person' },
    });
    expect(me.supervisedCompanyIds).toEqual([]);
    expect(me.companies).toHaveLength(1);
    expect(me.company.id).toBe(company.id);
    expect(me.companies[0]).toMatchObject({ id: company.id, masterProfiles: [{ id: company.masterProfileId }], publicationState: 'live' });
    expect(me.companies[0].feature_flags).toEqual({ ...DEFAULT_FEATURE_FLAGS, approvals: true });
    expect(me.profile.id).toBe(user.profileId);
    expect(me.profile.alias).toMatch(/^p-/);
  });

  it('a supervisor lists only the divisions they supervise, in membership order', async () => {
    const a = await createCompany(t.app.deps.db);
    const b = await createCompany(t.app.deps.db);
    const memberOnly = await createCompany(t.app.deps.db);
    const sup = await createUser(t.app, { role: 'supervisor', companyId: a.id });
    await t.app.deps.db.insert(companyMembers).values([
      { userId: sup.id, companyId: b.id, role: 'supervisor', position: 1 },
      { userId: sup.id, companyId: memberOnly.id, role: 'member', position: 2 },
    ]);
    const me = (await api({ method: 'GET', url: '/api/companies/users/me', headers: (await signIn(t.app, sup.email)).headers })).json();
    expect(me.role).toBe('supervisor');
    expect(me.supervisedCompanyIds).toEqual([a.id, b.id]);
    expect(me.companies.map((c: { id: number }) => c.id)).toEqual([a.id, b.id, memberOnly.id]);
  });

  it('a plain user with a supervisor membership supervises nothing; a superadmin without divisions has none', async () => {
    const company = await createCompany(t.app.deps.db);
    const user = await createUser(t.app, { companyId: company.id, supervises: true });
    const me = (await api({ method: 'GET', url: '/api/companies/users/me', headers: (await signIn(t.app, user.email)).headers })).json();
    expect(me).toMatchObject({ role: 'user', supervisedCompanyIds: [] });

    const admin = await createUser(t.app, { role: 'superadmin' });
    const adminMe = (await api({ method: 'GET', url: '/api/companies/users/me', headers: (await signIn(t.app, admin.email)).headers })).json();
    expect(adminMe).toMatchObject({ role: 'superadmin', supervisedCompanyIds: [], companies: [], company: null, profile: null });
  });
});

describe('GET /api/jwts/verify', () => {
  const expectExpired = async (headers: Record<string, string>) => {
    const res = await verifyJwt(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: AUTH_MESSAGES.sessionExpired });
  };

  it('answers 401 without a token or with a garbage one', async () => {
    expect((await verifyJwt()).statusCode).toBe(401);
    expect((await verifyJwt({ authorization: 'Bearer' })).statusCode).toBe(401);
    expect((await verifyJwt({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` })).statusCode).toBe(401);
    await expectExpired(bearer('garbage'));
    await expectExpired(bearer('a.b.c'));
  });

  it('answers 401 for a token signed with another secret, even naming a live session', async () => {
    const user = await createUser(t.app);
    await signIn(t.app, user.email);
    const [live] = await t.app.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const forged = await new SignJWT({ sid: live!.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough!!'));
    await expectExpired(bearer(forged));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(user.id), sid: live!.id })).toString('base64url')}.`;
    await expectExpired(bearer(unsigned));
  });

  it('answers 401 for a revoked session', async () => {
    const user = await createUser(t.app);
    const { headers } = await signIn(t.app, user.email);
    await t.app.deps.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    await expectExpired(headers);
  });

  it('answers 401 for a session past its expiry', async () => {
    const user = await createUser(t.app);
    const { headers } = await signIn(t.app, user.email);
    expect((await verifyJwt(headers)).statusCode).toBe(200);
    await t.app.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    await expectExpired(headers);
  });

  it('answers 401 once the account is blocked', async () => {
    const user = await createUser(t.app);
    const { headers } = await signIn(t.app, user.email);
    await t.app.deps.db.update(users).set({ blocked: true }).where(eq(users.id, user.id));
    await expectExpired(headers);
  });
});

describe('rate limits on the account calls', () => {
  const tooMany = (res: { statusCode: number; json(): { message: string; errors: { message: string }[] } }) => {
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(AUTH_MESSAGES.tooManyRequests);
    expect(res.json().errors[0]!.message).toBe(AUTH_MESSAGES.tooManyRequests);
  };

  it('sign-in per email: the limit holds across addresses, cases and spacing, even for the right password', async () => {
    const jane = await createUser(t.app, { email: `jane-${Date.now()}@x.test` });
    for (let i = 0; i < LIMITS.loginPerEmail.max; i++) {
      // Each try from a new address: the key is the email, not the client.
      expect((await login(jane.email, 'Wrong-password-1')).statusCode).toBe(400);
    }
    tooMany(await login(jane.email.toUpperCase(), 'Wrong-password-1'));
    tooMany(await login(` ${jane.email} `, 'Wrong-password-1'));
    const fullWidth = jane.email.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    tooMany(await login(fullWidth, 'Wrong-password-1'));
    tooMany(await login(jane.email));
    // Extra fields cannot make a fresh key either: they are refused before anything else.
    const extra = await api({ method: 'POST', url: '/api/auth/local', payload: { identifier: jane.email, password: PASSWORD, nonce: 1 } });
    expect(extra.statusCode).toBe(400);
    // Another account is not affected.
    const other = await createUser(t.app);
    expect((await login(other.email)).statusCode).toBe(200);
  });

  it('sign-in per email counts failures only: signing in again and again is not an attack', async () => {
    const sam = await createUser(t.app, { email: `sam-${Date.now()}@x.test` });
    for (let i = 0; i < LIMITS.loginPerEmail.max + 5; i++) expect((await login(sam.email)).statusCode).toBe(200);
  });

  it('sign-in per email counts unknown emails too', async () => {
    const email = `ghost-${Date.now()}@x.test`;
    for (let i = 0; i < LIMITS.loginPerEmail.max; i++) expect((await login(email)).statusCode).toBe(400);
    tooMany(await login(email.toUpperCase()));
  });

  it('code checks per email on verify-otp: even the right code is refused once the limit is reached', async () => {
    const user = await createUser(t.app);
    await generateLoginOtp(user.email);
    const code = await lastCodeFor(t.app.deps.db, user.email);
    const tries = wrongCodes(code, LIMITS.codeCheckPerEmail.max);
    for (const [i, wrong] of tries.entries()) {
      const email = i % 2 ? user.email.toUpperCase() : ` ${user.email} `;
      expect((await verifyOtp(email, wrong)).statusCode).toBe(400);
    }
    tooMany(await verifyOtp(user.email, code));
  });

  it('code issue per email', async () => {
    const user = await createUser(t.app, { registered: false });
    for (let i = 0; i < LIMITS.codeIssuePerEmail.max; i++) expect((await generateOtp(i % 2 ? user.email.toUpperCase() : user.email)).statusCode).toBe(200);
    tooMany(await generateOtp(user.email));
    tooMany(await generateLoginOtp(user.email));
    expect(await mailCount(t.app.deps.db, user.email)).toBe(LIMITS.codeIssuePerEmail.max);
  });

  it('forgot-password per email: no more mails once the limit is reached', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < LIMITS.forgotPerEmail.max; i++) expect((await forgot(user.email)).statusCode).toBe(200);
    tooMany(await forgot(user.email.toUpperCase()));
    tooMany(await forgot(` ${user.email} `));
    expect(await mailCount(t.app.deps.db, user.email)).toBe(LIMITS.forgotPerEmail.max);
  });

  it('forgot-password per address: one client cannot walk through many emails', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.forgotPerIp.max; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: ip, payload: { email: `walk-${i}@x.test` } });
      expect(res.statusCode).toBe(200);
    }
    tooMany(await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: ip, payload: { email: 'walk-last@x.test' } }));
    expect((await forgot('walk-last@x.test')).statusCode).toBe(200);
  });
});

describe('GET /api/companies/users/me: pending approvals badge', () => {
  it('counts pending requests in the divisions a supervisor approves for, all for a superadmin, none for a user', async () => {
    const db = t.app.deps.db;
    const mine = await createCompany(db, { flags: { approvals: true } });
    const other = await createCompany(db, { flags: { approvals: true } });
    const supervisor = await createUser(t.app, { role: 'supervisor', companyId: mine.id });
    const staff = await createUser(t.app, { companyId: mine.id });
    const outsider = await createUser(t.app, { companyId: other.id });
    await db.insert(approvals).values([
      { profileId: staff.profileId!, companyId: mine.id, approved: null },
      { profileId: staff.profileId!, companyId: mine.id, approved: true },
      { profileId: outsider.profileId!, companyId: other.id, approved: null },
    ]);
    const badge = async (email: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/companies/users/me', headers: (await signIn(t.app, email)).headers })).json().pendingApprovals;
    expect(await badge(supervisor.email)).toBe(1);
    expect(await badge(staff.email)).toBe(0);
    const admin = await createUser(t.app, { role: 'superadmin' });
    expect(await badge(admin.email)).toBeGreaterThanOrEqual(2);
  });
});

describe("a division's white-labelled hub", () => {
  it('signs in only its members and superadmins; anyone else is answered like a wrong password', async () => {
    const domain = `hub.wl-${Date.now().toString(36)}.localhost`;
    const acme = await createCompany(t.app.deps.db, { whiteLabel: { title: 'Acme', domain } });
    const globex = await createCompany(t.app.deps.db);
    const member = await createUser(t.app, { companyId: acme.id });
    const stranger = await createUser(t.app, { companyId: globex.id });
    const admin = await createUser(t.app, { role: 'superadmin' });
    const signInAt = (host: string, email: string) =>
      api({ method: 'POST', url: '/api/auth/local', headers: { host: `${host}:3000` }, payload: { identifier: email, password: PASSWORD } });
    expect((await signInAt(domain, member.email)).statusCode).toBe(200);
    expect((await signInAt(domain, admin.email)).statusCode).toBe(200);
    const refused = await signInAt(domain, stranger.email);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(AUTH_MESSAGES.incorrectLogin);
    // On the product's own hub the same person signs in.
    expect((await signInAt('localhost', stranger.email)).statusCode).toBe(200);
  });
});
