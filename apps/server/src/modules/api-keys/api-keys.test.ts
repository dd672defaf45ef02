/**
 * The public REST API's keys (issue #29, decision 027): made, listed and revoked by a division's
 * supervisors and superadmins; each scope opens exactly its routes (the table below, checked against
 * the API document), every other route refuses a key; a revoked key, or an offboarded maker's, is
 * refused from the next request; keys are never stored, listed, answered or logged after creation.
 */
import { createHash } from 'node:crypto';
import { API_KEY_MESSAGES, API_KEY_SCOPES, type ApiKeyScope } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog, companies, leadSubmissions, users } from '../../db/schema.ts';
import { LIMITS, RateLimiter } from '../../http/rate-limit.ts';
import { childDetails, createTemplateDivision, createUser, freshIp, signIn } from '../../test/factories.ts';
import { createTestApp, type Headers, type TestContext, useTestApp } from '../../test/harness.ts';

const lines: string[] = [];
const t = useTestApp({ logger: { level: 'trace', stream: { write: (line) => lines.push(line) } } });

/**
 * The public API's allow-list: every operation that takes a key, with its scope. The API document
 * must say exactly this (so a new route opened to keys is a visible, reviewed change).
 */
const SCOPED: Record<string, ApiKeyScope> = {
  'GET /api/profiles/{id}': 'profiles:read',
  'GET /api/users': 'profiles:read',
  'GET /api/contacts': 'contacts:read',
  'GET /api/contacts/{id}': 'contacts:read',
  'GET /api/contacts/export': 'contacts:read',
  'GET /api/contacts/vcard': 'contacts:read',
  'POST /api/users': 'users:invite',
  'PUT /api/profiles/{id}/publish': 'profiles:publish',
  'PUT /api/profiles/{id}/unpublish': 'profiles:publish',
};

