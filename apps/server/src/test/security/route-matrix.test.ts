/**
 * Every route of the OpenAPI document, every kind of caller: anonymous callers get 401
 * unless the route is on the public list below, and callers of one division aimed at
 * another division's things never get a 2xx. A route that is on neither list fails this
 * suite until someone classifies it — secure by default, kept that way by a test.
 */
import { QUERY_REPORTS, REPORT_MESSAGES } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvals, importJobs, leadForms, leadSubmissions, permissionRecords, profileStylings, templateRebuilds, uploads, users } from '../../db/schema.ts';
import { UNCONFIRMED_MESSAGE } from '../../http/auth.ts';
import { childDetails, createTemplateDivision, createUser, freshIp, multipartBody, signIn } from '../factories.ts';
import { useTestApp } from '../harness.ts';

/** Routes anyone may call (method and OpenAPI path). */
const PUBLIC_OPERATIONS = new Set([
  'GET /api/health',
  'GET /api/white-label',
  'POST /api/events',
  'POST /api/lead-forms/submit/{profileId}',
  // The public page's contact exchange (issue #29, exchange.test.ts): a published page's form and its submit.
  'GET /api/contacts/exchange/{profileId}',
  'POST /api/contacts/exchange/{profileId}',
  'POST /api/auth/local',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/auth/google/callback',
  'POST /api/auth/google/ticket',
  'GET /api/connect/google',
  'GET /api/connect/google/callback',
  // Company single sign-on (issue #28, sso.test.ts): discovery by email, the redirect to the provider, its way back, the ticket.
  'POST /api/auth/sso/discover',
  'GET /api/auth/sso/start',
  'GET /api/auth/sso/callback',
  'POST /api/auth/sso/ticket',
  // SAML 2.0 (saml.test.ts): the hub's SP metadata (derived from PUBLIC_URL alone, no division data) and the IdP's form post.
  'GET /api/auth/saml/{companyId}/metadata',
  'POST /api/auth/saml/acs',
  'GET /api/profiles/register-completed',
  'POST /api/profiles/generate-otp',
  'POST /api/profiles/generate-login-otp',
  'POST /api/profiles/verify-otp',
  'POST /api/profiles/link',
  // Passkey sign-in and the second step after a password (passkeys.routes.test.ts, e2e passkeys.spec.ts).
  'POST /api/auth/passkey/options',
  'POST /api/auth/passkey',
  'POST /api/auth/second-factor/code',
  'POST /api/auth/second-factor/verify',
  // First run: answers needed:false once set up; the POST needs the one-time token (setup.routes.test.ts).
  'GET /api/setup',
  'POST /api/setup',
  // Caddy's on-demand TLS ask: answers loopback peers only, 200 for verified division domains alone (domains.routes.test.ts).
  'GET /api/domains/ask',
  // Apple Wallet's web service (issue #30, wallet.test.ts): a pass's own token authorises the calls about it (401 without),
  // the phone's device library identifier the list of its passes (serial numbers and a time, no card data); the log takes text only.
  'POST /api/wallet/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}',
  'DELETE /api/wallet/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}',
  'GET /api/wallet/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}',
  'GET /api/wallet/apple/v1/passes/{passTypeIdentifier}/{serialNumber}',
  'POST /api/wallet/apple/v1/log',
]);

/**
 * SCIM provisioning (decision 023): outside the hub's sign-in, each needs a division's SCIM token
 * (anonymous callers and hub sessions get 401 with a SCIM error); scim.test.ts proves a token of one
 * division never reaches another's people or templates.
 */
const SCIM_OPERATIONS = new Set([
  'GET /scim/v2/ServiceProviderConfig',
  'GET /scim/v2/ResourceTypes',
  'GET /scim/v2/ResourceTypes/{id}',
  'GET /scim/v2/Schemas',
  'GET /scim/v2/Schemas/{id}',
  'GET /scim/v2/Users',
  'POST /scim/v2/Users',
  'GET /scim/v2/Users/{id}',
  'PUT /scim/v2/Users/{id}',
  'PATCH /scim/v2/Users/{id}',
  'DELETE /scim/v2/Users/{id}',
  'GET /scim/v2/Groups',
  'POST /scim/v2/Groups',
  'GET /scim/v2/Groups/{id}',
  'PUT /scim/v2/Groups/{id}',
  'PATCH /scim/v2/Groups/{id}',
  'DELETE /scim/v2/Groups/{id}',
  'POST /scim/v2/Bulk',
]);

