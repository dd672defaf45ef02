import { isDeepStrictEqual } from 'node:util';
import {
  ADMIN_ONLY_FIELDS,
  aliasTakenMessage,
  applyChanges,
  applyChildEdit,
  type CreateProfileInput,
  cleanEditorAlias,
  dropEmptyValues,
  type EditorContent,
  formatAddress,
  isValidEditorAlias,
  PROFILE_API_MESSAGES as M,
  type PatchProfileInput,
  ProfileContentOverridesSchema,
  ProfileContentSchema,
  type ProfileEditorView,
  RESERVED_ALIASES,
  type SaveProfileInput,
} from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import {
  type Actor,
  canEditProfile,
  canEditStyling,
  canEditTemplate,
  canManagePermissions,
  canManageProfile,
  canSeeCompany,
  needsApproval,
} from '../../http/policy.ts';
import { audit } from '../audit/audit.service.ts';
import { companyRowById, flagsOf, isMember, supervisorEmails } from '../companies/companies.queries.ts';
import { walletsOf } from '../publishing/publishing.service.ts';
import { editorContentOf, isChild, pageContentOf, profileDomainOf } from './profile-content.ts';
import {
  aliasTaken,
  childCount,
  deleteUnpublishedProfile,
  entriesOf,
  insertProfile,
  isUniqueViolation,
  lastDecisionOf,
  lastRollbackOf,
  loadProfileContext,
  type ProfileContext,
  type ProfileRow,
  pendingApprovalId,
  setAliasIfUnset,
  themeForCompany,
  updateContentAtVersion,
} from './profiles.queries.ts';

type Doc = Record<string, unknown>;
const iso = (d: Date | null) => d?.toISOString() ?? null;
/** jsonb does not keep key order or `undefined` members: compare what would be stored. */
const sameJson = (a: unknown, b: unknown) => isDeepStrictEqual(JSON.parse(JSON.stringify(a ?? null)), JSON.parse(JSON.stringify(b ?? null)));

