import { AUTH_MESSAGES } from '@profilehub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, PASSWORD, signIn } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/local', () => {
  it('signs in with the right password, whatever the email case and spacing', async () => {
    const company = await createCompany(t.app.deps.db);
    const user = await createUser(t.app, { companyId: company.id });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: `  ${user.email.toUpperCase()} `, password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, role: 'user', confirmed: true });
    expect(body.user.companies.map((c: { id: number }) => c.id)).toEqual([company.id]);
    const verify = await t.app.inject({ method: 'GET', url: '/api/jwts/verify', headers: { authorization: `Bearer ${body.jwt}` } });
    expect(verify.statusCode).toBe(200);
  });

  it('answers 400 with the spec message for a wrong password and for an unknown email alike', async () => {
    const user = await createUser(t.app);
    for (const payload of [
      { identifier: user.email, password: 'Wrong-password-1' },
      { identifier: 'nobody@example.test', password: PASSWORD },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/local', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: AUTH_MESSAGES.incorrectLogin, errors: [{ message: AUTH_MESSAGES.incorrectLogin }] });
    }
  });

  it('rejects unknown body fields and missing fields with readable 400s', async () => {
    const extra = await t.app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: 'a@b.test', password: 'x', admin: true } });
    expect(extra.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: '', password: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].message).toBe(AUTH_MESSAGES.emailRequired);
  });

  it('ends the session at logout', async () => {
    const user = await createUser(t.app);
    const { headers } = await signIn(t.app, user.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/jwts/verify', headers });
    expect(after.statusCode).toBe(401);
  });
});
