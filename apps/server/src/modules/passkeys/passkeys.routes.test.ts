import { AUTH_MESSAGES, PASSKEY_MESSAGES, SSO_MESSAGES } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { divisionSso, passkeys, users, webauthnChallenges } from '../../db/schema.ts';
import { LIMITS, RateLimiter } from '../../http/rate-limit.ts';
import { createCompany, freshIp, lastCodeFor, PASSWORD, signedInUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { softPasskey } from './soft-authenticator.ts';

/**
 * The ceremonies themselves (a real authenticator's signatures) are proven in Chromium with a
 * virtual authenticator (e2e/tests/passkeys.spec.ts); here, the refusals around them.
 */
const t = useTestApp();
const b64 = (s: string) => Buffer.from(s).toString('base64url');

/** An assertion shaped like a browser's, for the challenge given: its signature is nonsense. */
function assertion(challenge: string, id = b64('no-such-credential')) {
  return {
    id,
    rawId: id,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64(JSON.stringify({ type: 'webauthn.get', challenge, origin: 'http://localhost:80' })),
      authenticatorData: b64('x'.repeat(37)),
      signature: b64('sig'),
    },
  };
}

const options = async (payload: object = {}, ip = freshIp()) => t.app.inject({ method: 'POST', url: '/api/auth/passkey/options', remoteAddress: ip, payload });
const signIn = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/passkey', remoteAddress: freshIp(), payload });

async function member() {
  const company = await createCompany(t.app.deps.db);
  return { ...(await signedInUser(t.app, { companyId: company.id })), company };
}

