/**
 * SCIM 2.0 provisioning (RFC 7643/7644; issue #28, decision 023). A bearer token decides the
 * division; its Users are the division's members, its Groups the division's templates. Creating a
 * user makes the account, its membership and its card under the division's first template (as an
 * invitation does, without the mail); `active:false` offboards the person (decision 022) with the
 * division's outcome, `active:true` restores them; a group's members are the people whose card is
 * under that template, so adding someone to a group moves their card there.
 */
import { createHash } from 'node:crypto';
import { EmailSchema, type OffboardingOutcome } from '@profilehub/shared';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { type Actor, scimActor } from '../../http/policy.ts';
import { audit } from '../audit/audit.service.ts';
import { userByEmail } from '../auth/auth.queries.ts';
import { companyRowById } from '../companies/companies.queries.ts';
import { inviteTemplateId } from '../invitations/invitations.queries.ts';
import { createInvitees } from '../invitations/invitations.service.ts';
import { isUniqueViolation } from '../profiles/profiles.queries.ts';
import { REBUILD_CHILDREN_JOB, type RebuildCounts } from '../publishing/publishing.service.ts';
import { divisionOutcome } from '../users/offboarding.queries.ts';
import { deactivateMember, reactivateMember } from '../users/offboarding.service.ts';
import {
  deleteMembership,
  divisionTemplates,
  type MemberFilter,
  moveMemberCards,
  type ScimMember,
  type ScimTokenRow,
  scimMember,
  scimMembers,
  setExternalId,
  setMemberNames,
  templateMembers,
} from './scim.queries.ts';

export const SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  config: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** The most resources one page answers (ServiceProviderConfig filter.maxResults). */
export const MAX_RESULTS = 200;

type ScimType = 'invalidFilter' | 'invalidSyntax' | 'invalidPath' | 'invalidValue' | 'mutability' | 'uniqueness' | 'tooMany' | 'noTarget';

/** An error as RFC 7644 §3.12 answers it. */
export class ScimError extends Error {
  readonly status: number;
  readonly scimType: ScimType | undefined;
  constructor(status: number, detail: string, scimType?: ScimType) {
    super(detail);
    this.status = status;
    this.scimType = scimType;
  }
  get body() {
    return { schemas: [SCHEMA.error], status: String(this.status), ...(this.scimType ? { scimType: this.scimType } : {}), detail: this.message };
  }
}

export const SCIM_MESSAGES = {
  badToken: 'The SCIM token is missing, wrong or revoked.',
  userNotFound: 'No such user in this division.',
  groupNotFound: 'No such group in this division.',
  memberExists: 'This userName is already a member of the division.',
  accountExists:
    'An account with this userName exists outside this division; provisioning does not take over accounts. Ask the hub operator to invite the person.',
  userNameChange: 'userName is the account email and cannot be changed through SCIM.',
  groupsAreTemplates:
    "Groups are the division's templates: they are created, renamed and deleted in the hub, not through SCIM. Name the identity provider's group like the template.",
  noTemplate: 'The division has no template to make the card from.',
  preconditionFailed: 'Failed to update. Resource has changed on the server.',
  filter: 'Only the filters userName eq "…" and externalId eq "…" (Users) and displayName eq "…" (Groups) are supported.',
} as const;

type ScimDeps = Pick<Deps, 'db' | 'jobs' | 'publishedPages' | 'config'>;
export type ScimContext = { token: ScimTokenRow; base: string };

const actorOf = (ctx: ScimContext): Actor => scimActor(ctx.token);
const versionOf = (body: unknown) => `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22)}"`;
const fail = (status: number, detail: string, scimType?: ScimType) => new ScimError(status, detail, scimType);

/** An If-Match naming another version: 412 (RFC 7644 §3.14). */
function checkIfMatch(ifMatch: string | undefined, version: string) {
  if (!ifMatch) return;
  const tags = ifMatch.split(',').map((t) => t.trim());
  if (!tags.includes('*') && !tags.includes(version)) throw fail(412, SCIM_MESSAGES.preconditionFailed);
}