/**
 * What another division's thing is, for each signed-in route: the path's id, and the
 * body that names it. `own` routes act on the caller alone (no other division's id to aim at).
 */
type Target = {
  kind:
    | 'profile'
    | 'template'
    | 'approval'
    | 'leadForm'
    | 'permission'
    | 'styling'
    | 'upload'
    | 'company'
    | 'user'
    | 'importJob'
    | 'templateRebuild'
    | 'contact'
    | 'own';
  body?: (b: Ids) => unknown;
  query?: (b: Ids) => string;
};
type Ids = {
  profile: number;
  template: number;
  approval: number;
  leadForm: number;
  permission: number;
  styling: number;
  upload: number;
  company: number;
  user: number;
  importJob: number;
  templateRebuild: number;
  contact: number;
};
const TARGETS: Record<string, Target> = {
  'POST /api/account/delete-code': { kind: 'own' },
  'POST /api/account/delete': { kind: 'own' },
  'GET /api/account/notifications': { kind: 'own' },
  'PUT /api/account/notifications': { kind: 'own' },
  // Passkeys are scoped to their owner in the query; another person's id answers 404 (passkeys.routes.test.ts).
  'GET /api/account/passkeys': { kind: 'own' },
  'POST /api/account/passkeys/options': { kind: 'own' },
  'POST /api/account/passkeys': { kind: 'own' },
  'PATCH /api/account/passkeys/{id}': { kind: 'own' },
  'DELETE /api/account/passkeys/{id}': { kind: 'own' },
  'PUT /api/account/second-factor': { kind: 'own' },
  'GET /api/approvals': { kind: 'own' },
  'POST /api/approvals': { kind: 'profile', body: (b) => ({ profileId: b.profile, targetProfile: b.profile }) },
  'GET /api/approvals/count': { kind: 'own' },
  'PUT /api/approvals/respond/{id}': { kind: 'approval', body: () => ({ approved: true, rebuild: true }) },
  'PUT /api/approvals/single/{id}': { kind: 'approval', body: () => ({ approved: null, requestedAt: new Date().toISOString() }) },
  // The audit log: superadmins only (audit.routes.test.ts); every other caller gets 403.
  'GET /api/audit': { kind: 'own' },
  'GET /api/audit/export': { kind: 'own' },
  'GET /api/auth/logout': { kind: 'own' },
  'GET /api/companies': { kind: 'own' },
  // Contacts (issue #29): a person's own, a supervisor's divisions' (contacts.routes.test.ts); another's answers 404.
  'GET /api/contacts': { kind: 'own' },
  'GET /api/contacts/export': { kind: 'own' },
  'POST /api/contacts/erase': { kind: 'own' },
  'GET /api/contacts/vcard': { kind: 'contact', query: (b) => `ids=${b.contact}` },
  'GET /api/contacts/{id}': { kind: 'contact' },
  'PATCH /api/contacts/{id}': { kind: 'contact', body: () => ({ notes: 'Taken over' }) },
  'DELETE /api/contacts/{id}': { kind: 'contact' },
  // Card scanning (scan.routes.test.ts): a contact is added only on a profile whose contacts the caller sees.
  'POST /api/contacts': { kind: 'profile', body: (b) => ({ name: 'Taken over', profileId: b.profile }) },
  'POST /api/contacts/scan': { kind: 'profile', query: (b) => `profileId=${b.profile}` },
  'GET /api/contacts/{id}/card': { kind: 'contact' },
  // The divisions console: superadmins only (companies-console.routes.test.ts); every other caller gets 403.
  'GET /api/companies/console': { kind: 'own' },
  'GET /api/companies/console/{id}': { kind: 'company' },
  'POST /api/companies': { kind: 'company', body: () => ({ title: 'Not yours', subdomain: 'not-yours' }) },
  // A division's own domain: superadmins only (domains.routes.test.ts); every other caller gets 403.
  'GET /api/companies/{id}/domain': { kind: 'company' },
  'PUT /api/companies/{id}/domain': { kind: 'company', body: () => ({ domain: 'taken-over.example.com' }) },
  'DELETE /api/companies/{id}/domain': { kind: 'company' },
  'GET /api/companies/{id}/sso': { kind: 'company' },
  'PUT /api/companies/{id}/sso': {
    kind: 'company',
    body: () => ({ issuer: 'https://idp.example.com', clientId: 'c', clientSecret: 's', allowedDomains: ['taken-over.example.com'], required: true }),
  },
  'DELETE /api/companies/{id}/sso': { kind: 'company' },
  // SCIM tokens: superadmins and the division's supervisors (scim.test.ts).
  'GET /api/companies/{id}/scim-tokens': { kind: 'company' },
  'POST /api/companies/{id}/scim-tokens': { kind: 'company', body: () => ({ name: 'Not yours' }) },
  'DELETE /api/companies/{id}/scim-tokens/{tokenId}': { kind: 'company' },
  // The public API's keys (decision 027): superadmins and the division's supervisors (api-keys.test.ts).
  'GET /api/companies/{id}/api-keys': { kind: 'company' },
  'POST /api/companies/{id}/api-keys': { kind: 'company', body: () => ({ name: 'Not yours', scopes: ['profiles:read'] }) },
  'DELETE /api/companies/{id}/api-keys/{keyId}': { kind: 'company' },
  // Webhooks: superadmins and the division's supervisors (webhooks.test.ts).
  'GET /api/companies/{id}/webhooks': { kind: 'company' },
  'POST /api/companies/{id}/webhooks': { kind: 'company', body: () => ({ url: 'https://example.com/hook', events: ['profile.published'] }) },
  'PATCH /api/companies/{id}/webhooks/{hookId}': { kind: 'company', body: () => ({ enabled: false }) },
  'DELETE /api/companies/{id}/webhooks/{hookId}': { kind: 'company' },
  'POST /api/companies/{id}/webhooks/{hookId}/rotate-secret': { kind: 'company' },
  'POST /api/companies/{id}/webhooks/{hookId}/test': { kind: 'company' },
  'GET /api/companies/{id}/webhooks/{hookId}/deliveries': { kind: 'company' },
  'POST /api/companies/{id}/domain/verify': { kind: 'company' },
  'PATCH /api/companies/{id}': { kind: 'company', body: () => ({ updatedAt: new Date().toISOString(), title: 'Taken over' }) },
  'POST /api/companies/{id}/archive': { kind: 'company' },
  'POST /api/companies/{id}/restore': { kind: 'company' },
  // A division's export and deletion: superadmins only (division-delete.test.ts), refused before the body is read.
  'POST /api/companies/{id}/exports': { kind: 'company' },
  'GET /api/companies/{id}/exports': { kind: 'company' },
  'GET /api/companies/{id}/exports/{exportId}': { kind: 'company' },
  'GET /api/companies/{id}/exports/{exportId}/download': { kind: 'company' },
  'GET /api/companies/{id}/signatures.zip': { kind: 'company' },
  'DELETE /api/companies/{id}': { kind: 'company', body: () => ({ confirm: 'Not yours' }) },
  'POST /api/companies/{id}/preview': { kind: 'company', body: () => ({ whiteLabel: { title: 'Not yours' } }) },
  'GET /api/companies/training-video/{companyId}': { kind: 'company' },
  'GET /api/companies/users/me': { kind: 'own' },
  'GET /api/jwts/verify': { kind: 'own' },
  'GET /api/lead-forms': { kind: 'own' },
  'POST /api/lead-forms': { kind: 'profile', body: (b) => ({ data: { profileId: b.profile } }) },
  'PUT /api/lead-forms/{id}': { kind: 'leadForm', body: () => ({ data: { title: 'Taken over' } }) },
  'POST /api/permissions': { kind: 'template', body: (b) => ({ data: { profileId: b.template, permissions: [], title: 'x' } }) },
  'PUT /api/permissions/{id}': { kind: 'permission', body: () => ({ data: { permissions: [] } }) },
  'DELETE /api/permissions/{id}/entries': { kind: 'permission' },
  'POST /api/profile-banners': { kind: 'profile', body: (b) => ({ data: { profileId: b.profile, type: 'image', slider: [] } }) },
  'DELETE /api/profile-banners/{id}': { kind: 'profile', query: (b) => `profileId=${b.profile}` },
  'GET /api/profile-banners/{id}': { kind: 'profile', query: (b) => `profileId=${b.profile}` },
  'PUT /api/profile-banners/{id}': { kind: 'profile', body: (b) => ({ data: { profileId: b.profile, type: 'image', slider: [] } }) },
  'DELETE /api/profile-modifications/images': { kind: 'profile', body: (b) => ({ profile: b.profile, img_url: '/uploads/x.png' }) },
  'POST /api/profile-modifications/images': { kind: 'profile', body: (b) => ({ profile: b.profile, img_url: '/uploads/x.png', img_id: b.upload }) },
  'PUT /api/profile-stylings/{id}': { kind: 'styling', body: () => ({ data: { cssPlug: 'body{}' } }) },
  'GET /api/profile-stylings/default-themes': { kind: 'own' },
  'POST /api/profiles': { kind: 'company', body: (b) => ({ companyId: b.company, isMaster: false }) },
  'DELETE /api/profiles/{id}': { kind: 'profile' },
  'GET /api/profiles/{id}': { kind: 'profile' },
  'PATCH /api/profiles/{id}': { kind: 'profile', body: () => ({ version: 1, changes: { jobTitle: 'Taken over' } }) },
  'PUT /api/profiles/{id}': { kind: 'profile', body: () => ({ version: 1, content: { jobTitle: 'Taken over' } }) },
  'PUT /api/profiles/{id}/alias': { kind: 'profile', body: () => ({ alias: 'taken-over' }) },
  'POST /api/profiles/{id}/alias/test': { kind: 'profile', body: () => ({ alias: 'taken-over' }) },
  'PUT /api/profiles/{id}/publish': { kind: 'profile' },
  'GET /api/profiles/{id}/signature': { kind: 'profile' },
  'POST /api/profiles/{id}/rollback': { kind: 'profile' },
  'PUT /api/profiles/{id}/unpublish': { kind: 'profile' },
  'POST /api/profiles/create-profile': {
    kind: 'company',
    body: (b) => ({ company: b.company, masterProfile: b.template, person: { first_name: 'New' }, userAccountEmail: 'new-person@example.test' }),
  },
  'POST /api/profiles/rebuild-children/{id}': { kind: 'template' },
  'GET /api/profiles/rebuilds/{id}': { kind: 'templateRebuild' },
  'POST /api/profiles/setup': { kind: 'own' },
  'GET /api/profiles/validateAlias': { kind: 'own' },
  'GET /api/purchase-histories': { kind: 'own' },
  'GET /api/reports/lead-forms': { kind: 'own' },
  'GET /api/reports/overview': { kind: 'own' },
  'GET /api/reports/query/{report}': { kind: 'own' },
  'GET /api/reports/view-sources': { kind: 'own' },
  'GET /api/templates': { kind: 'own' },
  'POST /api/upload': { kind: 'own' },
  'DELETE /api/upload/files/{id}': { kind: 'upload' },
  'GET /api/users': { kind: 'own' },
  'POST /api/users': {
    kind: 'company',
    body: (b) => ({ email: 'new-person@example.test', name: 'New Person', company: b.company, masterProfile: b.template }),
  },
  'GET /api/users/alias-available': { kind: 'own' },
  'GET /api/users/divisions': { kind: 'own' },
  'GET /api/users/export': { kind: 'own' },
  // The staff import answers per row: a row naming another division fails as unknown (staff-import.routes.test.ts).
  'POST /api/users/import': { kind: 'own' },
  'POST /api/users/import/preview': { kind: 'own' },
  'GET /api/users/import/{id}': { kind: 'importJob' },
  'GET /api/users/import/{id}/result': { kind: 'importJob' },
  'GET /api/users/suggestions': { kind: 'own' },
  // Role changes: the other division's person in their division (roles.routes.test.ts); platform staff: superadmins only.
  'PUT /api/users/{id}/role': { kind: 'user', body: (b) => ({ companyId: b.company, role: 'supervisor' }) },
  // Offboarding: the other division's person in their division (offboarding.routes.test.ts).
  'POST /api/users/{id}/deactivate': { kind: 'user', body: (b) => ({ companyId: b.company, outcome: 'gone' }) },
  'POST /api/users/{id}/reactivate': { kind: 'user', body: (b) => ({ companyId: b.company }) },
  'GET /api/superadmins': { kind: 'own' },
  'POST /api/superadmins': { kind: 'user', body: () => ({ email: 'someone@example.test' }) },
  'DELETE /api/superadmins/{id}': { kind: 'user' },
};

