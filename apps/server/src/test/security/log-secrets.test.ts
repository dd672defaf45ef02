/**
 * No secret reaches the log: a whole run of the account flows — registration with a code
 * (in the spec's query-string form too), password sign-in, login code, reset link, Google
 * sign-in through a real OpenID provider — at the most talkative level, with every secret
 * that went over the wire collected and searched for in what the server logged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createCompany, createUser, lastCodeFor, lastMailTo } from '../factories.ts';
import { cloneDatabase } from '../harness.ts';
import { startOidcProvider, type TestOidcProvider } from '../oidc-provider.ts';

const PUBLIC_URL = 'http://hub.test';
const NEW_PASSWORD = 'Brand-New-Pass-42';
let app: FastifyInstance;
let database: Database;
let idp: TestOidcProvider;
let dataDir: string;
const lines: string[] = [];

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: `${PUBLIC_URL}/api/connect/google/callback` });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ph-log-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'log-test-secret-that-is-long-enough-for-hs256',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_PASSES: '1',
    PUBLIC_URL,
    GOOGLE_ISSUER: idp.issuer,
    GOOGLE_CLIENT_ID: idp.client.clientId,
    GOOGLE_CLIENT_SECRET: idp.client.clientSecret,
  });
  database = await cloneDatabase();
  app = await buildApp({ config, database, logger: { level: 'trace', stream: { write: (line) => lines.push(line) } } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await idp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the log', () => {
  it('holds no code, password, reset token, id token, ticket or session token of a full run of the account flows', async () => {
    const secrets: string[] = [];
    const keep = (s: string | undefined | null) => {
      expect(s, 'a secret to look for').toBeTruthy();
      secrets.push(s!);
      return s!;
    };
    const db = app.deps.db;
    const company = await createCompany(db);

    // Registration: the code in the spec's query-string form, the first password with it.
    const invited = await createUser(app, { companyId: company.id, registered: false });
    await app.inject({ method: 'POST', url: `/api/profiles/generate-otp?email=${encodeURIComponent(invited.email)}` });
    const regCode = keep(await lastCodeFor(db, invited.email));
    const linked = await app.inject({
      method: 'POST',
      url: `/api/profiles/link?${new URLSearchParams({ email: invited.email, otp: regCode, password: keep(NEW_PASSWORD) })}`,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    keep(linked.json().jwt);

    // Password sign-in, a wrong one too, and the login code that follows five of them.
    const signIn = (password: string) => app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: invited.email, password } });
    for (let i = 0; i < 5; i++) await signIn(keep(`Wrong-Guess-${i}0`));
    await app.inject({ method: 'POST', url: '/api/profiles/generate-login-otp', payload: { email: invited.email } });
    const loginCode = keep(await lastCodeFor(db, invited.email));
    expect((await app.inject({ method: 'POST', url: `/api/profiles/verify-otp?email=${encodeURIComponent(invited.email)}&otp=${loginCode}` })).statusCode).toBe(
      200,
    );
    const signedIn = await signIn(NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const jwt = keep(signedIn.json().jwt);
    await app.inject({ method: 'GET', url: '/api/companies/users/me', headers: { authorization: `Bearer ${jwt}` } });

    // The reset link.
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: invited.email } });
    await app.deps.background.idle();
    const token = keep((await lastMailTo(db, invited.email))?.text.match(/code=([\w-]+)/)?.[1]);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code: token, password: keep('Another-Pass-77'), passwordConfirmation: 'Another-Pass-77' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    keep(reset.json().jwt);

    // Google: an id token in the query string (spec §7), and the browser leg's ticket.
    const googleUser = await createUser(app, { companyId: company.id, registered: false });
    const sub = `g-${Date.now()}`;
    idp.accounts.set(sub, { email: googleUser.email, email_verified: true, name: 'G' });
    const idToken = keep(await idp.idTokenFor(sub));
    const google = await app.inject({ method: 'GET', url: `/api/auth/google/callback?id_token=${idToken}` });
    expect(google.statusCode, google.body).toBe(200);
    keep(google.json().jwt);
    const start = await app.inject({ method: 'GET', url: '/api/connect/google' });
    const cookie = start.cookies.find((c) => c.name === 'ph_oidc')!;
    const back = await idp.authorize(start.headers.location as string, sub);
    keep(back.searchParams.get('code'));
    const callback = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: `ph_oidc=${cookie.value}` } });
    const ticket = keep(new URL(callback.headers.location as string, PUBLIC_URL).searchParams.get('ticket'));
    const redeemed = await app.inject({ method: 'POST', url: '/api/auth/google/ticket', payload: { ticket } });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    keep(redeemed.json().jwt);
    keep(cookie.value);

    // Request ids are random UUIDs: a group of four of their digits may spell a 4-digit code by chance.
    const log = lines.join('').replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<request id>');
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain('/api/profiles/verify-otp');
    // A short code counts where it stands as a number of its own (not inside a longer number, a hash or a time).
    const appears = (secret: string) => (secret.length > 6 ? log.includes(secret) : new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`).test(log));
    const found = secrets.filter(appears);
    expect(found, 'secrets found in the log').toEqual([]);
  });
});