let superadmin: Headers;
beforeAll(async () => {
  superadmin = (await signIn(t.app, (await createUser(t.app, { role: 'superadmin' })).email)).headers;
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A division (invitations on) with its supervisor, a member with a complete card and a contact of it. */
async function division() {
  const d = await createTemplateDivision(t.db, { flags: { invite_users: true } });
  const companyId = d.company.id;
  const supervisor = await createUser(t.app, { role: 'supervisor', companyId });
  const sup = (await signIn(t.app, supervisor.email)).headers;
  const member = await createUser(t.app, { companyId, masterProfileId: d.masterId, content: childDetails('Jane Doe') });
  const [contact] = await t.db
    .insert(leadSubmissions)
    .values({ profileId: member.profileId!, companyId, data: { name: 'Vic Visitor', email: 'vic@example.test' }, source: 'lead_form' })
    .returning();
  /** Makes a key as `by` (the supervisor by default); returns the answer's JSON. */
  const makeKey = async (scopes: readonly ApiKeyScope[], by: Headers = sup, name = 'CRM sync') => {
    const res = await t.app.inject({ method: 'POST', url: `/api/companies/${companyId}/api-keys`, headers: by, payload: { name, scopes } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; key: string; prefix: string; scopes: ApiKeyScope[] };
  };
  return { d, companyId, supervisor, sup, member, contactId: contact!.id, makeKey };
}
type Division = Awaited<ReturnType<typeof division>>;

/** A call of each scoped operation in the division, and the status it answers when allowed. */
function callsOf(s: Division): Record<string, { url: string; payload?: Record<string, unknown>; ok: number }> {
  return {
    'GET /api/profiles/{id}': { url: `/api/profiles/${s.member.profileId}`, ok: 200 },
    'GET /api/users': { url: '/api/users', ok: 200 },
    'GET /api/contacts': { url: '/api/contacts', ok: 200 },
    'GET /api/contacts/{id}': { url: `/api/contacts/${s.contactId}`, ok: 200 },
    'GET /api/contacts/export': { url: '/api/contacts/export?format=csv', ok: 200 },
    'GET /api/contacts/vcard': { url: `/api/contacts/vcard?ids=${s.contactId}`, ok: 200 },
    'POST /api/users': {
      url: '/api/users',
      payload: { email: `api-${Math.random().toString(36).slice(2)}@example.test`, name: 'New Person', company: s.companyId },
      ok: 200,
    },
    'PUT /api/profiles/{id}/publish': { url: `/api/profiles/${s.member.profileId}/publish`, ok: 200 },
    'PUT /api/profiles/{id}/unpublish': { url: `/api/profiles/${s.member.profileId}/unpublish`, ok: 200 },
  };
}
const methodOf = (op: string) => op.split(' ')[0] as 'GET' | 'POST' | 'PUT';

type Doc = { paths: Record<string, Record<string, { security?: Record<string, string[]>[]; 'x-api-key-scope'?: string }>> };
const operations = () =>
  Object.entries((t.app.swagger() as Doc).paths).flatMap(([path, ops]) => Object.entries(ops).map(([m, op]) => ({ op: `${m.toUpperCase()} ${path}`, ...op })));

describe('API keys', () => {
  it('the API document opens exactly the allow-list to keys, each with its scope', () => {
    const scoped = Object.fromEntries(operations().flatMap((o) => (o['x-api-key-scope'] ? [[o.op, o['x-api-key-scope']]] : [])));
    expect(scoped).toEqual(SCOPED);
    for (const o of operations().filter((x) => x.op in SCOPED)) expect(o.security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    expect(new Set(Object.values(SCOPED))).toEqual(new Set(API_KEY_SCOPES));
  });

  it.each(API_KEY_SCOPES)('a key with %s alone calls exactly its routes; the others answer 403 naming the scope', async (scope) => {
    const s = await division();
    const { key } = await s.makeKey([scope]);
    const calls = callsOf(s);
    // Unpublish after publish, so each allowed call does its work.
    for (const [op, want] of Object.entries(SCOPED)) {
      const call = calls[op]!;
      const res = await t.app.inject({ method: methodOf(op), url: call.url, headers: bearer(key), ...(call.payload ? { payload: call.payload } : {}) });
      if (want === scope) expect(res.statusCode, `${op}: ${res.body}`).toBe(call.ok);
      else {
        expect(res.statusCode, op).toBe(403);
        expect(res.json().message).toBe(API_KEY_MESSAGES.missingScope(want));
      }
    }
  });

  it('every other signed-in route refuses a key, even one with every scope', async () => {
    const s = await division();
    const { key } = await s.makeKey(API_KEY_SCOPES);
    const others = operations().filter((o) => (o.security?.length ?? 0) > 0 && !(o.op in SCOPED) && !o.op.includes(' /scim/v2'));
    expect(others.length).toBeGreaterThan(80);
    for (const o of others) {
      const [method, path] = o.op.split(' ') as [string, string];
      const url = path.replace(/\{[^}]+\}/g, String(s.companyId));
      const res = await t.app.inject({ method: method as 'GET', url, headers: bearer(key), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.statusCode, o.op).toBe(403);
      expect(res.json().message, o.op).toBe(API_KEY_MESSAGES.notForKeys);
    }
    // Not even its own division's keys: a key never makes, lists or revokes keys.
    expect((await t.app.inject({ method: 'GET', url: `/api/companies/${s.companyId}/api-keys`, headers: bearer(key) })).statusCode).toBe(403);
  });

  it('a key reaches its own division only, through the hub policy (another division answers 404)', async () => {
    const a = await division();
    const b = await division();
    const { key } = await a.makeKey(API_KEY_SCOPES);
    expect((await t.app.inject({ method: 'GET', url: `/api/profiles/${b.member.profileId}`, headers: bearer(key) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/contacts/${b.contactId}`, headers: bearer(key) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${b.member.profileId}/publish`, headers: bearer(key) })).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/contacts', headers: bearer(key) });
    expect(list.json().data.map((c: { id: number }) => c.id)).toEqual([a.contactId]);
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(key),
      payload: { email: 'elsewhere@example.test', name: 'Else Where', company: b.companyId },
    });
    expect(invite.statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.db.select().from(users).where(eq(users.email, 'elsewhere@example.test'))).length).toBe(0);
    // The policy of the division applies: without the invite_users flag a supervisor (and so a key) may not invite.
    await t.db
      .update(companies)
      .set({ featureFlags: { invite_users: false } })
      .where(eq(companies.id, a.companyId));
    const refused = await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(key), payload: callsOf(a)['POST /api/users']!.payload });
    expect(refused.statusCode).toBe(403);
  });

  it('is shown once, stored as its SHA-256, listed by prefix without the key; only the division’s administrators manage keys', async () => {
    const s = await division();
    const made = await s.makeKey(['contacts:read', 'profiles:read']);
    expect(made.key).toMatch(/^phk_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.key.slice(0, 12));
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(made.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.key.slice(12));
    const list = await t.app.inject({ method: 'GET', url: `/api/companies/${s.companyId}/api-keys`, headers: s.sup });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.key.slice(12));
    expect(list.json()).toEqual({
      keys: [
        {
          id: made.id,
          companyId: s.companyId,
          name: 'CRM sync',
          prefix: made.prefix,
          scopes: ['contacts:read', 'profiles:read'],
          createdBy: s.supervisor.id,
          createdByEmail: s.supervisor.email,
          createdAt: expect.any(String),
          lastUsedAt: null,
          revokedAt: null,
        },
      ],
    });
    // Using it notes when, at most once a minute.
    expect((await t.app.inject({ method: 'GET', url: '/api/contacts', headers: bearer(made.key) })).statusCode).toBe(200);
    const [used] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(used!.lastUsedAt).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/contacts', headers: bearer(made.key) })).statusCode).toBe(200);
    const [again] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(again!.lastUsedAt).toEqual(used!.lastUsedAt);

    // Another division's supervisor and a plain member see nothing of it; a superadmin may make one.
    const other = await division();
    const member = (await signIn(t.app, s.member.email)).headers;
    for (const headers of [other.sup, member]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/companies/${s.companyId}/api-keys`, headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/companies/${s.companyId}/api-keys/${made.id}`, headers })).statusCode).toBe(404);
      const post = await t.app.inject({
        method: 'POST',
        url: `/api/companies/${s.companyId}/api-keys`,
        headers,
        payload: { name: 'x', scopes: ['profiles:read'] },
      });
      expect(post.statusCode).toBe(404);
    }
    await s.makeKey(['profiles:read'], superadmin, 'Platform');
    const bad = await t.app.inject({ method: 'POST', url: `/api/companies/${s.companyId}/api-keys`, headers: s.sup, payload: { name: ' ', scopes: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining([API_KEY_MESSAGES.nameRequired, API_KEY_MESSAGES.scopesRequired]),
    );
  });

  it('a revoked key is refused at once (401), and revoking is audited', async () => {
    const s = await division();
    const made = await s.makeKey(['profiles:read']);
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(made.key) })).statusCode).toBe(200);
    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/companies/${s.companyId}/api-keys/${made.id}`, headers: s.sup });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(made.key) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(API_KEY_MESSAGES.invalid);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/companies/${s.companyId}/api-keys/${made.id}`, headers: s.sup })).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: `/api/companies/${s.companyId}/api-keys`, headers: s.sup });
    expect(list.json().keys[0].revokedAt).not.toBeNull();
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.companyId, s.companyId));
    const created = audits.find((l) => l.action === 'api_key.created');
    expect(created).toMatchObject({ actorId: s.supervisor.id, target: `company:${s.companyId} api_key:${made.id}` });
    expect(audits.map((l) => l.action)).toContain('api_key.revoked');
    expect(JSON.stringify(audits)).not.toContain(made.key.slice(12));
    // An unknown key, or a hub session token under the key prefix, is refused the same way.
    const unknown = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(`phk_${'x'.repeat(43)}`) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(API_KEY_MESSAGES.invalid);
  });

  it('offboarding the maker ends their keys at once, and reactivating them does not bring the keys back', async () => {
    const s = await division();
    const made = await s.makeKey(['profiles:read']);
    const call = () => t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(made.key) });
    expect((await call()).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/users/${s.supervisor.id}/deactivate`,
      headers: superadmin,
      payload: { companyId: s.companyId },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call()).statusCode).toBe(401);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(row!.revokedAt).not.toBeNull();
    const line = (await t.db.select().from(auditLog).where(eq(auditLog.companyId, s.companyId))).find((l) => l.action === 'member.deactivated');
    expect(line!.meta).toMatchObject({ revokedKeys: 1 });
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/users/${s.supervisor.id}/reactivate`,
      headers: superadmin,
      payload: { companyId: s.companyId },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await call()).statusCode).toBe(401);
  });

  it('a key stops while its maker may not make one: blocked, no longer a supervisor, or the division archived', async () => {
    const s = await division();
    const made = await s.makeKey(['profiles:read']);
    const call = () => t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(made.key) });
    await t.db.update(users).set({ blocked: true }).where(eq(users.id, s.supervisor.id));
    expect((await call()).statusCode).toBe(401);
    await t.db.update(users).set({ blocked: false, role: 'user' }).where(eq(users.id, s.supervisor.id));
    expect((await call()).statusCode).toBe(401);
    await t.db.update(users).set({ role: 'supervisor' }).where(eq(users.id, s.supervisor.id));
    expect((await call()).statusCode).toBe(200);
    await t.db.update(companies).set({ archivedAt: new Date() }).where(eq(companies.id, s.companyId));
    expect((await call()).statusCode).toBe(401);
  });

  it('never reaches the log: made, used, refused and revoked at the most talkative level', async () => {
    const s = await division();
    const made = await s.makeKey(API_KEY_SCOPES);
    await t.app.inject({ method: 'GET', url: '/api/contacts', headers: bearer(made.key) });
    await t.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(made.key) });
    await t.app.inject({ method: 'DELETE', url: `/api/companies/${s.companyId}/api-keys/${made.id}`, headers: s.sup });
    await t.app.inject({ method: 'GET', url: '/api/contacts', headers: bearer(made.key) });
    const log = lines.join('');
    expect(log).toContain('/api/companies');
    expect(log).not.toContain(made.key.slice(4));
    expect(log).not.toContain(made.key.slice(12, 30));
  });
});