// ---------- representation ----------

function userResource(m: ScimMember, base: string) {
  const body = {
    schemas: [SCHEMA.user],
    id: String(m.id),
    ...(m.externalId ? { externalId: m.externalId } : {}),
    userName: m.email,
    name: { givenName: m.firstName ?? '', familyName: m.lastName ?? '', formatted: [m.firstName, m.lastName].filter(Boolean).join(' ') },
    displayName: [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email,
    emails: [{ value: m.email, type: 'work', primary: true }],
    active: m.deactivatedAt === null,
    groups:
      m.templateId === null
        ? []
        : [{ value: String(m.templateId), display: m.templateName ?? `Template ${m.templateId}`, $ref: `${base}/Groups/${m.templateId}` }],
  };
  return {
    ...body,
    meta: {
      resourceType: 'User',
      created: m.createdAt.toISOString(),
      lastModified: m.updatedAt.toISOString(),
      location: `${base}/Users/${m.id}`,
      version: versionOf(body),
    },
  };
}
export type UserResource = ReturnType<typeof userResource>;

type Template = Awaited<ReturnType<typeof divisionTemplates>>[number];
function groupResource(t: Template, members: { userId: number; email: string }[] | null, base: string) {
  const body = {
    schemas: [SCHEMA.group],
    id: String(t.id),
    displayName: t.name ?? `Template ${t.id}`,
    ...(members ? { members: members.map((m) => ({ value: String(m.userId), display: m.email, $ref: `${base}/Users/${m.userId}` })) } : {}),
  };
  return {
    ...body,
    meta: {
      resourceType: 'Group',
      created: t.createdAt.toISOString(),
      lastModified: t.updatedAt.toISOString(),
      location: `${base}/Groups/${t.id}`,
      version: versionOf(body),
    },
  };
}
export type GroupResource = ReturnType<typeof groupResource>;

const listOf = <T>(resources: T[], total: number, startIndex: number) => ({
  schemas: [SCHEMA.list],
  totalResults: total,
  itemsPerPage: resources.length,
  startIndex,
  Resources: resources,
});

// ---------- queries of the request ----------

/** `attr eq "value"`, the one filter form the hub answers (RFC 7644 §3.4.2.2), for the attributes given. */
function parseFilter<A extends string>(filter: string | undefined, attributes: readonly A[]): { attribute: A; value: string } | null {
  if (filter === undefined || filter.trim() === '') return null;
  const m = /^\s*([A-Za-z][\w.:-]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  const attribute = m && attributes.find((a) => a.toLowerCase() === m[1]!.toLowerCase());
  if (!m || !attribute) throw fail(400, SCIM_MESSAGES.filter, 'invalidFilter');
  return { attribute, value: m[2]!.replace(/\\(.)/g, '$1') };
}

/** startIndex (1-based, less than 1 means 1) and count (0 asks for the total only; at most MAX_RESULTS). */
function pageOf(q: { startIndex?: string | undefined; count?: string | undefined }) {
  const num = (v: string | undefined, fallback: number) => {
    if (v === undefined || v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n)) throw fail(400, 'startIndex and count must be integers.', 'invalidValue');
    return n;
  };
  return { startIndex: Math.max(1, num(q.startIndex, 1)), count: Math.min(MAX_RESULTS, Math.max(0, num(q.count, 100))) };
}

const parseId = (raw: string, notFoundDetail: string) => {
  if (!/^\d{1,9}$/.test(raw)) throw fail(404, notFoundDetail);
  return Number(raw);
};

// ---------- Users ----------

export async function listUsers(deps: ScimDeps, ctx: ScimContext, q: { filter?: string; startIndex?: string; count?: string }) {
  const filter: MemberFilter = parseFilter(q.filter, ['userName', 'externalId'] as const);
  const { startIndex, count } = pageOf(q);
  const { total, members } = await scimMembers(deps.db, ctx.token.companyId, filter, startIndex - 1, count);
  return listOf(
    members.map((m) => userResource(m, ctx.base)),
    total,
    startIndex,
  );
}

export async function getUser(deps: Pick<Deps, 'db'>, ctx: ScimContext, rawId: string): Promise<UserResource> {
  const member = await scimMember(deps.db, ctx.token.companyId, parseId(rawId, SCIM_MESSAGES.userNotFound));
  if (!member) throw fail(404, SCIM_MESSAGES.userNotFound);
  return userResource(member, ctx.base);
}

/** What a request asks to change of a user; undefined: leave as it is. */
type UserChanges = { givenName?: string | null; familyName?: string | null; externalId?: string | null; active?: boolean; email?: string };

const obj = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
const str = (v: unknown, what: string): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string' || v.length > 200 || v.includes('\u0000')) throw fail(400, `${what} must be a string of at most 200 characters.`, 'invalidValue');
  return v.trim() || null;
};
/** Entra sends "False" and "True" as strings in PATCH operations. */
const bool = (v: unknown): boolean => {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  throw fail(400, 'active must be true or false.', 'invalidValue');
};
/** The primary (else the first) email of an `emails` value. */
const emailOfList = (v: unknown): string | undefined => {
  if (!Array.isArray(v)) throw fail(400, 'emails must be a list.', 'invalidValue');
  const entries = v.map(obj).filter((e): e is Record<string, unknown> => Boolean(e));
  const chosen = entries.find((e) => e.primary === true || e.primary === 'true') ?? entries[0];
  return chosen && typeof chosen.value === 'string' ? chosen.value : undefined;
};
const cleanEmail = (v: unknown): string => {
  const parsed = EmailSchema.safeParse(v);
  if (!parsed.success) throw fail(400, 'userName must be an email address.', 'invalidValue');
  return parsed.data;
};

