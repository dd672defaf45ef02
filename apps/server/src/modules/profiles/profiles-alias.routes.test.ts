import { randomBytes } from 'node:crypto';
import { aliasTakenMessage, PROFILE_API_MESSAGES as M } from '@profilehub/shared';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../http/rate-limit.ts';
import { createCompany, freshIp, getProfileRow } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const fresh = () => `al-${randomBytes(4).toString('hex')}`;
const validate = (headers: Headers, alias: string, ip = freshIp()) =>
  t.app.inject({ method: 'GET', url: `/api/profiles/validateAlias?alias=${encodeURIComponent(alias)}`, headers, remoteAddress: ip });
const test = (headers: Headers, id: number, alias: string, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: `/api/profiles/${id}/alias/test`, headers, payload: { alias }, remoteAddress: ip });
const setAlias = (headers: Headers, id: number, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/profiles/${id}/alias`, headers, payload: payload as object });

describe('GET /api/profiles/validateAlias', () => {
  it('is true for a free alias after cleaning, false for a taken, reserved or malformed one', async () => {
    const co = await createCompany(t.db);
    const me = await t.signedIn({ companyId: co.id, alias: null });
    const taken = await t.signedIn({ companyId: co.id });
    const base = fresh();
    for (const [alias, expected] of [
      [base, true],
      [`  ${base.toUpperCase()}  `, true],
      [`${base} x`, true],
      [taken.user.profileId ? (await getProfileRow(t.db, taken.id))!.alias! : '', false],
      ['api', false],
      ['', false],
      ['--', false],
      ['a'.repeat(31), true],
      ['ab!!', true],
    ] as const) {
      const res = await validate(me.headers, alias);
      expect(res.statusCode, alias).toBe(200);
      expect(res.json(), alias).toBe(expected);
    }
  });

  it('needs a session and an alias', async () => {
    expect((await validate({}, 'x')).statusCode).toBe(401);
    const me = await t.signedIn({ companyId: (await createCompany(t.db)).id });
    const res = await t.app.inject({ method: 'GET', url: '/api/profiles/validateAlias', headers: me.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('alias is required.');
  });

  it('is rate limited per IP address', async () => {
    const me = await t.signedIn({ companyId: (await createCompany(t.db)).id });
    const ip = freshIp();
    for (let i = 0; i < LIMITS.aliasCheckPerIp.max; i++) await validate(me.headers, `x${i}`, ip);
    const res = await validate(me.headers, 'one-more', ip);
    expect(res.statusCode).toBe(429);
    expect((await test(me.headers, me.id, 'one-more', ip)).statusCode).toBe(429);
    expect((await validate(me.headers, 'one-more')).statusCode).toBe(200);
  });
});

describe('POST /api/profiles/:id/alias/test', () => {
  it('answers success with the cleaned alias when the profile may take it', async () => {
    const me = await t.signedIn({ companyId: (await createCompany(t.db)).id, alias: null });
    const alias = fresh();
    const res = await test(me.headers, me.id, `${alias.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: alias });
  });

  it('refuses a malformed alias (400), a taken one (409) and a different one once set (409)', async () => {
    const co = await createCompany(t.db);
    const me = await t.signedIn({ companyId: co.id, alias: null });
    const other = await t.signedIn({ companyId: co.id });
    const otherAlias = (await getProfileRow(t.db, other.id))!.alias!;

    const bad = await test(me.headers, me.id, '!!!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.aliasFormat);

    const taken = await test(me.headers, me.id, otherAlias);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(aliasTakenMessage(otherAlias));

    const fixed = await test(other.headers, other.id, fresh());
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json().message).toBe(M.aliasFixed);
    // Its own alias is fine.
    expect((await test(other.headers, other.id, otherAlias)).json()).toEqual({ success: true, message: otherAlias });
  });

  it('answers 404 for someone else’s profile and 401 without a session', async () => {
    const co = await createCompany(t.db);
    const me = await t.signedIn({ companyId: co.id });
    const colleague = await t.signedIn({ companyId: co.id, alias: null });
    const foreign = await t.signedIn({ companyId: (await createCompany(t.db)).id, alias: null });
    expect((await test(me.headers, colleague.id, fresh())).statusCode).toBe(404);
    expect((await test(me.headers, foreign.id, fresh())).statusCode).toBe(404);
    expect((await test({}, me.id, fresh())).statusCode).toBe(401);
  });
});

