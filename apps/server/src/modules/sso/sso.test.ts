import { randomBytes } from 'node:crypto';
import { SSO_MESSAGES } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyMembers, divisionSso, profiles, ssoLogins, users, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { createCompany, createUser, lastMailTo, PASSWORD, signedInUser } from '../../test/factories.ts';
import { createTestApp, useTestApp } from '../../test/harness.ts';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.ts';

const PUBLIC_URL = 'http://hub.test';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/sso/callback`;

let idp: TestOidcProvider;
const logLines: string[] = [];
/** What the hub's calls to the provider go through: records the token endpoint's answers and can replay one. */
let lastTokenAnswer: string | undefined;
let replayTokenAnswer: string | undefined;
const ssoFetch: typeof fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.endsWith('/token') && replayTokenAnswer) {
    const body = replayTokenAnswer;
    replayTokenAnswer = undefined;
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  }
  const res = await fetch(input, init);
  if (url.endsWith('/token')) lastTokenAnswer = await res.clone().text();
  return res;
};

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: REDIRECT_URI });
});
afterAll(async () => {
  await idp?.close();
});
const t = useTestApp(() => ({
  env: {
    PUBLIC_URL,
    SSO_ALLOW_PRIVATE_ISSUER: 'true',
    LOG_LEVEL: 'trace',
    // The same provider plays Google too: a company that requires its SSO refuses Google sign-in.
    GOOGLE_ISSUER: idp.issuer,
    GOOGLE_CLIENT_ID: idp.client.clientId,
    GOOGLE_CLIENT_SECRET: idp.client.clientSecret,
  },
  overrides: { ssoFetch },
  logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
}));

const uid = () => randomBytes(4).toString('hex');
let seq = 0;
/** An account at the provider; the login name is also the subject. */
function idpAccount(email: string, o: { verified?: boolean; name?: string; entra?: { xms_edov?: boolean } } = {}) {
  const sub = `sso-${uid()}-${++seq}`;
  const name = o.name ?? 'Grace Hopper';
  // Entra ID's id tokens carry no email_verified; its optional xms_edov claim may say the domain is verified.
  idp.accounts.set(sub, o.entra ? { email, name, ...o.entra } : { email, email_verified: o.verified ?? true, name });
  return sub;
}

/** A division with SSO set up through the API by a superadmin; its email domain is fresh. */
async function ssoDivision(o: { required?: boolean } = {}) {
  const company = await createCompany(t.db);
  const domain = `corp-${uid()}.test`;
  const admin = await signedInUser(t.app, { role: 'superadmin' });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/companies/${company.id}/sso`,
    headers: admin.headers,
    payload: {
      issuer: idp.issuer,
      clientId: idp.client.clientId,
      clientSecret: idp.client.clientSecret,
      allowedDomains: [`@${domain.toUpperCase()}`],
      required: o.required ?? false,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { company, domain, admin };
}

/** The browser: our start route, the provider's pages, and back to our callback with the cookie. */
async function startSso(email: string) {
  const start = await t.app.inject({ method: 'GET', url: `/api/auth/sso/start?email=${encodeURIComponent(email)}` });
  expect(start.statusCode, start.body).toBe(302);
  const cookie = start.cookies.find((c) => c.name === 'ph_sso');
  return { start, location: new URL(start.headers.location as string), cookie };
}
const callback = (back: URL, cookie: string | undefined) =>
  t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: cookie ? { cookie: `ph_sso=${cookie}` } : {} });

async function signInLeg(email: string, login: string) {
  const s = await startSso(email);
  const back = await idp.authorize(s.location.toString(), login);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  return { ...s, back, callback: await callback(back, s.cookie?.value) };
}