/** The profile with its context when the actor may see (and so edit) it; otherwise 404, exactly like a missing one. */
export async function visibleProfile(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<ProfileContext> {
  const ctx = await loadProfileContext(deps.db, id);
  if (!ctx || !canEditProfile(actor, ctx.profile)) throw notFound(M.notFound);
  return ctx;
}

/** Actions beyond editing (publish without approval, unpublish, delete) need a supervisor or superadmin: 403 for the owner. */
export function requireManager(actor: Actor, ctx: ProfileContext): void {
  if (!canManageProfile(actor, ctx.profile)) throw forbidden(M.notAllowed);
}

/** A template is edited by those who may edit templates of its division. */
export function requireTemplateEditor(actor: Actor, ctx: ProfileContext): void {
  if (ctx.profile.isMaster && !canEditTemplate(actor, ctx.company)) throw forbidden(M.templatesOff);
}

export function basicOf(p: ProfileRow) {
  return {
    id: p.id,
    alias: p.alias,
    userId: p.userId,
    companyId: p.companyId,
    isMaster: p.isMaster,
    masterProfileId: p.masterProfileId,
    publishedAt: iso(p.publishedAt),
  };
}

/**
 * The template's non-empty top-level text fields that the child may see (hidden ones are not in
 * its content; ones the child removed are not either, but the editor offers the template's value back).
 */
function textValuesOf(template: unknown, childContent: EditorContent): Record<string, string> {
  const out: Record<string, string> = {};
  const removed: readonly string[] = childContent.removedFields ?? [];
  for (const [key, value] of Object.entries((template ?? {}) as Record<string, unknown>)) {
    const text = textOf(key, value);
    if (text && (key in childContent || removed.includes(key))) out[key] = text;
  }
  return out;
}

/** A top-level value as the editor names it in a sentence: text as it is, the office address on one line. */
const textOf = (key: string, value: unknown): string =>
  key === 'navigateToOffice' ? formatAddress(value) : typeof value === 'string' && value.trim() ? value : '';

/** Of the template's text values the child sees, those it left empty (or never set): the editor shows the template's value there. */
function inheritedKeysOf(textValues: Record<string, string>, own: unknown): string[] {
  const mine = (own ?? {}) as Record<string, unknown>;
  return Object.keys(textValues).filter((key) => !textOf(key, mine[key]));
}

/** The id of the profile's request waiting for approval, or null. */
export async function pendingApprovalOf(deps: Pick<Deps, 'db'>, profileId: number): Promise<number | null> {
  return pendingApprovalId(deps.db, profileId);
}

/**
 * Someone else's profile whose last request was declined and which has not been published since
 * (decision 009): publishing it puts the declined changes live, so a publish must confirm it.
 * Not for the owner, a template, or while a newer request waits. Answers the decision's date.
 */
export async function unsettledDecline(db: Db, actor: Actor, profile: ProfileRow): Promise<string | null> {
  if (profile.isMaster || profile.userId === actor.userId) return null;
  if ((await pendingApprovalId(db, profile.id)) !== null) return null;
  const decision = await lastDecisionOf(db, profile.id);
  if (!decision || decision.approved) return null;
  if (profile.publishedAt && profile.publishedAt.toISOString() > decision.respondedAt) return null;
  return decision.respondedAt;
}

/** GET /profiles/{id}?populate=self-service. */
export async function editorView(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, ctx: ProfileContext): Promise<ProfileEditorView> {
  const { profile, company, master } = ctx;
  const pending = await pendingApprovalId(deps.db, profile.id);
  const permissionOwner = profile.isMaster ? profile : master;
  const content = editorContentOf(ctx);
  const textValues = master ? textValuesOf(master.content, content) : {};
  const decision = pending === null ? await lastDecisionOf(deps.db, profile.id) : null;
  const rollback = pending === null && profile.publishedAt ? await lastRollbackOf(deps.db, profile.id, profile.publishedAt) : null;
  // The newer of the two speaks: a rollback undoes the approval before it; a decline after it is news again.
  const rolledBack = rollback && !(decision && decision.respondedAt > rollback.at) ? rollback : null;
  return {
    profile: {
      ...basicOf(profile),
      templateName: profile.templateName,
      version: profile.version,
      updatedAt: profile.updatedAt.toISOString(),
      site: profile.site ?? null,
      stylingId: profile.stylingId,
      pendingApproval: pending !== null,
      pendingApprovalId: pending,
      lastDecision: rolledBack ? null : decision,
      rolledBack,
    },
    content,
    permissions: {
      childPermissions: entriesOf(ctx.childPermissions) as ProfileEditorView['permissions']['childPermissions'],
      masterPermissions: entriesOf(ctx.masterPermissions) as ProfileEditorView['permissions']['masterPermissions'],
      childPermissionId: ctx.childPermissions?.id ?? null,
      masterPermissionId: ctx.masterPermissions?.id ?? null,
      ...(permissionOwner ? { profileId: permissionOwner.id, profileName: permissionOwner.templateName ?? undefined } : {}),
    },
    company: {
      id: company.id,
      name: company.name,
      title: company.title,
      subdomain: company.subdomain,
      customDomain: company.customDomain,
      customDomainUrl: company.customDomainUrl,
      feature_flags: company.flags,
      limits: { imageGallery: company.imageGalleryLimit },
      consent: { enable: company.consentEnabled, text: company.consentText },
      profileDomain: profileDomainOf(company, deps.config.PUBLIC_DOMAIN),
      editRequestsTo: await supervisorEmails(deps.db, company.id),
      whiteLabel: company.whiteLabel ? { logo: company.whiteLabel.logo, css: company.whiteLabel.css, brand_color: company.whiteLabel.brand_color } : null,
      wallets: walletsOf(deps.config),
    },
    master: master
      ? {
          id: master.id,
          templateName: master.templateName,
          stylingId: master.stylingId,
          publishedAt: iso(master.publishedAt),
          textValues,
          inheritedKeys: inheritedKeysOf(textValues, profile.content),
          content: master.content,
        }
      : null,
    access: {
      canManage: canManageProfile(actor, profile),
      canEditStyling: canEditStyling(actor, company),
      canManagePermissions: profile.isMaster && canManagePermissions(actor, company),
      needsApproval: !profile.isMaster && needsApproval(actor, profile, company),
    },
  };
}

type Parser<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
};

/** Validates content against a profile document schema; the first problem is the 400's message, with its path. */
function parseContent<T>(schema: Parser<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw badRequest(issue.message, ['content', ...issue.path.map(String)].join('.'));
}

/**
 * The document to store for an edit: a child's overrides (hidden and locked
 * keys keep their stored value, spec §6); a master's or standalone profile's
 * whole document. Empty values are dropped first (spec §5).
 */
function contentToStore(ctx: ProfileContext, edit: Doc): Doc {
  const cleaned = dropEmptyValues(edit);
  if (isChild(ctx)) {
    const overrides = parseContent(ProfileContentOverridesSchema, cleaned);
    return applyChildEdit(ctx.master.content, ctx.profile.content, overrides, entriesOf(ctx.childPermissions)) as Doc;
  }
  // Nothing to inherit, so nothing to remove: a template or standalone profile clears a value instead.
  const { variableChangeRecords: _records, removedFields: _removed, ...own } = parseContent(ProfileContentSchema, cleaned);
  return dropEmptyValues(own) as Doc;
}

