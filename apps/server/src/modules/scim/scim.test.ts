import { createHash } from 'node:crypto';
import { OFFBOARDING_MESSAGES } from '@profilehub/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, companyMembers, profiles, scimTokens, users } from '../../db/schema.ts';
import { LIMITS, RateLimiter } from '../../http/rate-limit.ts';
import { childDetails, createTemplateDivision, createUser, freshIp, PASSWORD, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { SCIM_MESSAGES } from './scim.service.ts';

const t = useTestApp();
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
// biome-ignore lint/suspicious/noExplicitAny: SCIM bodies are read field by field in the assertions
type Json = Record<string, any>;

let superadmin: Record<string, string>;
beforeAll(async () => {
  superadmin = (await signIn(t.app, (await createUser(t.app, { role: 'superadmin' })).email)).headers;
});

let n = 0;
/** A division with its supervisor, a SCIM token the supervisor made, and a second template "Sales". */
async function division() {
  const d = await createTemplateDivision(t.db);
  const companyId = d.company.id;
  const supervisor = await createUser(t.app, { role: 'supervisor', companyId });
  const sup = (await signIn(t.app, supervisor.email)).headers;
  const res = await t.app.inject({ method: 'POST', url: `/api/companies/${companyId}/scim-tokens`, headers: sup, payload: { name: 'Entra ID' } });
  expect(res.statusCode, res.body).toBe(201);
  const token = res.json().token as string;
  const [master] = await t.db.select().from(profiles).where(eq(profiles.id, d.masterId));
  const [sales] = await t.db
    .insert(profiles)
    .values({
      companyId,
      isMaster: true,
      templateName: 'Sales',
      stylingId: master!.stylingId,
      content: {
        ...master!.content,
        mainActionButton: { title: 'Talk to Sales', url: 'https://acme.test/sales', icon: 'calendar', key: 'main-action-button' },
      },
    })
    .returning();
  const host = `${d.company.subdomain}.localhost`;
  const page = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { host } });
  /** A member with a published page under the first template. */
  const person = async (name = 'Jane Doe') => {
    const alias = `scim-${++n}`;
    const u = await createUser(t.app, { companyId, masterProfileId: d.masterId, content: childDetails(name), alias });
    const headers = (await signIn(t.app, u.email)).headers;
    const pub = await t.app.inject({ method: 'PUT', url: `/api/profiles/${u.profileId}/publish`, headers });
    expect(pub.statusCode, pub.body).toBe(200);
    return { ...u, profileId: u.profileId!, alias, headers };
  };
  return { d, companyId, supervisor, sup, token, tokenId: res.json().id as number, salesId: sales!.id, page, person };
}