describe('passkey sign-in', () => {
  it('offers any passkey of this hub host: a fresh challenge, no credentials named, the host as relying party', async () => {
    const res = await options();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.challenge).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.allowCredentials).toEqual([]);
    expect(body.rpId).toBe('localhost');
    expect(body.userVerification).toBe('required');
    expect((await options()).json().challenge).not.toBe(body.challenge);
  });

  it('refuses an unknown credential with a clear message, and its challenge is then spent', async () => {
    const { challenge } = (await options()).json();
    const res = await signIn({ response: assertion(challenge) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'passkey_unknown', message: PASSKEY_MESSAGES.unknownPasskey });
    const again = await signIn({ response: assertion(challenge) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'passkey_challenge_expired', message: PASSKEY_MESSAGES.challengeExpired });
  });

  it('refuses a challenge it never gave, and one that expired', async () => {
    expect((await signIn({ response: assertion(b64('made-up-challenge')) })).json().code).toBe('passkey_challenge_expired');
    const challenge = b64('an-old-challenge-of-this-hub');
    await t.db.insert(webauthnChallenges).values({ challenge, purpose: 'sign-in', userId: null, expiresAt: new Date(Date.now() - 1000) });
    const res = await signIn({ response: assertion(challenge) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSKEY_MESSAGES.challengeExpired);
  });

  it('refuses a wrong signature of a known passkey without signing in', async () => {
    const m = await member();
    const credentialId = b64(`cred-${m.user.id}`);
    await t.db.insert(passkeys).values({ userId: m.user.id, credentialId, publicKey: new Uint8Array([1, 2, 3]), name: 'Laptop' });
    const { challenge } = (await options()).json();
    const res = await signIn({ response: assertion(challenge, credentialId) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'passkey_failed', message: PASSKEY_MESSAGES.signInFailed });
  });

  it('signs in with a real signature of a known passkey; a company that requires its SSO refuses it', async () => {
    const m = await member();
    const key = softPasskey();
    await t.db.insert(passkeys).values({ userId: m.user.id, credentialId: key.credentialId, publicKey: key.publicKey, name: 'Laptop' });
    const site = { rpID: 'localhost', origin: 'http://localhost:80' };
    const first = await signIn({ response: key.assert((await options()).json().challenge, site) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user.email).toBe(m.user.email);
    // The person's division now signs its domain in through its own provider only.
    const domain = m.user.email.split('@')[1]!;
    await t.db.insert(divisionSso).values({
      companyId: m.company.id,
      issuer: 'https://idp.example.test',
      clientId: 'hub',
      clientSecretEncrypted: 'sealed',
      allowedDomains: [domain],
      required: true,
    });
    const refused = await signIn({ response: key.assert((await options()).json().challenge, site) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'sso_required', message: SSO_MESSAGES.required });
    await t.db.delete(divisionSso).where(eq(divisionSso.companyId, m.company.id));
  });

  it('takes the hub host the request came to as the relying party: the product’s, or a white-labelled hub’s own', async () => {
    const at = (host: string) => t.app.inject({ method: 'POST', url: '/api/auth/passkey/options', remoteAddress: freshIp(), headers: { host }, payload: {} });
    expect((await at('hub.test')).json().rpId).toBe('hub.test');
    const domain = `hub-${Date.now().toString(36)}.acme.test`;
    await createCompany(t.db, { whiteLabel: { title: 'Acme', domain } });
    expect((await at(`${domain}:8443`)).json().rpId).toBe(domain);
  });

  it('is refused on a division’s public pages host, which is no hub', async () => {
    const company = await createCompany(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkey/options',
      remoteAddress: freshIp(),
      headers: { host: `${company.subdomain}.localhost` },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'passkey_wrong_host', message: PASSKEY_MESSAGES.wrongHost });
  });

  it('malformed answers are refused by their shape', async () => {
    const res = await signIn({ response: { id: 'x' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('the passkeys of one’s account', () => {
  it('lists only one’s own; another person’s passkey cannot be renamed or removed (404)', async () => {
    const [a, b] = [await member(), await member()];
    const [own] = await t.db
      .insert(passkeys)
      .values({ userId: a.user.id, credentialId: b64(`own-${a.user.id}`), publicKey: new Uint8Array([1]), name: 'Phone' })
      .returning();
    const list = await t.app.inject({ method: 'GET', url: '/api/account/passkeys', headers: a.headers });
    expect(list.json()).toMatchObject({ passkeys: [{ id: own!.id, name: 'Phone', lastUsedAt: null }], secondFactor: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/account/passkeys', headers: b.headers })).json().passkeys).toEqual([]);

    const url = `/api/account/passkeys/${own!.id}`;
    const theirs = await t.app.inject({ method: 'DELETE', url, headers: b.headers });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(PASSKEY_MESSAGES.notFound);
    expect((await t.app.inject({ method: 'PATCH', url, headers: b.headers, payload: { name: 'Mine now' } })).statusCode).toBe(404);

    const renamed = await t.app.inject({ method: 'PATCH', url, headers: a.headers, payload: { name: 'Work phone' } });
    expect(renamed.json().name).toBe('Work phone');
    expect((await t.app.inject({ method: 'DELETE', url, headers: a.headers })).json().message).toBe(PASSKEY_MESSAGES.removed);
    expect((await t.app.inject({ method: 'DELETE', url, headers: a.headers })).statusCode).toBe(404);
  });

  it('an id past PostgreSQL integer is a 400, not a 500 (api-fuzz.test.ts found it)', async () => {
    const { headers } = await member();
    const url = '/api/account/passkeys/2147483648';
    const renamed = await t.app.inject({ method: 'PATCH', url, headers, payload: { name: 'Work phone' } });
    const removed = await t.app.inject({ method: 'DELETE', url, headers });
    for (const res of [renamed, removed]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('gives registration options for the signed-in account, naming the passkeys it already has', async () => {
    const m = await member();
    const credentialId = b64(`have-${m.user.id}`);
    await t.db.insert(passkeys).values({ userId: m.user.id, credentialId, publicKey: new Uint8Array([1]), name: 'Key' });
    const res = await t.app.inject({ method: 'POST', url: '/api/account/passkeys/options', headers: m.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rp: { id: 'localhost' }, user: { name: m.user.email }, excludeCredentials: [{ id: credentialId }] });
    expect(res.json().authenticatorSelection.residentKey).toBe('required');
    expect((await t.app.inject({ method: 'POST', url: '/api/account/passkeys/options' })).statusCode).toBe(401);
  });
});

describe('the second step after a password', () => {
  it('a right password answers with a ticket, and the emailed code finishes the sign-in', async () => {
    const m = await member();
    const on = await t.app.inject({ method: 'PUT', url: '/api/account/second-factor', headers: m.headers, payload: { required: true } });
    expect(on.json().message).toBe(PASSKEY_MESSAGES.secondFactorOn);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      remoteAddress: freshIp(),
      payload: { identifier: m.user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.jwt).toBeUndefined();
    expect(body.secondFactor).toMatchObject({ passkey: false });
    const { ticket } = body.secondFactor;

    const wrongTicket = await t.app.inject({ method: 'POST', url: '/api/auth/second-factor/code', remoteAddress: freshIp(), payload: { ticket: 'nope' } });
    expect(wrongTicket.statusCode).toBe(401);
    expect(wrongTicket.json().message).toBe(PASSKEY_MESSAGES.secondFactorExpired);

    expect((await t.app.inject({ method: 'POST', url: '/api/auth/second-factor/code', remoteAddress: freshIp(), payload: { ticket } })).statusCode).toBe(200);
    const code = await lastCodeFor(t.db, m.user.email);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/verify',
      remoteAddress: freshIp(),
      payload: { ticket, otp: code === '0000' ? '1111' : '0000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.codeInvalid);
    const done = await t.app.inject({ method: 'POST', url: '/api/auth/second-factor/verify', remoteAddress: freshIp(), payload: { ticket, otp: code } });
    expect(done.statusCode).toBe(200);
    expect(done.json().jwt).toEqual(expect.any(String));
    // The ticket worked once.
    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/second-factor/verify', remoteAddress: freshIp(), payload: { ticket, otp: code } });
    expect(replay.statusCode).toBe(401);

    await t.app.inject({ method: 'PUT', url: '/api/account/second-factor', headers: m.headers, payload: { required: false } });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      remoteAddress: freshIp(),
      payload: { identifier: m.user.email, password: PASSWORD },
    });
    expect(plain.json().jwt).toEqual(expect.any(String));
  });

  it('a wrong password still answers as before, with no ticket', async () => {
    const m = await member();
    await t.app.inject({ method: 'PUT', url: '/api/account/second-factor', headers: m.headers, payload: { required: true } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      remoteAddress: freshIp(),
      payload: { identifier: m.user.email, password: 'Wrong-123456' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.incorrectLogin);
  });

  it('cannot be required by an account with neither a passkey nor a proven email', async () => {
    const m = await member();
    await t.db.update(users).set({ registered: false }).where(eq(users.id, m.user.id));
    const res = await t.app.inject({ method: 'PUT', url: '/api/account/second-factor', headers: m.headers, payload: { required: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSKEY_MESSAGES.secondFactorNeedsMethod);
  });
});

describe('limits on the passkey calls', () => {
  const limited = useTestApp({
    overrides: { limiter: new RateLimiter(true, { kind: 'memory' }, { [LIMITS.passkeyOptionsPerIp.name]: 5, [LIMITS.passkeyPerIp.name]: 3 }) },
  });
  const counts = (answers: { statusCode: number }[]) => ({
    ok: answers.filter((r) => r.statusCode !== 429).length,
    limited: answers.filter((r) => r.statusCode === 429).length,
  });

  it('hold under 20 parallel requests from one address: options, and answers checked', async () => {
    const ip = freshIp();
    const options = await Promise.all(
      Array.from({ length: 20 }, () => limited.app.inject({ method: 'POST', url: '/api/auth/passkey/options', remoteAddress: ip, payload: {} })),
    );
    expect(counts(options)).toEqual({ ok: 5, limited: 15 });
    expect(options.filter((r) => r.statusCode === 200)).toHaveLength(5);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/passkey', remoteAddress: ip, payload: { response: assertion(b64(`c-${i}`)) } }),
      ),
    );
    // The three counted are refused for their challenge; the other seventeen never reach the check.
    expect(counts(answers)).toEqual({ ok: 3, limited: 17 });
    expect(answers.filter((r) => r.statusCode === 429)[0]!.json().code).toBe('rate_limited');
  });
});