/**
 * Fields the actor may not set keep their stored value: the subscription and
 * gallery limit (ADMIN_ONLY_FIELDS) for non-managers, custom CSS without style
 * editing. Dropped rather than refused: the editor sends its whole view, which
 * always carries them (often as inherited defaults).
 */
function keepGuardedFields(actor: Actor, ctx: ProfileContext, next: Doc): void {
  const guarded: string[] = [];
  if (!canManageProfile(actor, ctx.profile)) guarded.push(...ADMIN_ONLY_FIELDS);
  if (!canEditStyling(actor, ctx.company)) guarded.push('cssPlug');
  const stored = ctx.profile.content;
  for (const field of guarded) {
    if (stored[field] === undefined) delete next[field];
    else next[field] = stored[field];
  }
}

export type SaveResult =
  | { ok: true; body: { success: true; message: number; companyId: number; hideNotification: boolean; version: number } }
  | { ok: false; stale: { currentVersion: number; content: Doc } };

/**
 * PUT /profiles/{id}: optimistic concurrency — the save names the version it
 * started from and is written only if that is still the stored version (one
 * UPDATE … WHERE version = $v); otherwise nothing is written and the caller
 * gets the current version and content.
 */
export async function saveProfile(deps: Pick<Deps, 'db'>, actor: Actor, id: number, input: SaveProfileInput): Promise<SaveResult> {
  const ctx = await visibleProfile(deps, actor, id);
  requireTemplateEditor(actor, ctx);
  const staleAnswer = (c: ProfileContext): SaveResult => ({ ok: false, stale: { currentVersion: c.profile.version, content: editorContentOf(c) } });
  if (ctx.profile.version !== input.version) return staleAnswer(ctx);

  const next = contentToStore(ctx, input.content);
  keepGuardedFields(actor, ctx, next);
  const stored = ctx.profile.content;
  if (next.stylingId !== undefined && !sameJson(next.stylingId, stored.stylingId)) {
    const known = typeof next.stylingId === 'number' && (await themeForCompany(deps.db, next.stylingId, ctx.company.id));
    if (!known) throw badRequest(M.unknownTheme, 'content.stylingId');
  }
  const answer = (version: number, hideNotification: boolean): SaveResult => ({
    ok: true,
    body: { success: true, message: ctx.profile.id, companyId: ctx.profile.companyId, hideNotification, version },
  });
  if (sameJson(next, stored)) return answer(ctx.profile.version, true);

  const effectiveStyling = pageContentOf(ctx, next).stylingId;
  const row = await updateContentAtVersion(deps.db, id, input.version, {
    content: next,
    stylingId: typeof effectiveStyling === 'number' ? effectiveStyling : null,
  });
  if (!row) {
    const current = await loadProfileContext(deps.db, id);
    if (!current) throw notFound(M.notFound);
    return staleAnswer(current);
  }
  return answer(row.version, false);
}

/**
 * PATCH /profiles/{id} {version, changes}: the editor's autosave sends only the
 * fields that changed (spec §4 Autosave). They are laid over the stored editor
 * view and saved exactly like a whole document, with the same version check and
 * the same permission rules (a child's locked or hidden keys keep their value).
 */
export async function patchProfile(deps: Pick<Deps, 'db'>, actor: Actor, id: number, input: PatchProfileInput): Promise<SaveResult> {
  const ctx = await visibleProfile(deps, actor, id);
  requireTemplateEditor(actor, ctx);
  if (ctx.profile.version !== input.version) return { ok: false, stale: { currentVersion: ctx.profile.version, content: editorContentOf(ctx) } };
  const content = applyChanges(editorContentOf(ctx), input.changes);
  return saveProfile(deps, actor, id, { version: input.version, content: content as Doc });
}

/** POST /profiles: supervisors (templates need the templates flag) and superadmins, in divisions they manage. */
export async function createProfile(deps: Pick<Deps, 'db'>, actor: Actor, input: CreateProfileInput): Promise<ProfileRow> {
  const company = canSeeCompany(actor, input.companyId) ? await companyRowById(deps.db, input.companyId) : undefined;
  if (!company) throw notFound('Division not found');
  if (!canManageProfile(actor, { companyId: company.id, userId: null, ownerRole: null })) throw forbidden(M.notAllowed);
  const flagged = { ...company, flags: flagsOf(company) };
  let master: ProfileContext | null = null;
  if (input.isMaster) {
    if (!canEditTemplate(actor, flagged)) throw forbidden(M.templatesOff);
    if (input.userId !== undefined || input.masterProfileId !== undefined) throw badRequest(M.templateNoOwner);
  }
  if (input.masterProfileId !== undefined) {
    const masterCtx = await loadProfileContext(deps.db, input.masterProfileId);
    if (!masterCtx?.profile.isMaster || masterCtx.profile.companyId !== company.id) throw badRequest(M.masterOfOtherDivision, 'masterProfileId');
    master = masterCtx;
  }
  if (input.userId !== undefined && !(await isMember(deps.db, company.id, input.userId))) throw badRequest(M.ownerNotMember, 'userId');
  // The new profile's context: a child's content is checked against its template's permissions like any later save.
  const draft: ProfileContext = {
    profile: { content: {}, ownerRole: null } as unknown as ProfileContext['profile'],
    company: flagged,
    master: master?.profile ?? null,
    childPermissions: master?.childPermissions ?? null,
    masterPermissions: null,
  };
  const content = input.content ? contentToStore(draft, input.content) : {};
  const stylingId = content.stylingId;
  if (stylingId !== undefined && !(typeof stylingId === 'number' && (await themeForCompany(deps.db, stylingId, company.id))))
    throw badRequest(M.unknownTheme, 'content.stylingId');
  return insertProfile(deps.db, {
    companyId: company.id,
    isMaster: input.isMaster,
    templateName: input.templateName ?? null,
    userId: input.userId ?? null,
    masterProfileId: master?.profile.id ?? null,
    content,
    stylingId: typeof stylingId === 'number' ? stylingId : null,
  });
}

