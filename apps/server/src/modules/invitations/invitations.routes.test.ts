import { aliasTakenMessage, INVITE_ALIAS_MESSAGE, INVITE_MESSAGES } from '@profilehub/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, profiles, users } from '../../db/schema.ts';
import { createCompany, createUser, freshIp, lastCodeFor, lastMailTo, PASSWORD, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();

let n = 0;
const email = () => `invitee-${Date.now()}-${n++}@example.test`;
async function division(flags = { invite_users: true }) {
  const company = await createCompany(t.app.deps.db, { flags });
  const sup = await createUser(t.app, { role: 'supervisor', companyId: company.id });
  return { company, headers: (await signIn(t.app, sup.email)).headers };
}
const invite = (headers: Record<string, string>, body: Record<string, unknown>, notify = true) =>
  t.app.inject({ method: 'POST', url: `/api/profiles/create-profile?notify_user=${notify}`, headers, payload: body });
const body = (companyId: number, o: Record<string, unknown> = {}) => ({
  subscriptionType: 'enterprise',
  company: companyId,
  person: { first_name: 'Mary Ann Smith' },
  userAccountEmail: email(),
  ...o,
});

describe('POST /api/profiles/create-profile (invite)', () => {
  it('creates an unregistered user with a profile under the division’s first template and emails the invitation', async () => {
    const d = await division();
    const payload = body(d.company.id, { userAccountEmail: '  New.Person@Example.TEST ', profileAlias: ' Mary  Ann.Smith ' });
    const res = await invite(d.headers, payload);
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out).toMatchObject({ success: true, companyId: d.company.id, alias: 'mary-ann.smith', emailed: true });
    const [user] = await t.app.deps.db.select().from(users).where(eq(users.id, out.userId));
    expect(user).toMatchObject({
      email: 'new.person@example.test',
      registered: false,
      confirmed: false,
      role: 'user',
      firstName: 'Mary Ann',
      lastName: 'Smith',
    });
    const [profile] = await t.app.deps.db.select().from(profiles).where(eq(profiles.id, out.profileId));
    expect(profile).toMatchObject({ userId: out.userId, companyId: d.company.id, masterProfileId: d.company.masterProfileId, alias: 'mary-ann.smith' });
    const mail = await lastMailTo(t.app.deps.db, 'new.person@example.test');
    expect(mail?.text).toContain('/register?email=new.person%40example.test');
    // The invited person can now register: the check says "complete registration" and a code can be sent.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profiles/register-completed?email=new.person@example.test', remoteAddress: freshIp() })).statusCode,
    ).toBe(402);
    const otp = await t.app.inject({ method: 'POST', url: '/api/profiles/generate-otp?email=new.person@example.test', remoteAddress: freshIp() });
    expect(otp.json()).toEqual({ success: true, message: 'otp-sent' });
  });

  it('sends no mail when notify_user is false', async () => {
    const d = await division();
    const payload = body(d.company.id);
    expect((await invite(d.headers, payload, false)).json().emailed).toBe(false);
    expect(await lastMailTo(t.app.deps.db, payload.userAccountEmail as string)).toBeUndefined();
  });

  it('answers the spec’s messages for a missing name, email or division and a bad alias', async () => {
    const d = await division();
    const cases: [Record<string, unknown>, string][] = [
      [body(d.company.id, { person: { first_name: '  ' } }), INVITE_MESSAGES.nameRequired],
      [body(d.company.id, { userAccountEmail: '   ' }), INVITE_MESSAGES.emailRequired],
      [{ ...body(d.company.id), company: undefined }, INVITE_MESSAGES.divisionRequired],
      [body(d.company.id, { profileAlias: 'bad--alias!' }), INVITE_ALIAS_MESSAGE],
    ];
    for (const [payload, message] of cases) {
      const res = await invite(d.headers, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses a taken alias and an email that already has an account (409), creating nothing', async () => {
    const d = await division();
    const alias = `taken-${n}`;
    const first = body(d.company.id, { profileAlias: alias });
    expect((await invite(d.headers, first)).statusCode).toBe(200);
    const again = await invite(d.headers, body(d.company.id, { profileAlias: alias }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(aliasTakenMessage(alias));
    const sameEmail = await invite(d.headers, body(d.company.id, { userAccountEmail: first.userAccountEmail }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe(INVITE_MESSAGES.alreadyUser);
  });

  it('needs the invite_users flag for supervisors, not for superadmins; users may not invite; another division answers 404', async () => {
    const off = await division({ invite_users: false });
    const denied = await invite(off.headers, body(off.company.id));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(INVITE_MESSAGES.inviteNotAllowed);
    const admin = await createUser(t.app, { role: 'superadmin' });
    expect((await invite((await signIn(t.app, admin.email)).headers, body(off.company.id))).statusCode).toBe(200);
    const on = await division();
    const staff = await createUser(t.app, { companyId: on.company.id });
    expect((await invite((await signIn(t.app, staff.email)).headers, body(on.company.id))).statusCode).toBe(403);
    expect((await invite(on.headers, body(off.company.id))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/profiles/create-profile', payload: body(on.company.id) })).statusCode).toBe(401);
  });
});

const addUser = (headers: Record<string, string>, payload: Record<string, unknown>, notify = true) =>
  t.app.inject({ method: 'POST', url: `/api/users?notify_user=${notify}`, headers, payload });

describe('POST /api/users (the add-user call of the invite dialog)', () => {
  it('invites with the new user payload {email, name, company, masterProfile, profileAlias} and mails a register link', async () => {
    const d = await division();
    const address = email();
    const res = await addUser(d.headers, {
      email: address.toUpperCase(),
      name: 'Lee Chan',
      company: d.company.id,
      masterProfile: d.company.masterProfileId,
      profileAlias: 'Lee Chan',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'User invited', companyId: d.company.id, alias: 'lee-chan', emailed: true });
    const mail = await lastMailTo(t.app.deps.db, address);
    expect(mail?.text).toContain(`/register?email=${encodeURIComponent(address)}`);
    const quiet = await addUser(d.headers, { email: email(), name: 'Quiet One', company: d.company.id, profileAlias: null }, false);
    expect(quiet.json()).toMatchObject({ alias: null, emailed: false });
  });

  it('answers the spec §5 messages', async () => {
    const d = await division();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: '  ', name: 'A B', company: d.company.id }, INVITE_MESSAGES.emailRequired],
      [{ email: email(), name: '   ', company: d.company.id }, INVITE_MESSAGES.nameRequired],
      [{ email: email(), name: 'A B' }, INVITE_MESSAGES.divisionRequired],
      [{ email: email(), name: 'A B', company: null }, INVITE_MESSAGES.divisionRequired],
      [{ email: email(), name: 'A B', company: d.company.id, profileAlias: 'bad!alias' }, INVITE_ALIAS_MESSAGE],
    ];
    for (const [payload, message] of cases) {
      const res = await addUser(d.headers, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(INVITE_MESSAGES.divisionRequired).toBe('Please select a devision');
    const other = await division();
    expect((await addUser(d.headers, { email: email(), name: 'A B', company: other.company.id })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/users', payload: { email: email(), name: 'A B', company: d.company.id } })).statusCode).toBe(401);
  });
});

describe('GET /api/users/alias-available', () => {
  it('cleans the alias by the invite rules and says whether it is free, with the spec’s messages', async () => {
    const d = await division();
    const check = (alias: string, headers = d.headers) =>
      t.app.inject({ method: 'GET', url: `/api/users/alias-available?alias=${encodeURIComponent(alias)}`, headers, remoteAddress: freshIp() });
    const alias = `Free  Alias.${n++}`;
    expect((await check(alias)).json()).toEqual({ success: true, message: `free-alias.${n - 1}` });
    expect((await check('a..b')).json()).toEqual({ success: true, message: 'a.b' });
    expect((await check('bad!alias')).json()).toEqual({ success: false, message: INVITE_ALIAS_MESSAGE });
    const taken = `taken-check-${n++}`;
    await invite(d.headers, body(d.company.id, { profileAlias: taken }));
    expect((await check(taken)).json()).toEqual({ success: false, message: aliasTakenMessage(taken) });
    expect((await check('api')).json()).toEqual({ success: false, message: aliasTakenMessage('api') });
    const staff = await createUser(t.app, { companyId: d.company.id });
    expect((await check('someone', (await signIn(t.app, staff.email)).headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/alias-available?alias=x' })).statusCode).toBe(401);
  });
});

describe('GET /api/users/divisions', () => {
  it('gives a supervisor their own divisions with the page host and first template; a superadmin searches; users 403', async () => {
    const d = await division();
    const other = await division({ invite_users: false });
    const mine = await t.app.inject({ method: 'GET', url: '/api/users/divisions', headers: d.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual([
      expect.objectContaining({
        id: d.company.id,
        title: d.company.title,
        profileDomain: `${d.company.subdomain}.localhost`,
        masterProfileId: d.company.masterProfileId,
        canInvite: true,
      }),
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/divisions', headers: other.headers })).json().data[0].canInvite).toBe(false);
    const admin = await createUser(t.app, { role: 'superadmin' });
    const adminHeaders = (await signIn(t.app, admin.email)).headers;
    const found = (await t.app.inject({ method: 'GET', url: `/api/users/divisions?filter=${other.company.subdomain}`, headers: adminHeaders })).json();
    expect(found.data.map((c: { id: number }) => c.id)).toEqual([other.company.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/divisions', headers: adminHeaders })).json().data.length).toBeLessThanOrEqual(10);
    const staff = await createUser(t.app, { companyId: d.company.id });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/divisions', headers: (await signIn(t.app, staff.email)).headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/divisions?limit=500', headers: d.headers })).json().message).toBe('limit can be at most 100.');
  });
});

describe('the invitation mail', () => {
  it('speaks in a white-labelled division’s name and links to its own hub', async () => {
    const company = await createCompany(t.app.deps.db, {
      flags: { invite_users: true },
      whiteLabel: { title: 'Acme hub', domain: 'hub.acme.test', brand_color: '#aa0000' } as never,
    });
    const sup = await createUser(t.app, { role: 'supervisor', companyId: company.id });
    const headers = (await signIn(t.app, sup.email)).headers;
    const b = body(company.id);
    expect((await invite(headers, b)).statusCode).toBe(200);
    const mail = await lastMailTo(t.app.deps.db, b.userAccountEmail);
    expect(mail?.subject).toBe('You are invited to the Acme hub hub');
    expect(mail?.text).toContain(`Activate your account: http://hub.acme.test/register?email=${encodeURIComponent(b.userAccountEmail)}`);
    expect(mail?.text).toContain('— Acme hub');
    expect(mail?.text).not.toContain('Profilehub');
    expect(mail?.html).toContain('#aa0000');
  });
});

describe('inviting as user or supervisor', () => {
  const addUser = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/users?notify_user=true', headers, payload });

  it('a supervisor invites a supervisor of their division, who registers with the emailed code and has the supervisor’s lists', async () => {
    const d = await division();
    const to = email();
    const res = await addUser(d.headers, { email: to, name: 'Sam Second', company: d.company.id, role: 'supervisor' });
    expect(res.statusCode, res.body).toBe(200);
    const [user] = await t.app.deps.db.select().from(users).where(eq(users.id, res.json().userId));
    expect(user?.role).toBe('supervisor');
    const [audited] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'role.changed'), eq(auditLog.target, `user:${user!.id} company:${d.company.id} user→supervisor`)));
    expect(audited).toBeDefined();
    // Registration as the invited person does it: a code by mail, then the code with a password.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/profiles/generate-otp?email=${encodeURIComponent(to)}`, remoteAddress: freshIp() })).statusCode,
    ).toBe(200);
    const code = await lastCodeFor(t.app.deps.db, to);
    const linked = await t.app.inject({
      method: 'POST',
      url: `/api/profiles/link?email=${encodeURIComponent(to)}&otp=${code}&password=${encodeURIComponent(PASSWORD)}`,
      remoteAddress: freshIp(),
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const headers = { authorization: `Bearer ${linked.json().jwt}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/companies/users/me', headers });
    expect(me.json().role).toBe('supervisor');
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers })).statusCode).toBe(200);
  });

  it('a plain user invite stays a user; a supervisor cannot invite a supervisor into another division; a superadmin can into any', async () => {
    const d = await division();
    const plain = await addUser(d.headers, { email: email(), name: 'Pat Plain', company: d.company.id });
    const [p] = await t.app.deps.db.select().from(users).where(eq(users.id, plain.json().userId));
    expect(p?.role).toBe('user');
    const other = await division();
    const refused = await addUser(d.headers, { email: email(), name: 'No Way', company: other.company.id, role: 'supervisor' });
    expect(refused.statusCode).toBe(404);
    expect((await addUser(d.headers, { email: email(), name: 'Bad Role', company: d.company.id, role: 'superadmin' })).statusCode).toBe(400);
    const admin = await createUser(t.app, { role: 'superadmin' });
    const adminHeaders = (await signIn(t.app, admin.email)).headers;
    const made = await addUser(adminHeaders, { email: email(), name: 'Any Where', company: other.company.id, role: 'supervisor' });
    expect(made.statusCode, made.body).toBe(200);
    const [m] = await t.app.deps.db.select().from(users).where(eq(users.id, made.json().userId));
    expect(m?.role).toBe('supervisor');
  });
});