/** The changes a whole resource names (POST, PUT, and a PATCH without path): attributes the hub does not keep are ignored. */
function changesOfResource(body: Record<string, unknown>, whole: boolean): UserChanges {
  const lower = new Map(Object.entries(body).map(([k, v]) => [k.toLowerCase(), v]));
  const changes: UserChanges = {};
  const name = obj(lower.get('name'));
  if (name) {
    const n = new Map(Object.entries(name).map(([k, v]) => [k.toLowerCase(), v]));
    if (whole || n.has('givenname')) changes.givenName = str(n.get('givenname'), 'name.givenName');
    if (whole || n.has('familyname')) changes.familyName = str(n.get('familyname'), 'name.familyName');
  } else if (whole) {
    changes.givenName = null;
    changes.familyName = null;
  }
  // A PATCH without a path may name sub-attributes as "name.givenName".
  if (lower.has('name.givenname')) changes.givenName = str(lower.get('name.givenname'), 'name.givenName');
  if (lower.has('name.familyname')) changes.familyName = str(lower.get('name.familyname'), 'name.familyName');
  if (whole || lower.has('externalid')) changes.externalId = str(lower.get('externalid'), 'externalId');
  if (lower.has('active')) changes.active = bool(lower.get('active'));
  if (lower.has('username')) changes.email = cleanEmail(lower.get('username'));
  else if (lower.has('emails')) {
    const email = emailOfList(lower.get('emails'));
    if (email !== undefined) changes.email = cleanEmail(email);
  }
  for (const [k, v] of lower) if (k.startsWith('emails[') && k.endsWith('.value')) changes.email = cleanEmail(v);
  return changes;
}