const t = useTestApp();
let b: Ids;
/** Strings only the other division's data holds: no answer to a caller of this division may contain one. */
let bMarkers: string[] = [];
const actors: { name: string; headers: Record<string, string> }[] = [];
beforeAll(async () => {
  const db = t.db;
  const a = await createTemplateDivision(db, { flags: { approvals: true, templates: true, permissions: true, style_editing: true } });
  const other = await createTemplateDivision(db, { flags: { approvals: true, templates: true, permissions: true, style_editing: true } });
  const bUser = await createUser(t.app, { companyId: other.company.id, masterProfileId: other.masterId, content: childDetails() });
  const [approval] = await db.insert(approvals).values({ profileId: bUser.profileId!, companyId: other.company.id }).returning();
  const [form] = await db
    .insert(leadForms)
    .values({ profileId: bUser.profileId!, companyId: other.company.id, formId: `b-${Date.now()}`, title: 'B', fields: [] })
    .returning();
  const [permission] = await db.insert(permissionRecords).values({ profileId: other.masterId, kind: 'child', title: 'B', permissions: [] }).returning();
  const [styling] = await db
    .insert(profileStylings)
    .values({ companyId: other.company.id, name: `b-theme-${other.company.subdomain}` })
    .returning();
  const [upload] = await db
    .insert(uploads)
    .values({
      companyId: other.company.id,
      userId: bUser.id,
      storageKey: `${'b'.repeat(32)}.png`,
      url: `/uploads/${'b'.repeat(32)}.png`,
      mime: 'image/png',
      size: 1,
      purpose: 'general',
    })
    .returning();
  const [contact] = await db
    .insert(leadSubmissions)
    .values({
      profileId: bUser.profileId!,
      companyId: other.company.id,
      data: { name: `b-visitor-${other.company.subdomain}`, email: 'b-visitor@example.test' },
    })
    .returning();
  // The other division's staff import, done (its result file lists the other division's person).
  const [importJob] = await db
    .insert(importJobs)
    .values({
      createdBy: null,
      companyIds: [other.company.id],
      actor: { userId: bUser.id, role: 'superadmin', companyIds: [], supervisedCompanyIds: [] },
      fileName: 'b.csv',
      mapping: {},
      notify: false,
      state: 'done',
      total: 0,
    })
    .returning();
  // The other division's rebuild of its template's children, done.
  const [templateRebuild] = await db
    .insert(templateRebuilds)
    .values({ companyId: other.company.id, masterId: other.masterId, createdBy: null, state: 'done' })
    .returning();
  b = {
    importJob: importJob!.id,
    templateRebuild: templateRebuild!.id,
    profile: bUser.profileId!,
    template: other.masterId,
    approval: approval!.id,
    leadForm: form!.id,
    permission: permission!.id,
    styling: styling!.id,
    upload: upload!.id,
    company: other.company.id,
    user: bUser.id,
    contact: contact!.id,
  };
  bMarkers = [other.company.subdomain, bUser.email, form!.formId, styling!.name, 'b-visitor@example.test'];
  for (const [name, o] of [
    ['user', { companyId: a.company.id, masterProfileId: a.masterId, content: childDetails() }],
    ['supervisor', { role: 'supervisor', companyId: a.company.id }],
  ] as const) {
    const u = await createUser(t.app, o);
    actors.push({ name, headers: (await signIn(t.app, u.email)).headers });
  }
  // An account that has not set its password yet (signed in, confirmed = false).
  const pending = await createUser(t.app, { role: 'supervisor', companyId: a.company.id });
  const headers = (await signIn(t.app, pending.email)).headers;
  await db.update(users).set({ confirmed: false }).where(eq(users.id, pending.id));
  actors.push({ name: 'unconfirmed', headers });
});