function scim(token: string | null, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: method as 'GET',
    url: `/scim/v2${url}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}
const patchOp = (...Operations: unknown[]) => ({ schemas: [PATCH], Operations });
const newUser = (email: string, extra: Json = {}) => ({
  schemas: [USER],
  userName: email,
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  active: true,
  ...extra,
});

describe('RFC 7644 conformance: every supported endpoint and error', () => {
  let s: Awaited<ReturnType<typeof division>>;
  let other: Awaited<ReturnType<typeof division>>;
  const c: Json = {};
  beforeAll(async () => {
    s = await division();
    other = await division();
    c.email = `ada-${Date.now()}@example.test`;
    c.outsider = (await createUser(t.app, { companyId: other.companyId })).email;
    c.second = (await createUser(t.app, { companyId: s.companyId })).id;
  });

  type Row = {
    name: string;
    method: string;
    url: () => string;
    body?: () => unknown;
    headers?: () => Record<string, string>;
    token?: () => string | null;
    status: number;
    scimType?: string;
    check?: (body: Json, headers: Record<string, unknown>) => void;
  };
  const TABLE: Row[] = [
    {
      name: 'ServiceProviderConfig',
      method: 'GET',
      url: () => '/ServiceProviderConfig',
      status: 200,
      check: (b) => {
        expect(b.schemas).toEqual(['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig']);
        expect(b).toMatchObject({
          patch: { supported: true },
          bulk: { supported: false },
          filter: { supported: true, maxResults: 200 },
          etag: { supported: true },
        });
        expect(b.authenticationSchemes[0].type).toBe('oauthbearertoken');
      },
    },
    {
      name: 'ResourceTypes',
      method: 'GET',
      url: () => '/ResourceTypes',
      status: 200,
      check: (b) => expect(b.Resources.map((r: Json) => r.id)).toEqual(['User', 'Group']),
    },
    { name: 'ResourceTypes/User', method: 'GET', url: () => '/ResourceTypes/User', status: 200, check: (b) => expect(b.endpoint).toBe('/Users') },
    { name: 'ResourceTypes of an unknown type: 404', method: 'GET', url: () => '/ResourceTypes/Printer', status: 404 },
    { name: 'Schemas', method: 'GET', url: () => '/Schemas', status: 200, check: (b) => expect(b.totalResults).toBe(2) },
    {
      name: 'Schemas/User',
      method: 'GET',
      url: () => `/Schemas/${USER}`,
      status: 200,
      check: (b) => expect(b.attributes.map((a: Json) => a.name)).toContain('userName'),
    },
    { name: 'an unknown endpoint: 404', method: 'GET', url: () => '/Printers', status: 404 },
    {
      name: 'no token: 401',
      method: 'GET',
      url: () => '/Users',
      token: () => null,
      status: 401,
      check: (_b, h) => expect(h['www-authenticate']).toContain('Bearer'),
    },
    { name: 'a wrong token: 401', method: 'GET', url: () => '/Users', token: () => `phscim_${'x'.repeat(43)}`, status: 401 },
    { name: 'a hub session token: 401', method: 'GET', url: () => '/Users', token: () => s.sup.authorization!.slice(7), status: 401 },
    {
      name: 'POST /Users: 201 with Location and ETag',
      method: 'POST',
      url: () => '/Users',
      body: () => newUser(c.email, { externalId: 'ext-1' }),
      status: 201,
      check: (b, h) => {
        c.id = b.id;
        expect(b).toMatchObject({ schemas: [USER], userName: c.email, active: true, externalId: 'ext-1', name: { givenName: 'Ada', familyName: 'Lovelace' } });
        expect(b.emails).toEqual([{ value: c.email, type: 'work', primary: true }]);
        expect(b.groups).toEqual([expect.objectContaining({ value: String(s.d.masterId), display: 'Standard' })]);
        expect(h.location).toBe(`http://hub.test/scim/v2/Users/${b.id}`);
        expect(b.meta).toMatchObject({ resourceType: 'User', location: h.location, version: h.etag });
        expect(String(h.etag)).toMatch(/^W\/".+"$/);
      },
    },
    {
      name: 'POST /Users again: 409 uniqueness',
      method: 'POST',
      url: () => '/Users',
      body: () => newUser(c.email.toUpperCase()),
      status: 409,
      scimType: 'uniqueness',
    },
    {
      name: "POST /Users of another division's person: 409 uniqueness",
      method: 'POST',
      url: () => '/Users',
      body: () => newUser(c.outsider),
      status: 409,
      scimType: 'uniqueness',
      check: (b) => expect(b.detail).toBe(SCIM_MESSAGES.accountExists),
    },
    {
      name: 'POST /Users without userName: 400 invalidValue',
      method: 'POST',
      url: () => '/Users',
      body: () => ({ schemas: [USER] }),
      status: 400,
      scimType: 'invalidValue',
    },
    {
      name: 'POST /Users, userName not an email: 400 invalidValue',
      method: 'POST',
      url: () => '/Users',
      body: () => newUser('ada'),
      status: 400,
      scimType: 'invalidValue',
    },
    {
      name: 'POST /Users, broken JSON: 400 invalidSyntax',
      method: 'POST',
      url: () => '/Users',
      body: () => '{"userName":',
      status: 400,
      scimType: 'invalidSyntax',
    },
    {
      name: 'POST /Users as application/json is read too',
      method: 'POST',
      url: () => '/Users',
      body: () => newUser(`json-${c.email}`),
      headers: () => ({ 'content-type': 'application/json' }),
      status: 201,
    },
    {
      name: 'POST /Users as application/scim+json with a charset',
      method: 'POST',
      url: () => '/Users',
      body: () => newUser(`charset-${c.email}`),
      headers: () => ({ 'content-type': 'application/scim+json; charset=utf-8' }),
      status: 201,
    },
    {
      name: 'GET /Users?filter=userName eq (case-insensitive)',
      method: 'GET',
      url: () => `/Users?filter=${encodeURIComponent(`userName eq "${c.email.toUpperCase()}"`)}`,
      status: 200,
      check: (b) => expect(b).toMatchObject({ schemas: [LIST], totalResults: 1, itemsPerPage: 1, startIndex: 1, Resources: [{ id: c.id }] }),
    },
    {
      name: 'GET /Users?filter=externalId eq',
      method: 'GET',
      url: () => `/Users?filter=${encodeURIComponent('externalId eq "ext-1"')}`,
      status: 200,
      check: (b) => expect(b.Resources.map((r: Json) => r.id)).toEqual([c.id]),
    },
    {
      name: 'GET /Users?filter=userName eq of nobody: empty list',
      method: 'GET',
      url: () => `/Users?filter=${encodeURIComponent('userName eq "nobody@example.test"')}`,
      status: 200,
      check: (b) => expect(b).toMatchObject({ totalResults: 0, Resources: [] }),
    },
    {
      name: 'GET /Users with another filter: 400 invalidFilter',
      method: 'GET',
      url: () => `/Users?filter=${encodeURIComponent('name.givenName sw "A"')}`,
      status: 400,
      scimType: 'invalidFilter',
    },
    {
      name: 'GET /Users pages (startIndex 2, count 1)',
      method: 'GET',
      url: () => '/Users?startIndex=2&count=1',
      status: 200,
      check: (b) => expect(b).toMatchObject({ totalResults: 5, itemsPerPage: 1, startIndex: 2 }),
    },
    {
      name: 'GET /Users?count=0: the total only',
      method: 'GET',
      url: () => '/Users?count=0',
      status: 200,
      check: (b) => expect(b).toMatchObject({ totalResults: 5, Resources: [] }),
    },
    { name: 'GET /Users?count=x: 400 invalidValue', method: 'GET', url: () => '/Users?count=x', status: 400, scimType: 'invalidValue' },
    {
      name: 'GET /Users/{id} with its ETag',
      method: 'GET',
      url: () => `/Users/${c.id}`,
      status: 200,
      check: (b, h) => {
        expect(h.etag).toBe(b.meta.version);
        c.version = b.meta.version;
      },
    },
    { name: 'GET /Users/{id} If-None-Match: 304', method: 'GET', url: () => `/Users/${c.id}`, headers: () => ({ 'if-none-match': c.version }), status: 304 },
    { name: 'GET /Users/{missing}: 404', method: 'GET', url: () => '/Users/99999999', status: 404 },
    { name: 'GET /Users/{not a number}: 404', method: 'GET', url: () => '/Users/abc', status: 404 },
    {
      name: 'PUT /Users/{id}: replaces',
      method: 'PUT',
      url: () => `/Users/${c.id}`,
      body: () => newUser(c.email, { name: { givenName: 'Augusta', familyName: 'King' }, externalId: 'ext-1' }),
      headers: () => ({ 'if-match': c.version }),
      status: 200,
      check: (b, h) => {
        expect(b.name).toMatchObject({ givenName: 'Augusta', familyName: 'King' });
        expect(b.meta.version).not.toBe(c.version);
        expect(h.etag).toBe(b.meta.version);
      },
    },
    {
      name: 'PUT /Users/{id} with a stale If-Match: 412',
      method: 'PUT',
      url: () => `/Users/${c.id}`,
      body: () => newUser(c.email),
      headers: () => ({ 'if-match': c.version }),
      status: 412,
    },
    {
      name: 'PUT /Users/{id} changing userName: 400 mutability',
      method: 'PUT',
      url: () => `/Users/${c.id}`,
      body: () => newUser('other@example.test'),
      status: 400,
      scimType: 'mutability',
    },
    { name: 'PUT /Users/{missing}: 404', method: 'PUT', url: () => '/Users/99999999', body: () => newUser(c.email), status: 404 },
    {
      name: 'PATCH /Users/{id} "Replace" name.givenName (Entra spelling)',
      method: 'PATCH',
      url: () => `/Users/${c.id}`,
      body: () => patchOp({ op: 'Replace', path: 'name.givenName', value: 'Ada' }, { op: 'replace', path: 'displayName', value: 'ignored' }),
      status: 200,
      check: (b) => expect(b.name.givenName).toBe('Ada'),
    },
    {
      name: 'PATCH /Users/{id} without a path',
      method: 'PATCH',
      url: () => `/Users/${c.id}`,
      body: () => patchOp({ op: 'replace', value: { externalId: 'ext-2', 'name.familyName': 'Byron' } }),
      status: 200,
      check: (b, h) => {
        expect(b).toMatchObject({ externalId: 'ext-2', name: { familyName: 'Byron' } });
        c.version = h.etag;
      },
    },
    {
      name: 'PATCH /Users/{id} remove externalId',
      method: 'PATCH',
      url: () => `/Users/${c.id}`,
      body: () => patchOp({ op: 'remove', path: 'externalId' }),
      status: 200,
      check: (b) => expect(b.externalId).toBeUndefined(),
    },
    {
      name: 'PATCH with a stale If-Match: 412',
      method: 'PATCH',
      url: () => `/Users/${c.id}`,
      body: () => patchOp({ op: 'replace', path: 'name.givenName', value: 'X' }),
      headers: () => ({ 'if-match': c.version }),
      status: 412,
    },
    {
      name: 'PATCH with an unknown op: 400 invalidSyntax',
      method: 'PATCH',
      url: () => `/Users/${c.id}`,
      body: () => patchOp({ op: 'move', path: 'active' }),
      status: 400,
      scimType: 'invalidSyntax',
    },
    {
      name: 'PATCH without Operations: 400 invalidSyntax',
      method: 'PATCH',
      url: () => `/Users/${c.id}`,
      body: () => ({ schemas: [PATCH] }),
      status: 400,
      scimType: 'invalidSyntax',
    },
    {
      name: 'PATCH remove without a path: 400 noTarget',
      method: 'PATCH',
      url: () => `/Users/${c.id}`,
      body: () => patchOp({ op: 'remove' }),
      status: 400,
      scimType: 'noTarget',
    },
    {
      name: 'PATCH active to a non-boolean: 400 invalidValue',
      method: 'PATCH',
      url: () => `/Users/${c.id}`,
      body: () => patchOp({ op: 'replace', path: 'active', value: 'maybe' }),
      status: 400,
      scimType: 'invalidValue',
    },
    {
      name: 'PATCH emails to another address: 400 mutability',
      method: 'PATCH',
      url: () => `/Users/${c.id}`,
      body: () => patchOp({ op: 'replace', path: 'emails[type eq "work"].value', value: 'new@example.test' }),
      status: 400,
      scimType: 'mutability',
    },
    {
      name: 'PATCH active "False" (a string, as Entra sends it)',
      method: 'PATCH',
      url: () => `/Users/${c.id}`,
      body: () => patchOp({ op: 'Replace', path: 'active', value: 'False' }),
      status: 200,
      check: (b) => expect(b.active).toBe(false),
    },
    {
      name: 'PATCH active true',
      method: 'PATCH',
      url: () => `/Users/${c.id}`,
      body: () => patchOp({ op: 'replace', value: { active: true } }),
      status: 200,
      check: (b) => expect(b.active).toBe(true),
    },
    {
      name: 'GET /Groups: the templates',
      method: 'GET',
      url: () => '/Groups',
      status: 200,
      check: (b) => expect(b).toMatchObject({ schemas: [LIST], totalResults: 2, Resources: [{ displayName: 'Standard' }, { displayName: 'Sales' }] }),
    },
    {
      name: 'GET /Groups?filter=displayName eq, excludedAttributes=members',
      method: 'GET',
      url: () => `/Groups?filter=${encodeURIComponent('displayName eq "sales"')}&excludedAttributes=members`,
      status: 200,
      check: (b) => {
        expect(b.Resources).toEqual([expect.objectContaining({ id: String(s.salesId), displayName: 'Sales' })]);
        expect(b.Resources[0].members).toBeUndefined();
      },
    },
    {
      name: 'GET /Groups with another filter: 400 invalidFilter',
      method: 'GET',
      url: () => `/Groups?filter=${encodeURIComponent('members eq "1"')}`,
      status: 400,
      scimType: 'invalidFilter',
    },
    {
      name: 'GET /Groups/{id}: members',
      method: 'GET',
      url: () => `/Groups/${s.d.masterId}`,
      status: 200,
      check: (b, h) => {
        expect(b.members.map((m: Json) => m.value)).toContain(c.id);
        expect(h.etag).toBe(b.meta.version);
      },
    },
    { name: "GET /Groups/{another division's template}: 404", method: 'GET', url: () => `/Groups/${other.d.masterId}`, status: 404 },
    {
      name: 'POST /Groups: 501',
      method: 'POST',
      url: () => '/Groups',
      body: () => ({ displayName: 'New' }),
      status: 501,
      check: (b) => expect(b.detail).toBe(SCIM_MESSAGES.groupsAreTemplates),
    },
    { name: 'PUT /Groups/{id}: 501', method: 'PUT', url: () => `/Groups/${s.salesId}`, body: () => ({ displayName: 'New' }), status: 501 },
    { name: 'DELETE /Groups/{id}: 501', method: 'DELETE', url: () => `/Groups/${s.salesId}`, status: 501 },
    {
      name: 'PATCH /Groups/{id} renaming: 400 mutability',
      method: 'PATCH',
      url: () => `/Groups/${s.salesId}`,
      body: () => patchOp({ op: 'replace', path: 'displayName', value: 'Renamed' }),
      status: 400,
      scimType: 'mutability',
    },
    {
      name: 'PATCH /Groups/{id} adding a non-member: 400 invalidValue',
      method: 'PATCH',
      url: () => `/Groups/${s.salesId}`,
      body: () => patchOp({ op: 'add', path: 'members', value: [{ value: '99999999' }] }),
      status: 400,
      scimType: 'invalidValue',
    },
    {
      name: 'PATCH /Groups/{id} with a bad path: 400 invalidPath',
      method: 'PATCH',
      url: () => `/Groups/${s.salesId}`,
      body: () => patchOp({ op: 'add', path: 'owners', value: [] }),
      status: 400,
      scimType: 'invalidPath',
    },
    {
      name: 'PATCH /Groups/{id} externalId (Entra sends the objectId): accepted, not kept',
      method: 'PATCH',
      url: () => `/Groups/${s.salesId}`,
      body: () => patchOp({ op: 'Add', path: 'externalId', value: 'entra-object-id' }),
      status: 200,
      check: (b) => expect(b.displayName).toBe('Sales'),
    },
    {
      name: 'PATCH /Groups/{missing}: 404',
      method: 'PATCH',
      url: () => '/Groups/99999999',
      body: () => patchOp({ op: 'add', path: 'members', value: [] }),
      status: 404,
    },
    { name: 'POST /Bulk: 501', method: 'POST', url: () => '/Bulk', body: () => ({}), status: 501 },
    {
      name: 'DELETE /Users/{id} with a stale If-Match: 412',
      method: 'DELETE',
      url: () => `/Users/${c.id}`,
      headers: () => ({ 'if-match': 'W/"stale"' }),
      status: 412,
    },
    { name: 'DELETE /Users/{id}: 204', method: 'DELETE', url: () => `/Users/${c.id}`, status: 204 },
    { name: 'GET /Users/{deleted}: 404', method: 'GET', url: () => `/Users/${c.id}`, status: 404 },
    { name: 'DELETE /Users/{deleted}: 404', method: 'DELETE', url: () => `/Users/${c.id}`, status: 404 },
  ];

  for (const row of TABLE)
    it(`${row.method} ${row.name} → ${row.status}${row.scimType ? ` ${row.scimType}` : ''}`, async () => {
      const token = row.token ? row.token() : s.token;
      const res = await scim(token, row.method, row.url(), row.body?.(), row.headers?.() ?? {});
      expect(res.statusCode, res.body).toBe(row.status);
      if (row.status === 204 || row.status === 304) return expect(res.body).toBe('');
      expect(res.headers['content-type']).toBe('application/scim+json; charset=utf-8');
      const body = res.json();
      if (row.status >= 400) {
        expect(body).toMatchObject({ schemas: [ERROR], status: String(row.status) });
        expect(typeof body.detail).toBe('string');
        expect(body.scimType).toBe(row.scimType);
      }
      row.check?.(body, res.headers);
    });
});