describe(`API key limit under 20 requests at once`, () => {
  const MAX = 5;
  let u: TestContext;
  beforeAll(async () => {
    u = await createTestApp({ overrides: { limiter: new RateLimiter(true, { kind: 'memory' }, { [LIMITS.apiKeyPerKey.name]: MAX }) } });
  });
  afterAll(async () => u.close());

  it(`answers exactly ${MAX} of them; the others get 429, and another key is not slowed`, async () => {
    const d = await createTemplateDivision(u.app.deps.db);
    const supervisor = await createUser(u.app, { role: 'supervisor', companyId: d.company.id });
    const sup = (await signIn(u.app, supervisor.email)).headers;
    const make = async () =>
      (
        await u.app.inject({ method: 'POST', url: `/api/companies/${d.company.id}/api-keys`, headers: sup, payload: { name: 'k', scopes: ['profiles:read'] } })
      ).json().key as string;
    const key = await make();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => u.app.inject({ method: 'GET', url: '/api/users', remoteAddress: freshIp(), headers: bearer(key) })),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200).length).toBe(MAX);
    expect(codes.filter((c) => c === 429).length).toBe(20 - MAX);
    expect((await u.app.inject({ method: 'GET', url: '/api/users', headers: bearer(await make()) })).statusCode).toBe(200);
  });
});