/** One PATCH operation (RFC 7644 §3.5.2) as changes; op names are case-insensitive (Entra sends "Replace"). */
function changesOfOperation(raw: unknown): UserChanges {
  const op = obj(raw);
  const kind = typeof op?.op === 'string' ? op.op.toLowerCase() : '';
  if (!op || !['add', 'replace', 'remove'].includes(kind)) throw fail(400, 'Each operation needs op "add", "replace" or "remove".', 'invalidSyntax');
  const path = typeof op.path === 'string' ? op.path.trim() : undefined;
  if (path === undefined || path === '') {
    if (kind === 'remove') throw fail(400, 'A remove operation needs a path.', 'noTarget');
    const value = obj(op.value);
    if (!value) throw fail(400, 'An operation without a path needs an object value.', 'invalidValue');
    return changesOfResource(value, false);
  }
  const p = path.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:user:/, '');
  const value = kind === 'remove' ? null : op.value;
  if (p === 'active') return kind === 'remove' ? {} : { active: bool(value) };
  if (p === 'externalid') return { externalId: str(value, 'externalId') };
  if (p === 'name.givenname') return { givenName: str(value, 'name.givenName') };
  if (p === 'name.familyname') return { familyName: str(value, 'name.familyName') };
  if (p === 'name') {
    if (kind === 'remove') return { givenName: null, familyName: null };
    return changesOfResource({ name: obj(value) ?? {} }, false);
  }
  if (p === 'username' || p === 'emails' || (p.startsWith('emails[') && p.endsWith('.value'))) {
    if (kind === 'remove') throw fail(400, SCIM_MESSAGES.userNameChange, 'mutability');
    return { email: cleanEmail(p === 'emails' ? emailOfList(Array.isArray(value) ? value : [value]) : value) };
  }
  // Attributes the hub does not keep (displayName, title, phoneNumbers, the enterprise extension…) are accepted and ignored.
  return {};
}

function patchChanges(body: unknown): UserChanges {
  const b = obj(body);
  const ops = b?.Operations ?? b?.operations;
  if (!b || !Array.isArray(ops) || !ops.length) throw fail(400, 'A PATCH needs the PatchOp schema and a list of Operations.', 'invalidSyntax');
  return Object.assign({}, ...ops.map(changesOfOperation)) as UserChanges;
}

/** A division's default outcome; one that needs a successor cannot apply without one, so such a division's people get "gone". */
async function scimOutcome(deps: ScimDeps, companyId: number): Promise<OffboardingOutcome> {
  const outcome = (await divisionOutcome(deps.db, companyId)) ?? 'gone';
  return outcome === 'successor' ? 'gone' : outcome;
}

/** Offboarding errors (a supervisor's token may not deactivate a superadmin or its own maker) answered as SCIM errors. */
async function asScim<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError && err.status < 500) throw fail(err.status, err.message);
    throw err;
  }
}

async function applyChanges(deps: ScimDeps, ctx: ScimContext, member: ScimMember, changes: UserChanges) {
  const companyId = ctx.token.companyId;
  if (changes.email !== undefined && changes.email !== member.email) throw fail(400, SCIM_MESSAGES.userNameChange, 'mutability');
  const names = {
    firstName: changes.givenName === undefined ? member.firstName : changes.givenName,
    lastName: changes.familyName === undefined ? member.lastName : changes.familyName,
  };
  if (names.firstName !== member.firstName || names.lastName !== member.lastName) await setMemberNames(deps.db, member.id, names);
  if (changes.externalId !== undefined && changes.externalId !== member.externalId) await setExternalId(deps.db, companyId, member.id, changes.externalId);
  const active = member.deactivatedAt === null;
  if (changes.active === false && active)
    await asScim(deactivateMember(deps, actorOf(ctx), { userId: member.id, companyId, outcome: await scimOutcome(deps, companyId) }));
  if (changes.active === true && !active) await asScim(reactivateMember(deps, actorOf(ctx), { userId: member.id, companyId }));
}