describe('what SCIM does in the hub', () => {
  it('creating a user makes the account, the membership and a card under the template, without a mail', async () => {
    const s = await division();
    const email = `grace-${Date.now()}@example.test`;
    const res = await scim(s.token, 'POST', '/Users', newUser(email, { name: { givenName: 'Grace', familyName: 'Hopper' }, externalId: 'g-1' }));
    expect(res.statusCode, res.body).toBe(201);
    const id = Number(res.json().id);
    const [account] = await t.db.select().from(users).where(eq(users.id, id));
    expect(account).toMatchObject({ email, firstName: 'Grace', lastName: 'Hopper', role: 'user', registered: false });
    const [member] = await t.db.select().from(companyMembers).where(eq(companyMembers.userId, id));
    expect(member).toMatchObject({ companyId: s.companyId, role: 'member', deactivatedAt: null, scimExternalId: 'g-1' });
    const cards = await t.db.select().from(profiles).where(eq(profiles.userId, id));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ companyId: s.companyId, isMaster: false, masterProfileId: s.d.masterId });
    expect(cards[0]!.content).toMatchObject({ fullName: 'Grace Hopper', emailAddress: email });
    const [line] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'scim.user_created'), eq(auditLog.target, `user:${id} company:${s.companyId}`)));
    expect(line?.actorId).toBe(s.supervisor.id);
    // Created inactive: offboarded at once.
    const off = await scim(s.token, 'POST', '/Users', newUser(`off-${email}`, { active: false }));
    expect(off.statusCode, off.body).toBe(201);
    expect(off.json().active).toBe(false);
  });

  it('PATCH active:false offboards with the division’s outcome (page 410, session 401); active:true restores', async () => {
    const s = await division();
    const jane = await s.person();
    expect((await s.page(`/${jane.alias}`)).statusCode).toBe(200);
    const off = await scim(s.token, 'PATCH', `/Users/${jane.id}`, patchOp({ op: 'replace', path: 'active', value: false }));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().active).toBe(false);
    const page = await s.page(`/${jane.alias}`);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(OFFBOARDING_MESSAGES.goneText);
    expect((await t.app.inject({ method: 'GET', url: '/api/companies/users/me', headers: jane.headers })).statusCode).toBe(401);
    const signInRes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      remoteAddress: freshIp(),
      payload: { identifier: jane.email, password: PASSWORD },
    });
    expect(signInRes.json()).toMatchObject({ code: 'deactivated' });
    const [line] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.deactivated'), eq(auditLog.target, `user:${jane.id} company:${s.companyId}`)));
    expect(line?.actorId).toBe(s.supervisor.id);
    // Deactivating twice is no change (SCIM PATCH is idempotent).
    expect((await scim(s.token, 'PATCH', `/Users/${jane.id}`, patchOp({ op: 'replace', path: 'active', value: false }))).statusCode).toBe(200);

    const on = await scim(s.token, 'PUT', `/Users/${jane.id}`, newUser(jane.email, { name: { givenName: 'Jane', familyName: 'Doe' } }));
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().active).toBe(true);
    expect((await s.page(`/${jane.alias}`)).statusCode).toBe(200);
    expect((await signIn(t.app, jane.email)).jwt).toBeTruthy();
  });

  it('uses the division’s "company" outcome, and "gone" when its default needs a successor SCIM cannot name', async () => {
    const s = await division();
    await t.db.update(companies).set({ offboardingOutcome: 'company' }).where(eq(companies.id, s.companyId));
    const jane = await s.person();
    expect((await scim(s.token, 'PATCH', `/Users/${jane.id}`, patchOp({ op: 'replace', value: { active: false } }))).statusCode).toBe(200);
    const page = await s.page(`/${jane.alias}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(s.d.company.title);
    expect(page.body).not.toContain('Jane Doe');

    await t.db.update(companies).set({ offboardingOutcome: 'successor' }).where(eq(companies.id, s.companyId));
    const leo = await s.person('Leo Lion');
    expect((await scim(s.token, 'PATCH', `/Users/${leo.id}`, patchOp({ op: 'replace', path: 'active', value: false }))).statusCode).toBe(200);
    expect((await s.page(`/${leo.alias}`)).statusCode).toBe(410);
  });

  it('DELETE offboards the person and ends the membership; the page keeps the outcome', async () => {
    const s = await division();
    const jane = await s.person();
    expect((await scim(s.token, 'DELETE', `/Users/${jane.id}`)).statusCode).toBe(204);
    expect(
      await t.db
        .select()
        .from(companyMembers)
        .where(and(eq(companyMembers.userId, jane.id), eq(companyMembers.companyId, s.companyId))),
    ).toEqual([]);
    expect((await s.page(`/${jane.alias}`)).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: '/api/companies/users/me', headers: jane.headers })).statusCode).toBe(401);
  });

  it('a group PATCH moves the member’s card under that template (the published page follows), and back on remove', async () => {
    const s = await division();
    const jane = await s.person();
    expect((await s.page(`/${jane.alias}`)).body).not.toContain('Talk to Sales');
    const add = await scim(s.token, 'PATCH', `/Groups/${s.salesId}`, patchOp({ op: 'Add', path: 'members', value: [{ value: String(jane.id) }] }));
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().members.map((m: Json) => m.value)).toEqual([String(jane.id)]);
    const [card] = await t.db.select().from(profiles).where(eq(profiles.id, jane.profileId));
    expect(card!.masterProfileId).toBe(s.salesId);
    expect(card!.version).toBeGreaterThan(1);
    expect((await scim(s.token, 'GET', `/Users/${jane.id}`)).json().groups).toEqual([expect.objectContaining({ value: String(s.salesId), display: 'Sales' })]);
    expect((await s.page(`/${jane.alias}`)).body).toContain('Talk to Sales');
    const [line] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'scim.template_changed'), eq(auditLog.target, `user:${jane.id} profile:${jane.profileId}`)));
    expect(line?.meta).toMatchObject({ before: { templateId: s.d.masterId }, after: { templateId: s.salesId } });

    // Entra removes a member with a filter in the path.
    const remove = await scim(s.token, 'PATCH', `/Groups/${s.salesId}`, patchOp({ op: 'Remove', path: `members[value eq "${jane.id}"]` }));
    expect(remove.statusCode, remove.body).toBe(200);
    expect(remove.json().members).toEqual([]);
    const [back] = await t.db.select().from(profiles).where(eq(profiles.id, jane.profileId));
    expect(back!.masterProfileId).toBe(s.d.masterId);
    expect((await s.page(`/${jane.alias}`)).body).not.toContain('Talk to Sales');
  });

  it('20 parallel POSTs of the same userName: one created, the rest 409 uniqueness', async () => {
    const s = await division();
    const email = `race-${Date.now()}@example.test`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => scim(s.token, 'POST', '/Users', newUser(email))));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((c) => c === 201)).toHaveLength(1);
    expect(statuses.filter((c) => c === 409)).toHaveLength(19);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json()).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  }, 60_000);
});

describe('malformed input', () => {
  it('never answers 5xx, and answers a SCIM error', async () => {
    const s = await division();
    const jane = await s.person();
    const bad = ['\u0000', '\ud800', 'x'.repeat(5000), '%00', '"', '\\'];
    const failures: string[] = [];
    // A lone surrogate cannot be percent-encoded: its would-be UTF-8 bytes go in the URL instead.
    const enc = (x: string) => (x.includes('\ud800') ? x.replace('\ud800', '%ED%A0%80') : encodeURIComponent(x));
    for (const v of bad) {
      const requests: [string, string, unknown][] = [
        ['POST', '/Users', newUser(`${v}@example.test`)],
        ['POST', '/Users', newUser(`m-${Date.now()}-${failures.length}@example.test`, { name: { givenName: v }, externalId: v })],
        ['PUT', `/Users/${jane.id}`, newUser(jane.email, { name: { givenName: v } })],
        ['PATCH', `/Users/${jane.id}`, patchOp({ op: v, path: v, value: v })],
        ['PATCH', `/Users/${jane.id}`, patchOp({ op: 'replace', path: 'externalId', value: v })],
        ['PATCH', `/Groups/${s.salesId}`, patchOp({ op: 'add', path: 'members', value: [{ value: v }] })],
        ['GET', `/Users?filter=${enc(`userName eq "${v}"`)}&startIndex=${enc(v)}`, undefined],
        ['GET', `/Groups/${enc(v)}`, undefined],
      ];
      for (const [method, url, body] of requests) {
        const res = await scim(s.token, method, url, body);
        // A path Fastify's router cannot read (bad percent-encoding, a too long id) is refused before any SCIM code runs.
        const router = ['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH'].includes(res.json().code);
        if (res.statusCode >= 500 || (res.statusCode >= 400 && !router && res.json().schemas?.[0] !== ERROR))
          failures.push(`${method} ${url.slice(0, 60)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('tokens and divisions', () => {
  it("a token of division A gets 404 for B's users and groups, and cannot create into B", async () => {
    const a = await division();
    const b = await division();
    const bob = await b.person('Bob Builder');
    for (const [method, url, body] of [
      ['GET', `/Users/${bob.id}`, undefined],
      ['PUT', `/Users/${bob.id}`, newUser(bob.email)],
      ['PATCH', `/Users/${bob.id}`, patchOp({ op: 'replace', path: 'active', value: false })],
      ['DELETE', `/Users/${bob.id}`, undefined],
      ['GET', `/Groups/${b.d.masterId}`, undefined],
      ['PATCH', `/Groups/${b.salesId}`, patchOp({ op: 'add', path: 'members', value: [{ value: String(bob.id) }] })],
    ] as const) {
      const res = await scim(a.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ schemas: [ERROR], status: '404' });
    }
    // Filters and lists show A's people only.
    const list = await scim(a.token, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${bob.email}"`)}`);
    expect(list.json().totalResults).toBe(0);
    expect((await scim(a.token, 'GET', '/Users')).body).not.toContain(bob.email);
    // Moving B's person under A's template: not a member of A.
    const move = await scim(a.token, 'PATCH', `/Groups/${a.salesId}`, patchOp({ op: 'add', path: 'members', value: [{ value: String(bob.id) }] }));
    expect(move.statusCode).toBe(400);
    // What A's token creates lands in A, never in B.
    const created = await scim(a.token, 'POST', '/Users', newUser(`a-only-${Date.now()}@example.test`));
    expect(created.statusCode).toBe(201);
    const memberships = await t.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.userId, Number(created.json().id)));
    expect(memberships.map((m) => m.companyId)).toEqual([a.companyId]);
    // Bob is untouched.
    expect((await s2(b, bob.id)).active).toBe(true);
    const [card] = await t.db.select().from(profiles).where(eq(profiles.id, bob.profileId));
    expect(card!.masterProfileId).toBe(b.d.masterId);
  });

  it('a token stops when its maker may no longer make one (offboarded, or the division archived)', async () => {
    const s = await division();
    expect((await scim(s.token, 'GET', '/Users')).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/users/${s.supervisor.id}/deactivate`,
      headers: superadmin,
      payload: { companyId: s.companyId, outcome: 'gone' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await scim(s.token, 'GET', '/Users')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/users/${s.supervisor.id}/reactivate`, headers: superadmin, payload: { companyId: s.companyId } }))
        .statusCode,
    ).toBe(200);
    expect((await scim(s.token, 'GET', '/Users')).statusCode).toBe(200);
    await t.db.update(companies).set({ archivedAt: new Date() }).where(eq(companies.id, s.companyId));
    expect((await scim(s.token, 'GET', '/Users')).statusCode).toBe(401);
  });

  it('a revoked token answers 401; tokens are listed without secrets, stored only as their SHA-256', async () => {
    const s = await division();
    const [row] = await t.db.select().from(scimTokens).where(eq(scimTokens.id, s.tokenId));
    expect(s.token).toMatch(/^phscim_[A-Za-z0-9_-]{43}$/);
    expect(row!.tokenHash).toBe(createHash('sha256').update(s.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(s.token.slice(7));
    const list = await t.app.inject({ method: 'GET', url: `/api/companies/${s.companyId}/scim-tokens`, headers: s.sup });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(s.token.slice(7));
    expect(list.json()).toMatchObject({
      baseUrl: 'http://hub.test/scim/v2',
      tokens: [{ id: s.tokenId, name: 'Entra ID', hint: s.token.slice(-4), revokedAt: null }],
    });

    // Another division's supervisor and a plain member see nothing of it.
    const other = await division();
    const member = await s.person();
    for (const headers of [other.sup, member.headers]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/companies/${s.companyId}/scim-tokens`, headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/companies/${s.companyId}/scim-tokens/${s.tokenId}`, headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `/api/companies/${s.companyId}/scim-tokens`, headers, payload: { name: 'x' } })).statusCode).toBe(404);
    }
    // A superadmin may make one too.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/companies/${s.companyId}/scim-tokens`, headers: superadmin, payload: { name: 'Okta' } })).statusCode,
    ).toBe(201);

    expect((await scim(s.token, 'GET', '/Users')).statusCode).toBe(200);
    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/companies/${s.companyId}/scim-tokens/${s.tokenId}`, headers: s.sup });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const refused = await scim(s.token, 'GET', '/Users');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ schemas: [ERROR], status: '401', detail: SCIM_MESSAGES.badToken });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/companies/${s.companyId}/scim-tokens/${s.tokenId}`, headers: s.sup })).statusCode).toBe(404);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.companyId, s.companyId))).map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(['scim_token.created', 'scim_token.revoked']));
  });
});