const operations = () => {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
};

describe('the route × caller matrix', () => {
  it('every route is either public or classified here (a new route fails until it is)', async () => {
    await t.app.ready();
    const unclassified = operations().filter((op) => !PUBLIC_OPERATIONS.has(op) && !SCIM_OPERATIONS.has(op) && !(op in TARGETS));
    expect(unclassified, 'classify these routes in route-matrix.test.ts (public, or what they act on)').toEqual([]);
  });

  it('anonymous callers get 401 from every route that is not public', async () => {
    const failures: string[] = [];
    for (const op of operations().filter((o) => !PUBLIC_OPERATIONS.has(o))) {
      const [method, path] = op.split(' ') as [string, string];
      const res = await t.app.inject({
        method: method as 'GET',
        url: path.replace(/\{\w+\}/g, '1'),
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      if (res.statusCode !== 401) failures.push(`${op} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('SCIM routes refuse hub sessions: only a SCIM token opens them (401 with a SCIM error)', async () => {
    const failures: string[] = [];
    for (const op of SCIM_OPERATIONS) {
      const [method, path] = op.split(' ') as [string, string];
      for (const actor of actors) {
        const res = await t.app.inject({ method: method as 'GET', url: path.replace(/\{\w+\}/g, '1'), headers: actor.headers, remoteAddress: freshIp() });
        if (res.statusCode !== 401 || res.json<{ schemas?: string[] }>().schemas?.[0] !== 'urn:ietf:params:scim:api:messages:2.0:Error')
          failures.push(`${actor.name}: ${op} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("callers of one division aimed at another division's things never get a 2xx", async () => {
    const failures: string[] = [];
    /** Confirmed callers' pairs: past the set-your-password gate, into the route's own checks (by status). */
    const reached = new Map<number, number>();
    /** The unconfirmed caller's pairs: refused by the gate before any tenancy code runs — a case of its own. */
    let gated = 0;
    for (const [op, target] of Object.entries(TARGETS)) {
      if (target.kind === 'own') continue;
      const [method, path] = op.split(' ') as [string, string];
      const id = b[target.kind];
      const url = path.replace(/\{\w+\}/g, String(id)) + (target.query ? `?${target.query(b)}` : '');
      for (const actor of actors) {
        const body = target.body?.(b);
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: actor.headers,
          ...(body === undefined ? {} : { payload: body as object }),
        });
        if (bMarkers.some((m) => res.body.includes(m))) failures.push(`${actor.name}: ${op} answered with the other division's data`);
        const gate = res.statusCode === 403 && res.json<{ message?: string }>().message === UNCONFIRMED_MESSAGE;
        if (actor.name === 'unconfirmed') {
          // Refused at the gate, whatever it aimed at: proves the gate, not the route's tenancy checks.
          gated++;
          if (!gate) failures.push(`unconfirmed: ${op} → ${res.statusCode} ${res.body.slice(0, 100)} (expected the set-your-password 403)`);
          continue;
        }
        reached.set(res.statusCode, (reached.get(res.statusCode) ?? 0) + 1);
        // Refused as such: 404 (it does not exist for you) or 403 (a role the route needs) — never a 2xx, never
        // the unconfirmed gate (these callers are confirmed), and never a 400 that would mean the body was
        // checked before the caller was.
        if ((res.statusCode !== 404 && res.statusCode !== 403) || gate) failures.push(`${actor.name}: ${op} → ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    const pairs = [...reached.values()].reduce((n, c) => n + c, 0);
    console.log(
      `route × confirmed caller pairs aimed at another division, past the sign-in and password gates: ${pairs} (${[...reached]
        .map(([status, n]) => `${n} × ${status}`)
        .join(', ')}); the unconfirmed caller, refused at the set-your-password gate: ${gated}`,
    );
    expect(pairs).toBeGreaterThanOrEqual(80);
    expect(gated).toBe(pairs / 2);
    expect(failures).toEqual([]);
    // Nothing of the other division changed.
    const [still] = await t.app.deps.db.select().from(approvals).where(eq(approvals.id, b.approval));
    expect(still?.approved).toBeNull();
  }, 120_000);

  it("lists and reports never show another division's data", async () => {
    const failures: string[] = [];
    // Every read of the caller's own lists (signing out would end the callers' sessions).
    const reads = Object.entries(TARGETS).filter(([op, target]) => target.kind === 'own' && op.startsWith('GET ') && op !== 'GET /api/auth/logout');
    expect(reads.length).toBeGreaterThanOrEqual(15);
    console.log(`list reads checked for another division's data: ${reads.length} routes (the reports one per report) × ${actors.length} callers × 5 queries`);
    // Every report by its real name (a made-up one is refused 400 before any data is read).
    const paths = reads.flatMap(([op]) => (op.includes('{report}') ? QUERY_REPORTS.map((r) => op.slice(4).replace('{report}', r)) : [op.slice(4)]));
    let answered = 0;
    for (const path of paths) {
      for (const actor of actors) {
        const res = await t.app.inject({ method: 'GET', url: path, headers: actor.headers });
        if (res.statusCode >= 500 || (path.startsWith('/api/reports/query/') && res.statusCode === 400))
          failures.push(`${actor.name}: ${path} → ${res.statusCode} ${res.body.slice(0, 100)}`);
        if (res.statusCode === 200) answered++;
        const leaked = bMarkers.filter((m) => res.body.includes(m));
        if (leaked.length) failures.push(`${actor.name}: ${path} shows ${leaked.join(', ')}`);
        // The same lists asked for the other division by name or id.
        for (const query of [`companyId=${b.company}`, `company=${b.company}`, `profileId=${b.profile}`, `q=${bMarkers[0]}`]) {
          const aimed = await t.app.inject({ method: 'GET', url: `${path}?${query}`, headers: actor.headers });
          if (aimed.statusCode >= 500) failures.push(`${actor.name}: ${path}?${query} → ${aimed.statusCode}`);
          if (aimed.statusCode < 300 && bMarkers.some((m) => aimed.body.includes(m))) failures.push(`${actor.name}: ${path}?${query} shows the other division`);
        }
      }
    }
    console.log(`own reads answered 200: ${answered} of ${paths.length * actors.length}`);
    // The reports really ran for the confirmed callers: each answered 200 to at least one of them, but the
    // average over every division, which only superadmins may see (refused 403 as such, not as a bad name).
    for (const report of QUERY_REPORTS) {
      const answers: { status: number; message?: string }[] = [];
      for (const actor of actors.filter((a) => a.name !== 'unconfirmed')) {
        const res = await t.app.inject({ method: 'GET', url: `/api/reports/query/${report}`, headers: actor.headers });
        answers.push({ status: res.statusCode, message: res.json<{ message?: string }>().message });
      }
      const superadminOnly = answers.every((a) => a.status === 403 && a.message === REPORT_MESSAGES.superadminOnly);
      if (!answers.some((a) => a.status === 200) && !(report === 'average_interactions' && superadminOnly))
        failures.push(`report ${report} answered ${answers.map((a) => a.status).join(', ')} to the confirmed callers`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("an upload aimed at another division's profile is refused before any byte is stored", async () => {
    for (const actor of actors) {
      const body = multipartBody([
        { name: 'purpose', value: 'general' },
        { name: 'profileId', value: String(b.profile) },
        { name: 'files', filename: 'a.png', data: Buffer.from('not read') },
      ]);
      const res = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...actor.headers, ...body.headers }, payload: body.payload });
      expect([403, 404], `${actor.name}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
    const rows = await t.app.deps.db.select().from(uploads).where(eq(uploads.profileId, b.profile));
    expect(rows).toEqual([]);
  });

  it('every route on the public list exists (a removed route leaves no stale exception)', async () => {
    const all = new Set(operations());
    expect([...PUBLIC_OPERATIONS, ...SCIM_OPERATIONS].filter((op) => !all.has(op))).toEqual([]);
    expect(Object.keys(TARGETS).filter((op) => !all.has(op))).toEqual([]);
  });
});