async function memberOrFail(deps: Pick<Deps, 'db'>, ctx: ScimContext, rawId: string) {
  const member = await scimMember(deps.db, ctx.token.companyId, parseId(rawId, SCIM_MESSAGES.userNotFound));
  if (!member) throw fail(404, SCIM_MESSAGES.userNotFound);
  return member;
}

/** POST /Users: the account, membership and card (under the first template), then `active:false` offboards at once. */
export async function createUser(deps: ScimDeps, ctx: ScimContext, body: unknown): Promise<UserResource> {
  const b = obj(body);
  if (!b) throw fail(400, 'The body must be a User resource.', 'invalidSyntax');
  const userNameKey = Object.keys(b).find((k) => k.toLowerCase() === 'username');
  if (!userNameKey) throw fail(400, 'userName is required.', 'invalidValue');
  const email = cleanEmail(b[userNameKey]);
  const changes = changesOfResource(b, true);
  const companyId = ctx.token.companyId;
  const existing = await userByEmail(deps.db, email);
  if (existing) {
    const member = await scimMember(deps.db, companyId, existing.id);
    throw fail(409, member ? SCIM_MESSAGES.memberExists : SCIM_MESSAGES.accountExists, 'uniqueness');
  }
  const company = await companyRowById(deps.db, companyId);
  const masterId = company && (await inviteTemplateId(deps.db, companyId, undefined));
  if (!company || masterId === undefined) throw fail(400, SCIM_MESSAGES.noTemplate);
  const name = [changes.givenName, changes.familyName].filter(Boolean).join(' ') || email.split('@')[0]!;
  let userId: number;
  try {
    userId = await deps.jobs.transaction(deps.db, async (tx, mail) => {
      const [created] = await createInvitees(
        tx,
        mail,
        { userId: ctx.token.createdBy },
        [{ target: { company, masterId, brand: null }, person: { name, email, alias: null } }],
        deps,
      );
      await setMemberNames(tx, created!.userId, { firstName: changes.givenName ?? null, lastName: changes.familyName ?? null });
      if (changes.externalId) await setExternalId(tx, companyId, created!.userId, changes.externalId);
      await audit(tx, ctx.token.createdBy, 'scim.user_created', `user:${created!.userId} company:${companyId}`, {
        companyId,
        details: { userId: created!.userId, companyId, scimTokenId: ctx.token.id, templateId: masterId },
      });
      return created!.userId;
    });
  } catch (err) {
    // The same userName sent twice at once: the other request made the account.
    if (isUniqueViolation(err)) throw fail(409, SCIM_MESSAGES.memberExists, 'uniqueness');
    throw err;
  }
  const member = await memberOrFail(deps, ctx, String(userId));
  if (changes.active === false) await applyChanges(deps, ctx, member, { active: false });
  return getUser(deps, ctx, String(userId));
}

/** PUT /Users/{id}: the whole resource; what it leaves out of name and externalId is cleared, `active` left out stays. */
export async function replaceUser(deps: ScimDeps, ctx: ScimContext, rawId: string, body: unknown, ifMatch?: string): Promise<UserResource> {
  const member = await memberOrFail(deps, ctx, rawId);
  checkIfMatch(ifMatch, userResource(member, ctx.base).meta.version);
  const b = obj(body);
  if (!b) throw fail(400, 'The body must be a User resource.', 'invalidSyntax');
  await applyChanges(deps, ctx, member, changesOfResource(b, true));
  return getUser(deps, ctx, rawId);
}

/** PATCH /Users/{id} */
export async function patchUser(deps: ScimDeps, ctx: ScimContext, rawId: string, body: unknown, ifMatch?: string): Promise<UserResource> {
  const member = await memberOrFail(deps, ctx, rawId);
  checkIfMatch(ifMatch, userResource(member, ctx.base).meta.version);
  await applyChanges(deps, ctx, member, patchChanges(body));
  return getUser(deps, ctx, rawId);
}