/** DELETE /profiles/{id}: only an unpublished profile (spec §4), and a template only once no profile uses it. */
export async function deleteProfile(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<void> {
  const ctx = await visibleProfile(deps, actor, id);
  requireManager(actor, ctx);
  if (ctx.profile.publishedAt) throw badRequest(M.deletePublished);
  if (ctx.profile.isMaster && (await childCount(deps.db, id)) > 0) throw badRequest(M.deleteTemplateInUse);
  // Published meanwhile: refuse rather than take a live page down unasked.
  if (!(await deleteUnpublishedProfile(deps.db, id))) throw badRequest(M.deletePublished);
  await audit(deps.db, actor.userId, 'profile.deleted', profileTarget(ctx.profile), { companyId: ctx.company.id });
}

/** A profile in the audit log: its id and, so the line reads without a look-up, its alias or template name. */
export function profileTarget(profile: Pick<ProfileRow, 'id' | 'alias' | 'templateName'>): string {
  const name = profile.alias ?? profile.templateName;
  return name ? `profile:${profile.id} ${name}` : `profile:${profile.id}`;
}

// ─── Aliases ────────────────────────────────────────────────────────────────

/** Spec §5 editor alias, cleaned; null when it does not pass the format test. */
export function cleanAlias(raw: string): string | null {
  const alias = cleanEditorAlias(raw);
  return isValidEditorAlias(alias) ? alias : null;
}

/** Free for `profileId` (or for anyone, without one): not reserved and not another profile's alias. */
export async function aliasIsFree(deps: Pick<Deps, 'db'>, alias: string, profileId?: number): Promise<boolean> {
  if (RESERVED_ALIASES.includes(alias)) return false;
  return !(await aliasTaken(deps.db, alias, profileId));
}

/** The checks shared by alias test and set-alias: format, set once, free. */
async function checkAliasFor(deps: Pick<Deps, 'db'>, ctx: ProfileContext, raw: string): Promise<string> {
  const alias = cleanAlias(raw);
  if (!alias) throw badRequest(M.aliasFormat, 'alias');
  if (ctx.profile.alias !== null && ctx.profile.alias !== alias) throw new AppError(409, 'alias_fixed', M.aliasFixed);
  if (!(await aliasIsFree(deps, alias, ctx.profile.id))) throw new AppError(409, 'alias_taken', aliasTakenMessage(alias));
  return alias;
}

/** Alias test (spec §7): success and the cleaned alias as the (truthy) message when the profile may take it. */
export async function testAlias(deps: Pick<Deps, 'db'>, actor: Actor, id: number, raw: string): Promise<{ success: boolean; message: string }> {
  const ctx = await visibleProfile(deps, actor, id);
  return { success: true, message: await checkAliasFor(deps, ctx, raw) };
}

/**
 * Set-alias: once only. The unique index decides a race — of two concurrent
 * calls for the same alias exactly one wins, the other gets 409.
 */
export async function setAlias(deps: Pick<Deps, 'db'>, actor: Actor, id: number, raw: string): Promise<string> {
  const ctx = await visibleProfile(deps, actor, id);
  const alias = await checkAliasFor(deps, ctx, raw);
  if (ctx.profile.alias === alias) return alias;
  let updated: boolean;
  try {
    updated = await setAliasIfUnset(deps.db, id, alias);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'alias_taken', aliasTakenMessage(alias));
    throw err;
  }
  if (!updated) {
    // Another request set this profile's alias first.
    const now = await loadProfileContext(deps.db, id);
    if (now?.profile.alias !== alias) throw new AppError(409, 'alias_fixed', M.aliasFixed);
  }
  return alias;
}
