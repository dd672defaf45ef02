import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_MESSAGES } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { oneTimeCodes, users } from '../../db/schema.ts';
import { createCompany, createUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.ts';

const PUBLIC_URL = 'http://hub.test';
const REDIRECT_URI = `${PUBLIC_URL}/api/connect/google/callback`;

let idp: TestOidcProvider;
const extraApps: FastifyInstance[] = [];

// After-hooks run in reverse: the extra apps close first, then the app, then the provider.
beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: REDIRECT_URI });
});
afterAll(async () => {
  await idp?.close();
});
const t = useTestApp(() => ({
  env: { PUBLIC_URL, GOOGLE_ISSUER: idp.issuer, GOOGLE_CLIENT_ID: idp.client.clientId, GOOGLE_CLIENT_SECRET: idp.client.clientSecret },
}));
afterAll(async () => {
  for (const app of extraApps) await app.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let seq = 0;
/** An account at the provider; the login name is also the subject. */
function googleAccount(email: string, o: { verified?: boolean; name?: string } = {}) {
  const sub = `google-${Date.now().toString(36)}-${++seq}`;
  idp.accounts.set(sub, { email, email_verified: o.verified ?? true, name: o.name ?? 'Test Person' });
  return sub;
}

/** An invited user (not yet registered, no password) of a fresh company. */
async function invitedUser() {
  const company = await createCompany(t.app.deps.db);
  return createUser(t.app, { companyId: company.id, registered: false });
}

async function userRow(id: number) {
  const [u] = await t.app.deps.db.select().from(users).where(eq(users.id, id));
  return u!;
}

function hits(path: string) {
  return idp.hits.get(path) ?? 0;
}

/** Step 1 of the browser leg: our app sends the browser to the provider. */
async function startConnect(app: FastifyInstance = t.app) {
  const res = await app.inject({ method: 'GET', url: '/api/connect/google' });
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string);
  const cookie = res.cookies.find((c) => c.name === 'ph_oidc');
  return { res, location, cookie };
}

/** The whole browser leg: our redirect, the provider's login and consent pages, and the provider's redirect back to our callback. */
async function browserLeg(login: string) {
  const start = await startConnect();
  const back = await idp.authorize(start.location.toString(), login);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: `ph_oidc=${start.cookie!.value}` } });
  return { start, back, callback };
}

/** The SPA's redirect target carries a one-time ticket, never the provider's id token; pull it out. */
function ticketFromRedirect(location: string): string {
  const url = new URL(location, PUBLIC_URL);
  expect(url.pathname).toBe('/authenticate/google');
  expect(url.searchParams.has('id_token')).toBe(false);
  const ticket = url.searchParams.get('ticket');
  expect(ticket).toMatch(/^[\w-]{40,}$/);
  return ticket!;
}

/** The SPA trades the ticket for a session. */
const redeem = (ticket: string, app: FastifyInstance = t.app) => app.inject({ method: 'POST', url: '/api/auth/google/ticket', payload: { ticket } });

const spaCallback = (idToken: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url: `/api/auth/google/callback?${new URLSearchParams({ id_token: idToken })}` });

const link = (email: string, idToken?: string) =>
  t.app.inject({ method: 'POST', url: `/api/profiles/link?${new URLSearchParams({ email, provider: 'google', ...(idToken ? { id_token: idToken } : {}) })}` });

function expectFailRedirect(res: { statusCode: number; headers: Record<string, unknown> }, error = 'google_failed') {
  expect(res.statusCode).toBe(302);
  const url = new URL(res.headers.location as string, PUBLIC_URL);
  expect(url.pathname).toBe('/authenticate/google');
  expect(url.searchParams.get('error')).toBe(error);
  expect(url.searchParams.has('id_token')).toBe(false);
}

/** Another app on the same database with a different Google configuration. */
async function appWith(google: Partial<Pick<Config, 'GOOGLE_ISSUER' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET'>>) {
  const app = await buildApp({ config: { ...t.config, GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined, ...google }, database: t.database });
  await app.ready();
  extraApps.push(app);
  return app;
}