function ticketOf(res: { statusCode: number; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(302);
  const url = new URL(res.headers.location as string, PUBLIC_URL);
  expect(url.pathname).toBe('/authenticate/sso');
  expect(url.searchParams.get('error')).toBeNull();
  return url.searchParams.get('ticket')!;
}
/** Why the last callback was refused, as the hub logged it. */
function lastRefusal(): string | undefined {
  const line = logLines.findLast((l) => l.includes('SSO sign-in refused'));
  return line ? (JSON.parse(line) as { reason: string }).reason : undefined;
}
function expectRefused(res: { statusCode: number; headers: Record<string, unknown> }, error = 'sso_failed', why?: string | RegExp) {
  if (why) expect(lastRefusal()).toMatch(why);
  expect(res.statusCode).toBe(302);
  const url = new URL(res.headers.location as string, PUBLIC_URL);
  expect(url.pathname).toBe('/authenticate/sso');
  expect(url.searchParams.get('error')).toBe(error);
  expect(url.searchParams.has('ticket')).toBe(false);
}
const redeem = (ticket: string) => t.app.inject({ method: 'POST', url: '/api/auth/sso/ticket', payload: { ticket } });
const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

describe('company single sign-on against a real OpenID provider', () => {
  it('signs in a new person of an allowed domain: PKCE, state and nonce sent; account, membership and profile made', async () => {
    const { company, domain } = await ssoDivision();
    const email = `ada@${domain}`;
    // The division tells an endpoint of new people (the event is queued with the account; its sending is webhooks.test's).
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({ companyId: company.id, url: 'https://hooks.example.test/in', events: ['user.invited'], secretSealed: 'unused' })
      .returning();
    const discover = await t.app.inject({ method: 'POST', url: '/api/auth/sso/discover', payload: { email: email.toUpperCase() } });
    expect(discover.json()).toEqual({ sso: true, required: false });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sso/discover', payload: { email: 'x@elsewhere.test' } })).json()).toEqual({
      sso: false,
      required: false,
    });

    const sub = idpAccount(email, { name: 'Ada Lovelace' });
    const s = await startSso(email);
    expect(`${s.location.origin}${s.location.pathname}`).toBe(`${idp.issuer}/auth`);
    const p = s.location.searchParams;
    expect(p.get('client_id')).toBe(idp.client.clientId);
    expect(p.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('nonce')).toBeTruthy();
    expect(p.get('state')).toBe(s.cookie!.value);
    expect(s.cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/sso' });

    const back = await idp.authorize(s.location.toString(), sub);
    const ticket = ticketOf(await callback(back, s.cookie!.value));
    const signedIn = await redeem(ticket);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email, confirmed: true });
    expect((await redeem(ticket)).statusCode).toBe(401); // a ticket works once
    // Nothing that signs in went to the log: the code, the ticket, the session, the id token.
    const log = logLines.join('');
    for (const secret of [back.searchParams.get('code')!, ticket, signedIn.json().jwt, JSON.parse(lastTokenAnswer!).id_token])
      expect(log.includes(secret), 'a secret in the log').toBe(false);

    const user = (await userByEmail(email))!;
    expect(user).toMatchObject({ registered: true, confirmed: true, passwordHash: null, firstName: 'Ada', lastName: 'Lovelace' });
    const [member] = await t.db.select().from(companyMembers).where(eq(companyMembers.userId, user.id));
    expect(member).toMatchObject({ companyId: company.id, role: 'member' });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile).toMatchObject({ companyId: company.id, masterProfileId: company.masterProfileId });
    // The used state is gone.
    expect(await t.db.select().from(ssoLogins).where(eq(ssoLogins.companyId, company.id))).toEqual([]);
    const queued = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(queued.map((d) => [d.eventType, (d.payload as { data: { userId: number } }).data.userId])).toEqual([['user.invited', user.id]]);
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id)); // nothing left to send
  });

  it('links an existing account of that email (an invited person, or one with a password)', async () => {
    const { company, domain } = await ssoDivision();
    const invited = await createUser(t.app, { companyId: company.id, registered: false, email: `inv-${uid()}@${domain}` });
    const leg = await signInLeg(invited.email, idpAccount(invited.email.toUpperCase()));
    const res = await redeem(ticketOf(leg.callback));
    expect(res.json().user.id).toBe(invited.id);
    expect(await userByEmail(invited.email)).toMatchObject({ registered: true, confirmed: true });
    expect(await t.db.select().from(users).where(eq(users.email, invited.email))).toHaveLength(1);
  });

  it('SSO required: password, emailed codes, registration and reset are refused with the message; SSO signs in', async () => {
    const { company, domain } = await ssoDivision({ required: true });
    const person = await createUser(t.app, { companyId: company.id, email: `req-${uid()}@${domain}` });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sso/discover', payload: { email: person.email } })).json()).toEqual({
      sso: true,
      required: true,
    });
    const refusals = [
      { method: 'POST' as const, url: '/api/auth/local', payload: { identifier: person.email, password: PASSWORD } },
      { method: 'POST' as const, url: '/api/profiles/generate-login-otp', payload: { email: person.email } },
      { method: 'POST' as const, url: '/api/profiles/verify-otp', payload: { email: person.email, otp: '1234' } },
      { method: 'POST' as const, url: '/api/profiles/generate-otp', payload: { email: `new-${uid()}@${domain}` } },
      { method: 'POST' as const, url: '/api/profiles/link', payload: { email: `new-${uid()}@${domain}`, otp: '1234' } },
      { method: 'POST' as const, url: '/api/auth/forgot-password', payload: { email: person.email } },
    ];
    for (const req of refusals) {
      const res = await t.app.inject(req);
      expect(res.statusCode, req.url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'sso_required', message: SSO_MESSAGES.required });
    }
    // A reset link mailed before SSO became required no longer sets a password.
    await t.db.update(divisionSso).set({ required: false }).where(eq(divisionSso.companyId, company.id));
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: person.email } });
    await t.app.deps.background.idle();
    const code = (await lastMailTo(t.db, person.email))?.text.match(/code=([\w-]+)/)?.[1];
    expect(code).toBeTruthy();
    await t.db.update(divisionSso).set({ required: true }).where(eq(divisionSso.companyId, company.id));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code, password: 'Another-Pass-77', passwordConfirmation: 'Another-Pass-77' },
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toBe(SSO_MESSAGES.required);

    const leg = await signInLeg(person.email, idpAccount(person.email));
    expect((await redeem(ticketOf(leg.callback))).json().user.id).toBe(person.id);

    // A superadmin of that domain keeps the hub's own sign-in (so a broken provider locks nobody out of the hub).
    const admin = await createUser(t.app, { role: 'superadmin', email: `root-${uid()}@${domain}` });
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: admin.email, password: PASSWORD } });
    expect(ok.statusCode, ok.body).toBe(200);
    // Not required: passwords work again.
    await t.db.update(divisionSso).set({ required: false }).where(eq(divisionSso.companyId, company.id));
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: person.email, password: PASSWORD } })).statusCode).toBe(200);
  });

  it("a division's provider can neither take over nor lock out accounts that are not its own", async () => {
    const { domain } = await ssoDivision({ required: true });
    const elsewhere = await createCompany(t.db);
    const other = await createUser(t.app, { companyId: elsewhere.id, email: `other-${uid()}@${domain}` });
    const root = await createUser(t.app, { role: 'superadmin', email: `root-${uid()}@${domain}` });
    for (const account of [other, root]) {
      // Their passwords still work, and the sign-in page offers them no SSO.
      const password = await t.app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: account.email, password: PASSWORD } });
      expect(password.statusCode, password.body).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/sso/discover', payload: { email: account.email } })).json()).toEqual({
        sso: false,
        required: false,
      });
      expectRefused(await t.app.inject({ method: 'GET', url: `/api/auth/sso/start?email=${encodeURIComponent(account.email)}` }), 'sso_not_available');
      // The division's provider says it is them (an attempt started for a new address of the domain): refused.
      const leg = await signInLeg(`new-${uid()}@${domain}`, idpAccount(account.email));
      expectRefused(leg.callback, 'sso_failed', 'account not governed by this SSO');
    }
  });

  it('refuses an email of another domain at the provider, and an email the provider has not verified (Entra ID: by xms_edov)', async () => {
    const { domain } = await ssoDivision();
    const wrong = await signInLeg(`eve@${domain}`, idpAccount(`eve-${uid()}@other-domain.test`));
    expectRefused(wrong.callback, 'sso_failed', 'email domain not allowed');
    expect(await userByEmail(`eve@${domain}`)).toBeUndefined();

    const email = `unverified-${uid()}@${domain}`;
    const unverified = await signInLeg(email, idpAccount(email, { verified: false }));
    expectRefused(unverified.callback, 'sso_failed', 'email not verified');
    expect(await userByEmail(email)).toBeUndefined();

    // Entra ID: no email_verified; a verified domain (xms_edov) signs in, an unverified or unsaid one does not.
    const notSaid = `entra-none-${uid()}@${domain}`;
    expectRefused((await signInLeg(notSaid, idpAccount(notSaid, { entra: {} }))).callback, 'sso_failed', 'email not verified');
    const unowned = `entra-no-${uid()}@${domain}`;
    expectRefused((await signInLeg(unowned, idpAccount(unowned, { entra: { xms_edov: false } }))).callback, 'sso_failed', 'email not verified');
    const owned = `entra-yes-${uid()}@${domain}`;
    const entra = await signInLeg(owned, idpAccount(owned, { entra: { xms_edov: true } }));
    const signedIn = await redeem(ticketOf(entra.callback));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.email).toBe(owned);

    // An email whose domain has no SSO never reaches a provider.
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/sso/start?email=someone%40nowhere-sso.test' });
    expectRefused(none, 'sso_not_available');
  });

  it('a replayed callback (the same state) is refused, and so is a callback from another browser', async () => {
    const { domain } = await ssoDivision();
    const email = `replay-${uid()}@${domain}`;
    const sub = idpAccount(email);
    const s = await startSso(email);
    const back = await idp.authorize(s.location.toString(), sub);
    expectRefused(await callback(back, undefined), 'sso_failed', 'state not of this browser'); // no cookie: another browser; the state is spent with it
    expectRefused(await callback(back, s.cookie!.value), 'sso_failed', 'unknown, expired or spent state'); // the same state again

    const s2 = await startSso(email);
    const back2 = await idp.authorize(s2.location.toString(), sub);
    ticketOf(await callback(back2, s2.cookie!.value));
    expectRefused(await callback(back2, s2.cookie!.value), 'sso_failed', 'unknown, expired or spent state');
  });

  it('a replayed id token is refused even when its nonce is made to match', async () => {
    const { domain } = await ssoDivision();
    const email = `token-${uid()}@${domain}`;
    const sub = idpAccount(email);
    const first = await signInLeg(email, sub);
    ticketOf(first.callback);
    const answer = lastTokenAnswer!;
    const oldToken = (JSON.parse(answer) as { id_token: string }).id_token;

    // A new sign-in whose token answer is the earlier one (a token taken from a log or a proxy).
    const s = await startSso(email);
    const back = await idp.authorize(s.location.toString(), sub);
    await t.db.update(ssoLogins).set({ nonce: decodeJwt(oldToken).nonce as string });
    replayTokenAnswer = answer;
    expectRefused(await callback(back, s.cookie!.value), 'sso_failed', 'id token already used');
    expect(replayTokenAnswer).toBeUndefined(); // the replayed answer was used
  });

  it('an id token whose nonce is not the stored one is refused', async () => {
    const { company, domain } = await ssoDivision();
    const email = `nonce-${uid()}@${domain}`;
    const s = await startSso(email);
    const back = await idp.authorize(s.location.toString(), idpAccount(email));
    await t.db.update(ssoLogins).set({ nonce: 'another-nonce-entirely' }).where(eq(ssoLogins.companyId, company.id));
    expectRefused(await callback(back, s.cookie!.value), 'sso_failed', /CLAIM_COMPARISON.*\(nonce\)/);
    expect(await userByEmail(email)).toBeUndefined();
  });
});