/**
 * DELETE /Users/{id}: the person is offboarded with the division's outcome (unless already), then
 * their membership goes. The account and its pages stay: the pages keep answering the outcome.
 */
export async function deleteUser(deps: ScimDeps, ctx: ScimContext, rawId: string, ifMatch?: string): Promise<void> {
  const member = await memberOrFail(deps, ctx, rawId);
  checkIfMatch(ifMatch, userResource(member, ctx.base).meta.version);
  const companyId = ctx.token.companyId;
  if (member.deactivatedAt === null) await applyChanges(deps, ctx, member, { active: false });
  await deleteMembership(deps.db, companyId, member.id);
  await audit(deps.db, ctx.token.createdBy, 'scim.user_deleted', `user:${member.id} company:${companyId}`, {
    companyId,
    details: { userId: member.id, companyId, scimTokenId: ctx.token.id },
  });
}

// ---------- Groups ----------

export async function listGroups(
  deps: Pick<Deps, 'db'>,
  ctx: ScimContext,
  q: { filter?: string; startIndex?: string; count?: string; excludedAttributes?: string },
) {
  const filter = parseFilter(q.filter, ['displayName'] as const);
  const { startIndex, count } = pageOf(q);
  const all = await divisionTemplates(deps.db, ctx.token.companyId, filter?.value);
  const page = all.slice(startIndex - 1, startIndex - 1 + count);
  const withMembers = !/(^|,)\s*members\s*(,|$)/i.test(q.excludedAttributes ?? '');
  const members = withMembers
    ? await templateMembers(
        deps.db,
        ctx.token.companyId,
        page.map((t) => t.id),
      )
    : [];
  return listOf(
    page.map((t) => groupResource(t, withMembers ? members.filter((m) => m.templateId === t.id) : null, ctx.base)),
    all.length,
    startIndex,
  );
}

async function templateOrFail(deps: Pick<Deps, 'db'>, ctx: ScimContext, rawId: string) {
  const id = parseId(rawId, SCIM_MESSAGES.groupNotFound);
  const template = (await divisionTemplates(deps.db, ctx.token.companyId)).find((t) => t.id === id);
  if (!template) throw fail(404, SCIM_MESSAGES.groupNotFound);
  return template;
}

export async function getGroup(deps: Pick<Deps, 'db'>, ctx: ScimContext, rawId: string, excludedAttributes?: string): Promise<GroupResource> {
  const template = await templateOrFail(deps, ctx, rawId);
  const withMembers = !/(^|,)\s*members\s*(,|$)/i.test(excludedAttributes ?? '');
  return groupResource(template, withMembers ? await templateMembers(deps.db, ctx.token.companyId, [template.id]) : null, ctx.base);
}

/** The user ids a members value names: `[{value:"12"}]`, or a `members[value eq "12"]` path. */
function memberIds(path: string, value: unknown): number[] {
  const inPath = /^members\[\s*value\s+eq\s+"?(\d+)"?\s*\]$/i.exec(path);
  if (inPath) return [Number(inPath[1])];
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map((v) => {
    const id = obj(v)?.value;
    if ((typeof id !== 'string' && typeof id !== 'number') || !/^\d{1,9}$/.test(String(id)))
      throw fail(400, 'Each member needs the value of a user id.', 'invalidValue');
    return Number(id);
  });
}

/**
 * PATCH /Groups/{id}: members added have their card moved under this template; members removed
 * (whose card is under it) go back to the division's first template. The group's name is the
 * template's: a rename is refused.
 */