describe('Sign in with Google: the browser leg against a real OpenID provider', () => {
  it('signs an invited user in through the provider, links the account, and knows them by subject afterwards', async () => {
    const user = await invitedUser();
    const sub = googleAccount(user.email.toUpperCase(), { name: 'Ada Lovelace' });

    // 1. Our app redirects to the provider's authorization endpoint.
    const start = await startConnect();
    expect(`${start.location.origin}${start.location.pathname}`).toBe(`${idp.issuer}/auth`);
    const params = start.location.searchParams;
    expect(params.get('client_id')).toBe(idp.client.clientId);
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(params.get('state')).toMatch(/^[\w-]{16,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{16,}$/);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(start.cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(start.cookie!.value).toContain(params.get('state'));

    // 2. The provider's login and consent pages, then its redirect back to us.
    const back = await idp.authorize(start.location.toString(), sub);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe(params.get('state'));
    expect(back.searchParams.get('iss')).toBe(idp.issuer);
    expect(back.searchParams.get('code')).toBeTruthy();

    // 3. Our callback trades the code (client authentication + PKCE), checks the id token and its
    //    nonce, links the account, and hands the SPA a one-time ticket (the id token stays with us).
    const tokenCalls = hits('/token');
    expect((await userRow(user.id)).googleSub).toBeNull();
    const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: `ph_oidc=${start.cookie!.value}` } });
    expect(callback.statusCode, callback.body).toBe(302);
    expect(hits('/token')).toBe(tokenCalls + 1);
    const ticket = ticketFromRedirect(callback.headers.location as string);
    expect(callback.cookies.find((c) => c.name === 'ph_oidc')?.value).toBe(''); // spent

    // 4. The SPA trades the ticket for a session, once.
    const signedIn = await redeem(ticket);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const replayed = await redeem(ticket);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(AUTH_MESSAGES.googleSignInFailed);
    const body = signedIn.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, confirmed: true });
    const verify = await t.app.inject({ method: 'GET', url: '/api/jwts/verify', headers: { authorization: `Bearer ${body.jwt}` } });
    expect(verify.statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ googleSub: sub, registered: true });

    // 5. The email changes at Google; the same Google account still signs in the same user.
    idp.accounts.set(sub, { ...idp.accounts.get(sub)!, email: `changed-${seq}@elsewhere.test` });
    const again = await browserLeg(sub);
    expect(again.callback.statusCode).toBe(302);
    const secondSignIn = await redeem(ticketFromRedirect(again.callback.headers.location as string));
    expect(secondSignIn.statusCode, secondSignIn.body).toBe(200);
    expect(secondSignIn.json().user.id).toBe(user.id);
  });

  it('refuses a callback whose state does not match the cookie, and does not spend the code', async () => {
    const user = await invitedUser();
    const sub = googleAccount(user.email);
    const start = await startConnect();
    const back = await idp.authorize(start.location.toString(), sub);
    const tokenCalls = hits('/token');

    const wrongState = new URLSearchParams(back.search);
    wrongState.set('state', 'not-the-state-we-sent');
    const res = await t.app.inject({ method: 'GET', url: `${back.pathname}?${wrongState}`, headers: { cookie: `ph_oidc=${start.cookie!.value}` } });
    expectFailRedirect(res);

    // Right state but no cookie (another browser): refused too.
    expectFailRedirect(await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` }));
    // A cookie from another sign-in attempt: refused.
    const other = await startConnect();
    expectFailRedirect(await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: `ph_oidc=${other.cookie!.value}` } }));
    expect(hits('/token')).toBe(tokenCalls);

    // The untouched code still works with its own cookie; replaying it then fails at the provider.
    const ok = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: `ph_oidc=${start.cookie!.value}` } });
    ticketFromRedirect(ok.headers.location as string);
    const replay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: `ph_oidc=${start.cookie!.value}` } });
    expectFailRedirect(replay);
    expect(hits('/token')).toBe(tokenCalls + 2);
    expect((await userRow(user.id)).googleSub).toBe(sub);
  });

  it('refuses an id token whose nonce is not the one we sent, and a code without its PKCE verifier', async () => {
    const user = await invitedUser();
    const sub = googleAccount(user.email);
    const tampered = [
      (state: string, _nonce: string, verifier: string) => `${state}.another-nonce-entirely.${verifier}`,
      (state: string, nonce: string, _verifier: string) => `${state}.${nonce}.${'z'.repeat(43)}`,
    ];
    for (const tamper of tampered) {
      const start = await startConnect();
      const [state, nonce, verifier] = start.cookie!.value.split('.') as [string, string, string];
      const back = await idp.authorize(start.location.toString(), sub);
      const tokenCalls = hits('/token');
      const res = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie: `ph_oidc=${tamper(state, nonce, verifier)}` },
      });
      expectFailRedirect(res);
      expect(hits('/token')).toBe(tokenCalls + 1); // the code was tried, and refused by us (nonce) or by the provider (PKCE)
    }
    expect((await userRow(user.id)).googleSub).toBeNull();
  });

  it('refuses a response naming another issuer, and passes on a refusal at the provider as an error', async () => {
    const sub = googleAccount(`someone-${seq}@example.test`);
    const start = await startConnect();
    const back = await idp.authorize(start.location.toString(), sub);
    const forged = new URLSearchParams(back.search);
    forged.set('iss', 'https://evil.test');
    expectFailRedirect(await t.app.inject({ method: 'GET', url: `${back.pathname}?${forged}`, headers: { cookie: `ph_oidc=${start.cookie!.value}` } }));

    const denied = await startConnect();
    const deniedBack = await idp.authorize(denied.location.toString(), sub, { consent: 'abort' });
    expect(deniedBack.searchParams.get('error')).toBe('access_denied');
    expectFailRedirect(
      await t.app.inject({ method: 'GET', url: `${deniedBack.pathname}${deniedBack.search}`, headers: { cookie: `ph_oidc=${denied.cookie!.value}` } }),
    );
  });

  it('does not link an invited user whose email the provider has not verified', async () => {
    const user = await invitedUser();
    const sub = googleAccount(user.email, { verified: false });
    const { callback } = await browserLeg(sub);
    expectFailRedirect(callback, 'google_link_failed');
    expect((await userRow(user.id)).googleSub).toBeNull();
    expect((await userRow(user.id)).registered).toBe(false);
  });

  it('does not sign in a Google account whose email was never invited', async () => {
    const sub = googleAccount(`stranger-${Date.now()}@example.test`);
    const { callback } = await browserLeg(sub);
    expectFailRedirect(callback, 'google_failed');
  });

  it('a made-up, expired or spent ticket signs nobody in', async () => {
    for (const ticket of ['made-up', 'x'.repeat(43)]) {
      const res = await redeem(ticket);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(AUTH_MESSAGES.googleSignInFailed);
    }
    const user = await invitedUser();
    const { callback } = await browserLeg(googleAccount(user.email));
    const ticket = ticketFromRedirect(callback.headers.location as string);
    await t.app.deps.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.email, user.email));
    expect((await redeem(ticket)).statusCode).toBe(401);
  });
});

describe('an id token works once', () => {
  it('the same token a second time (a replay from a log or a history) is refused, also when sent at once', async () => {
    const user = await invitedUser();
    const token = await idp.idTokenFor(googleAccount(user.email));
    const [a, b] = await Promise.all([spaCallback(token), spaCallback(token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    const again = await spaCallback(token);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(AUTH_MESSAGES.googleSignInFailed);
  });
});

describe('GET /api/auth/google/callback: id-token verification', () => {
  it('refuses a token the provider issued to another client', async () => {
    const user = await invitedUser();
    const sub = googleAccount(user.email);
    const foreign = await idp.idTokenFor(sub, { client: idp.otherClient });
    expect(decodeJwt(foreign)).toMatchObject({ iss: idp.issuer, aud: idp.otherClient.clientId, email: user.email });
    const res = await spaCallback(foreign);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_MESSAGES.googleSignInFailed);
    expect((await userRow(user.id)).googleSub).toBeNull();
    // The same account's token for our client is fine: the audience made the difference.
    expect((await spaCallback(await idp.idTokenFor(sub))).statusCode).toBe(200);
  });

  it("refuses tokens not signed with the provider's keys", async () => {
    const user = await invitedUser();
    const sub = googleAccount(user.email);
    const claims = { email: user.email, email_verified: true, name: 'Mallory' };
    const { privateKey } = await generateKeyPair('RS256');
    const stranger = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: idp.kid })
      .setIssuer(idp.issuer)
      .setAudience(idp.client.clientId)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const withSecret = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(idp.issuer)
      .setAudience(idp.client.clientId)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(idp.client.clientSecret));
    const unsigned = new UnsecuredJWT(claims)
      .setIssuer(idp.issuer)
      .setAudience(idp.client.clientId)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    for (const token of [stranger, withSecret, unsigned, 'not-a-jwt']) {
      const res = await spaCallback(token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json().message).toBe(AUTH_MESSAGES.googleSignInFailed);
    }
    expect((await userRow(user.id)).googleSub).toBeNull();
  });

  it('refuses an expired token', async () => {
    const user = await invitedUser();
    const token = await idp.idTokenFor(googleAccount(user.email));
    const { exp } = decodeJwt(token);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((exp! + 120) * 1000);
    const res = await spaCallback(token);
    vi.useRealTimers();
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_MESSAGES.googleSignInFailed);
    expect((await userRow(user.id)).googleSub).toBeNull();
    // Before it expired, the same token was good.
    expect((await spaCallback(token)).statusCode).toBe(200);
  });

  it('answers 400 with the spec message when there is no id token', async () => {
    for (const url of ['/api/auth/google/callback', '/api/auth/google/callback?id_token=', '/api/auth/google/callback?error=google_failed']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(AUTH_MESSAGES.googleNotRequested);
    }
  });
});

describe('POST /api/profiles/link?provider=google', () => {
  it("links only when the token's verified email is the email asked for", async () => {
    const a = await invitedUser();
    const b = await invitedUser();
    const sub = googleAccount(a.email);

    const wrong = await link(b.email, await idp.idTokenFor(sub));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.googleLinkFailed);
    expect((await userRow(a.id)).googleSub).toBeNull();
    expect((await userRow(b.id)).googleSub).toBeNull();

    const missing = await link(a.email);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(AUTH_MESSAGES.googleLinkFailed);

    const unverified = await link(a.email, await idp.idTokenFor(googleAccount(a.email, { verified: false })));
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json().message).toBe(AUTH_MESSAGES.googleLinkFailed);
    expect((await userRow(a.id)).googleSub).toBeNull();

    const ok = await link(a.email, await idp.idTokenFor(sub));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ id: a.id, email: a.email });
    expect(await userRow(a.id)).toMatchObject({ googleSub: sub, registered: true, confirmed: true });
  });

  it('refuses to move a Google account that is already linked to someone else (no 500)', async () => {
    const a = await invitedUser();
    const c = await invitedUser();
    const sub = googleAccount(a.email);
    expect((await link(a.email, await idp.idTokenFor(sub))).statusCode).toBe(200);
    // The Google account now says it is c's address.
    idp.accounts.set(sub, { ...idp.accounts.get(sub)!, email: c.email });
    const moved = await link(c.email, await idp.idTokenFor(sub));
    expect(moved.statusCode, moved.body).toBe(401);
    expect(moved.json().message).toBe(AUTH_MESSAGES.googleLinkFailed);
    expect((await userRow(c.id)).googleSub).toBeNull();
    expect((await userRow(a.id)).googleSub).toBe(sub);
  });
});

describe('Google sign-in configuration', () => {
  it('answers 404 with a readable message when Google is not configured', async () => {
    for (const google of [{}, { GOOGLE_ISSUER: idp.issuer, GOOGLE_CLIENT_ID: idp.client.clientId }]) {
      const app = await appWith(google);
      const res = await app.inject({ method: 'GET', url: '/api/connect/google' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Google sign-in is not configured on this hub.');
      expect(res.cookies.find((c) => c.name === 'ph_oidc')).toBeUndefined();
      // The sign-in page hides the Google button when the hub cannot finish the flow.
      expect((await app.inject({ method: 'GET', url: '/api/white-label' })).json().googleSignIn).toBe(false);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/white-label' })).json().googleSignIn).toBe(true);
    const unconfigured = await appWith({});
    const token = await idp.idTokenFor(googleAccount((await invitedUser()).email));
    const res = await spaCallback(token, unconfigured);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_MESSAGES.googleSignInFailed);
  });

  it('never answers 500 when the provider cannot be reached', async () => {
    // A port that nothing listens on.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const app = await appWith({
      GOOGLE_ISSUER: `http://127.0.0.1:${port}`,
      GOOGLE_CLIENT_ID: idp.client.clientId,
      GOOGLE_CLIENT_SECRET: idp.client.clientSecret,
    });

    expectFailRedirect(await app.inject({ method: 'GET', url: '/api/connect/google' }), 'google_unavailable');
    const token = await idp.idTokenFor(googleAccount((await invitedUser()).email));
    const res = await spaCallback(token, app);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_MESSAGES.googleSignInFailed);
    const callback = await app.inject({ method: 'GET', url: '/api/connect/google/callback?code=abc&state=s', headers: { cookie: 'ph_oidc=s.n.v' } });
    expectFailRedirect(callback);
  });
});