describe('PUT /api/profiles/:id/alias', () => {
  it('sets the alias once; setting it again to the same is fine, to another is refused', async () => {
    const me = await t.signedIn({ companyId: (await createCompany(t.db)).id, alias: null });
    const alias = fresh();
    const res = await setAlias(me.headers, me.id, { alias: `${alias.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, alias });
    expect((await getProfileRow(t.db, me.id))!.alias).toBe(alias);

    expect((await setAlias(me.headers, me.id, { data: { alias } })).statusCode).toBe(200);
    const again = await setAlias(me.headers, me.id, { alias: fresh() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'alias_fixed', message: M.aliasFixed });
    expect((await getProfileRow(t.db, me.id))!.alias).toBe(alias);
  });

  it('refuses a taken or malformed alias', async () => {
    const co = await createCompany(t.db);
    const me = await t.signedIn({ companyId: co.id, alias: null });
    const other = await t.signedIn({ companyId: co.id });
    const otherAlias = (await getProfileRow(t.db, other.id))!.alias!;
    const taken = await setAlias(me.headers, me.id, { alias: otherAlias });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(aliasTakenMessage(otherAlias));
    const bad = await setAlias(me.headers, me.id, { alias: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.aliasFormat);
    expect((await setAlias(me.headers, me.id, {})).statusCode).toBe(400);
    expect((await getProfileRow(t.db, me.id))!.alias).toBeNull();
  });

  it('of two profiles taking the same alias at once, exactly one wins', async () => {
    const co = await createCompany(t.db);
    const a = await t.signedIn({ companyId: co.id, alias: null });
    const b = await t.signedIn({ companyId: co.id, alias: null });
    const alias = fresh();
    const results = await Promise.all([setAlias(a.headers, a.id, { alias }), setAlias(b.headers, b.id, { alias })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(aliasTakenMessage(alias));
    const owners = [(await getProfileRow(t.db, a.id))!.alias, (await getProfileRow(t.db, b.id))!.alias];
    expect(owners.filter((x) => x === alias)).toHaveLength(1);
  });

  it('of two aliases set at once on one profile, exactly one sticks', async () => {
    const me = await t.signedIn({ companyId: (await createCompany(t.db)).id, alias: null });
    const [x, y] = [fresh(), fresh()];
    const results = await Promise.all([setAlias(me.headers, me.id, { alias: x }), setAlias(me.headers, me.id, { alias: y })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().alias;
    expect((await getProfileRow(t.db, me.id))!.alias).toBe(winner);
  });

  it('a supervisor sets the alias of a profile in their division; others get 404', async () => {
    const co = await createCompany(t.db);
    const sup = await t.signedIn({ role: 'supervisor', companyId: co.id });
    const user = await t.signedIn({ companyId: co.id, alias: null });
    const colleague = await t.signedIn({ companyId: co.id });
    const outsider = await t.signedIn({ role: 'supervisor', companyId: (await createCompany(t.db)).id });
    expect((await setAlias(colleague.headers, user.id, { alias: fresh() })).statusCode).toBe(404);
    expect((await setAlias(outsider.headers, user.id, { alias: fresh() })).statusCode).toBe(404);
    expect((await setAlias({}, user.id, { alias: fresh() })).statusCode).toBe(401);
    expect((await setAlias(sup.headers, user.id, { alias: fresh() })).statusCode).toBe(200);
  });
});