async function s2(d: Awaited<ReturnType<typeof division>>, userId: number) {
  return (await scim(d.token, 'GET', `/Users/${userId}`)).json() as Json;
}

describe('limits on SCIM', () => {
  const limited = useTestApp({
    overrides: { limiter: new RateLimiter(true, { kind: 'memory' }, { [LIMITS.scimPerToken.name]: 5, [LIMITS.scimRefusedPerIp.name]: 3 }) },
  });
  const call = (token: string, ip: string) =>
    limited.app.inject({ method: 'GET', url: '/scim/v2/Users', remoteAddress: ip, headers: { authorization: `Bearer ${token}` } });
  const counts = (answers: { statusCode: number }[]) => ({
    ok: answers.filter((r) => r.statusCode === 200).length,
    refused: answers.filter((r) => r.statusCode === 401).length,
    limited: answers.filter((r) => r.statusCode === 429).length,
    other: answers.filter((r) => ![200, 401, 429].includes(r.statusCode)).length,
  });

  it('hold under 20 parallel requests: a token’s own limit, and wrong tokens from one address', async () => {
    const d = await createTemplateDivision(limited.db);
    const supervisor = await createUser(limited.app, { role: 'supervisor', companyId: d.company.id });
    const sup = (await signIn(limited.app, supervisor.email)).headers;
    const made = await limited.app.inject({ method: 'POST', url: `/api/companies/${d.company.id}/scim-tokens`, headers: sup, payload: { name: 'Okta' } });
    expect(made.statusCode, made.body).toBe(201);
    const token = made.json().token as string;

    // Spread over 20 addresses: the token's limit counts the token, wherever its calls come from.
    const own = await Promise.all(Array.from({ length: 20 }, () => call(token, freshIp())));
    expect(counts(own)).toEqual({ ok: 5, refused: 0, limited: 15, other: 0 });
    const tooMany = own.find((r) => r.statusCode === 429)!;
    // When the window lets the token in again (15 minutes at most): what Entra ID and Okta wait for.
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(tooMany.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(tooMany.json()).toMatchObject({ schemas: [ERROR], status: '429' });

    // Wrong tokens from one address: three are refused as wrong, the other seventeen as too many.
    const ip = freshIp();
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => call(`${token.slice(0, -4)}${String(i).padStart(4, '0')}`, ip)));
    expect(counts(guesses)).toEqual({ ok: 0, refused: 3, limited: 17, other: 0 });
  });
});