describe('a division SSO settings', () => {
  it('answer whether a secret is set, never the secret, in any answer, the audit log or the log', async () => {
    const { company, admin } = await ssoDivision();
    const read = await t.app.inject({ method: 'GET', url: `/api/companies/${company.id}/sso`, headers: admin.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json().config).toMatchObject({ clientSecretSet: true, clientId: idp.client.clientId, redirectUri: REDIRECT_URI, required: false });
    expect(read.body).not.toContain(idp.client.clientSecret);
    const [row] = await t.db.select().from(divisionSso).where(eq(divisionSso.companyId, company.id));
    expect(row!.clientSecretEncrypted).not.toContain(idp.client.clientSecret);
    expect(row!.clientSecretEncrypted).toMatch(/^v1\./);

    // Saved again without a secret: the stored one is kept (and still works at the provider).
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${company.id}/sso`,
      headers: admin.headers,
      payload: { issuer: idp.issuer, clientId: idp.client.clientId, allowedDomains: row!.allowedDomains, required: true },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.body).not.toContain(idp.client.clientSecret);
    const email = `kept-${uid()}@${row!.allowedDomains[0]}`;
    ticketOf((await signInLeg(email, idpAccount(email))).callback);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.companyId, company.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['sso.configured', 'sso.updated']));
    expect(JSON.stringify(audits)).not.toContain(idp.client.clientSecret);
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.join('')).not.toContain(idp.client.clientSecret);
    expect(logLines.join('')).not.toContain(row!.clientSecretEncrypted);
  });

  it('a supervisor of another division can neither read nor change them; its own supervisor can', async () => {
    const { company, domain } = await ssoDivision();
    const other = await createCompany(t.db);
    const outsider = await signedInUser(t.app, { role: 'supervisor', companyId: other.id });
    const plain = await signedInUser(t.app, { companyId: company.id });
    const payload = { issuer: idp.issuer, clientId: 'x', clientSecret: 'y', allowedDomains: [domain], required: true };
    for (const who of [outsider, plain]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/companies/${company.id}/sso`, headers: who.headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'PUT', url: `/api/companies/${company.id}/sso`, headers: who.headers, payload })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/companies/${company.id}/sso`, headers: who.headers })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/companies/${company.id}/sso` })).statusCode).toBe(401);
    const [row] = await t.db.select().from(divisionSso).where(eq(divisionSso.companyId, company.id));
    expect(row).toMatchObject({ clientId: idp.client.clientId, required: false });

    // The domain belongs to this division: another division cannot claim it.
    const otherAdmin = await signedInUser(t.app, { role: 'supervisor', companyId: other.id });
    const claim = await t.app.inject({ method: 'PUT', url: `/api/companies/${other.id}/sso`, headers: otherAdmin.headers, payload });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().message).toBe(SSO_MESSAGES.domainTaken);

    const own = await signedInUser(t.app, { role: 'supervisor', companyId: company.id });
    expect((await t.app.inject({ method: 'GET', url: `/api/companies/${company.id}/sso`, headers: own.headers })).statusCode).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/companies/${company.id}/sso`, headers: own.headers });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sso/discover', payload: { email: `a@${domain}` } })).json().sso).toBe(false);
  });

  it('refuses an issuer that does not answer discovery, and one on a private address unless allowed', async () => {
    const company = await createCompany(t.db);
    const admin = await signedInUser(t.app, { role: 'superadmin' });
    const put = (issuer: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/companies/${company.id}/sso`,
        headers: admin.headers,
        payload: { issuer, clientId: 'c', clientSecret: 's', allowedDomains: [`x-${uid()}.test`], required: false },
      });
    const missing = await put(`${idp.issuer}/not-an-issuer`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(SSO_MESSAGES.issuerUnreachable);
    const noSecret = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${company.id}/sso`,
      headers: admin.headers,
      payload: { issuer: idp.issuer, clientId: 'c', allowedDomains: ['y.test'], required: false },
    });
    expect(noSecret.json().message).toBe(SSO_MESSAGES.secretRequired);

    // A hub that does not allow private issuers (the default) refuses plain http and loopback addresses.
    const strict = await createTestApp({ env: { PUBLIC_URL }, overrides: { ssoFetch } });
    try {
      const strictAdmin = await signedInUser(strict.app, { role: 'superadmin' });
      const strictCompany = await createCompany(strict.app.deps.db);
      const tryIssuer = (issuer: string) =>
        strict.app.inject({
          method: 'PUT',
          url: `/api/companies/${strictCompany.id}/sso`,
          headers: strictAdmin.headers,
          payload: { issuer, clientId: 'c', clientSecret: 's', allowedDomains: [`z-${uid()}.test`], required: false },
        });
      const hits = idp.hits.get('/.well-known/openid-configuration') ?? 0;
      expect((await tryIssuer(idp.issuer)).json().message).toBe(SSO_MESSAGES.issuerNotHttps);
      for (const issuer of [idp.issuer.replace('http:', 'https:'), 'https://localhost:1', 'https://10.1.2.3', 'https://[::1]:8443']) {
        const res = await tryIssuer(issuer);
        expect(res.statusCode, issuer).toBe(400);
        expect(res.json().message, issuer).toBe(SSO_MESSAGES.issuerPrivate);
      }
      expect(idp.hits.get('/.well-known/openid-configuration') ?? 0).toBe(hits); // the provider was never asked
    } finally {
      await strict.close();
    }
  });

  it('a company that requires SSO refuses Google sign-in for its domain too', async () => {
    const { company, domain } = await ssoDivision({ required: true });
    const person = await createUser(t.app, { companyId: company.id, email: `g-${uid()}@${domain}` });
    const token = await idp.idTokenFor(idpAccount(person.email));
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/google/callback?id_token=${token}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SSO_MESSAGES.required);
    expect((await userByEmail(person.email))!.googleSub).toBeNull();
  });
});