export async function patchGroup(deps: ScimDeps, ctx: ScimContext, rawId: string, body: unknown, ifMatch?: string): Promise<GroupResource> {
  const template = await templateOrFail(deps, ctx, rawId);
  const companyId = ctx.token.companyId;
  checkIfMatch(ifMatch, (await getGroup(deps, ctx, rawId)).meta.version);
  const b = obj(body);
  const ops = b?.Operations ?? b?.operations;
  if (!b || !Array.isArray(ops) || !ops.length) throw fail(400, 'A PATCH needs the PatchOp schema and a list of Operations.', 'invalidSyntax');
  const add = new Set<number>();
  const remove = new Set<number>();
  let replaceWith: Set<number> | undefined;
  for (const raw of ops) {
    const op = obj(raw);
    const kind = typeof op?.op === 'string' ? op.op.toLowerCase() : '';
    if (!op || !['add', 'replace', 'remove'].includes(kind)) throw fail(400, 'Each operation needs op "add", "replace" or "remove".', 'invalidSyntax');
    const path = typeof op.path === 'string' ? op.path.trim() : '';
    let target = path.toLowerCase();
    let value: unknown = op.value;
    if (!path) {
      const v = obj(op.value);
      if (!v) throw fail(400, 'An operation without a path needs an object value.', 'invalidValue');
      const name = Object.entries(v).find(([k]) => k.toLowerCase() === 'displayname')?.[1];
      if (name !== undefined && name !== (template.name ?? `Template ${template.id}`)) throw fail(400, SCIM_MESSAGES.groupsAreTemplates, 'mutability');
      const members = Object.entries(v).find(([k]) => k.toLowerCase() === 'members');
      if (!members) continue;
      target = 'members';
      value = members[1];
    }
    // Entra maps the directory group's objectId to externalId: the hub keeps none for a template, so it is accepted and ignored.
    if (target === 'externalid') continue;
    if (target === 'displayname') {
      if (value !== (template.name ?? `Template ${template.id}`)) throw fail(400, SCIM_MESSAGES.groupsAreTemplates, 'mutability');
      continue;
    }
    if (!target.startsWith('members')) throw fail(400, `The path ${path} is not one of a group the hub changes (members).`, 'invalidPath');
    const ids = memberIds(path || 'members', value);
    if (kind === 'add') for (const id of ids) add.add(id);
    else if (kind === 'remove') {
      if (target === 'members' && value === undefined) replaceWith = new Set();
      for (const id of ids) remove.add(id);
    } else replaceWith = new Set(ids);
  }
  const current = new Set((await templateMembers(deps.db, companyId, [template.id])).map((m) => m.userId));
  if (replaceWith) {
    for (const id of current) if (!replaceWith.has(id)) remove.add(id);
    for (const id of replaceWith) add.add(id);
  }
  for (const id of add) remove.delete(id);
  const first = (await divisionTemplates(deps.db, companyId))[0]!;
  const moves: { userId: number; to: number; onlyFrom?: number }[] = [
    ...[...add].map((userId) => ({ userId, to: template.id })),
    ...[...remove].filter((userId) => current.has(userId) && first.id !== template.id).map((userId) => ({ userId, to: first.id, onlyFrom: template.id })),
  ];
  const rebuild = new Set<number>();
  await deps.db.transaction(async (tx) => {
    for (const move of moves) {
      if (!(await scimMember(tx, companyId, move.userId))) throw fail(400, `User ${move.userId} is not a member of this division.`, 'invalidValue');
      const moved = await moveMemberCards(tx, companyId, move.userId, move.to, move.onlyFrom);
      if (moved.some((m) => m.publishedAt)) rebuild.add(move.to);
      for (const card of moved)
        await audit(tx, ctx.token.createdBy, 'scim.template_changed', `user:${move.userId} profile:${card.id}`, {
          companyId,
          details: { userId: move.userId, profileId: card.id, scimTokenId: ctx.token.id },
          before: { templateId: card.from },
          after: { templateId: move.to },
        });
    }
  });
  // Published cards show their new template's content now (their own published overrides on top), as a template's rebuild does.
  for (const masterId of rebuild) await deps.jobs.run<{ masterId: number }, RebuildCounts>(REBUILD_CHILDREN_JOB, { masterId });
  return getGroup(deps, ctx, rawId);
}
