import type { FeatureFlags, Role } from '@profilehub/shared';

/** Who is asking: the signed-in user with the divisions they belong to and supervise. */
export type Actor = {
  userId: number;
  sessionId: string;
  role: Role;
  /** Every division the user belongs to, first one first. */
  companyIds: number[];
  /** Divisions the user supervises (empty for plain users). */
  supervisedCompanyIds: number[];
};

/**
 * The actor of a session: the divisions in the member's order, and the supervised
 * ones only for a supervisor (a supervisor membership of a plain user grants nothing).
 */
export function actorFrom(user: { id: number; role: Role }, memberships: readonly { companyId: number; role: string }[], sessionId: string): Actor {
  return {
    userId: user.id,
    sessionId,
    role: user.role,
    companyIds: memberships.map((m) => m.companyId),
    supervisedCompanyIds: user.role === 'supervisor' ? memberships.filter((m) => m.role === 'supervisor').map((m) => m.companyId) : [],
  };
}

/**
 * The divisions an actor may see: everything for a superadmin, the supervised
 * ones for a supervisor, the user's own for a plain user. Every list query is
 * scoped by this; a thing outside it answers like a missing thing (404).
 */
export function companiesOf(actor: Actor): 'all' | number[] {
  if (actor.role === 'superadmin') return 'all';
  if (actor.role === 'supervisor') return actor.supervisedCompanyIds;
  return actor.companyIds;
}

/**
 * The divisions console (create a division, change its settings, flags, billing and
 * white-label) is platform work: superadmins only. A supervisor runs their division's
 * people and templates, not what the division is.
 */
export function canManageDivisions(actor: Actor): boolean {
  return actor.role === 'superadmin';
}

/**
 * Exporting all of a division's data (every member's details, every lead) and deleting the
 * division for good are platform work: superadmins only, never the division's supervisors.
 */
export function canExportDivision(actor: Actor): boolean {
  return actor.role === 'superadmin';
}

export function canDeleteDivision(actor: Actor): boolean {
  return actor.role === 'superadmin';
}

/** Administration (users, templates, approvals, invitations lists; spec §6) is for supervisors and superadmins, not plain users. */
export function canAdminister(actor: Actor): boolean {
  return actor.role !== 'user';
}

/** A plain user's statistics and lists are about their own profile only (spec §6). */
export function seesOwnProfileOnly(actor: Actor): boolean {
  return actor.role === 'user';
}

/** The industry-average report compares every division: the superadmin's alone (spec §6). */
export function canSeeEveryDivisionAverage(actor: Actor): boolean {
  return actor.role === 'superadmin';
}

/** A superadmin is the last resort of every division: they cannot remove their own account. */
export function canDeleteOwnAccount(actor: Actor): boolean {
  return actor.role !== 'superadmin';
}

/** A passkey is its owner's alone: nobody else, a superadmin included, renames or removes it (another's answers 404). */
export function canManagePasskey(actor: Actor, passkey: { userId: number }): boolean {
  return passkey.userId === actor.userId;
}

/** A second step after the password needs a way to give it: a passkey, or an email address the account proved (its code). */
export function canRequireSecondFactor(account: { registered: boolean; passkeys: number }): boolean {
  return account.passkeys > 0 || account.registered;
}

/** A superadmin signs in on every division's white-labelled hub; anyone else only on their own divisions' (and the product's). */
export function signsInOnEveryHub(role: Role): boolean {
  return role === 'superadmin';
}

/**
 * Whose hub is closed: someone (not a superadmin) all of whose divisions are archived. They
 * cannot sign in, and their sessions are refused; someone in no division at all is not.
 */
export function hubClosedFor(role: Role, memberships: readonly { archived: boolean }[]): boolean {
  return role !== 'superadmin' && memberships.length > 0 && memberships.every((m) => m.archived);
}

/** Administers this division: its supervisor, or a superadmin. */
export function administers(actor: Actor, companyId: number): boolean {
  return actor.role === 'superadmin' || supervises(actor, companyId);
}

/** Spec §4 Invite flow: a superadmin, or a supervisor of the division when it has the invite_users flag. */
export function canInvite(actor: Actor, company: FlaggedCompany): boolean {
  return actor.role === 'superadmin' || (supervises(actor, company.id) && company.flags.invite_users);
}

/**
 * Who may make a person a supervisor of a division, or a plain user again (and invite
 * someone as its supervisor): a superadmin anywhere, a supervisor only in a division they
 * supervise. Never about a superadmin (platform staff is managed in its own list) and never
 * about oneself, so nobody locks themselves out or raises their own rank.
 */
export function canSetDivisionRole(actor: Actor, target: { userId: number; role: Role } | null, companyId: number): boolean {
  if (target && (target.role === 'superadmin' || target.userId === actor.userId)) return false;
  return administers(actor, companyId);
}

/**
 * Offboarding (issue #28): who may deactivate a person in a division, or reactivate them — a
 * superadmin anywhere, a supervisor in a division they supervise. Never oneself, and a
 * superadmin's account never by a supervisor. Returns why not, or null when allowed.
 */
export function deactivationRefusal(actor: Actor, target: { userId: number; role: Role }, companyId: number): 'notYours' | 'self' | 'superadmin' | null {
  if (!administers(actor, companyId)) return 'notYours';
  if (target.userId === actor.userId) return 'self';
  if (target.role === 'superadmin' && actor.role !== 'superadmin') return 'superadmin';
  return null;
}

/**
 * A person (not a superadmin) none of whose memberships is left active, because at least one was
 * deactivated and the rest are deactivated or archived: they cannot sign in and their sessions
 * are refused. Someone in no division at all is not.
 */
export function deactivatedFor(role: Role, memberships: readonly { archived: boolean; deactivated: boolean }[]): boolean {
  return role !== 'superadmin' && memberships.some((m) => m.deactivated) && memberships.every((m) => m.archived || m.deactivated);
}

/**
 * A division's company single sign-on (issue #28): a superadmin, or a supervisor of that division.
 * The SSO settings decide who signs in as the division's people, so nobody else reads them either.
 */
export function canConfigureSso(actor: Actor, companyId: number): boolean {
  return administers(actor, companyId);
}

/**
 * A division's SCIM provisioning tokens (issue #28, decision 023): a superadmin, or a supervisor of
 * that division. A token creates, changes and offboards the division's people, so nobody else sees them.
 */
export function canManageScimTokens(actor: Actor, companyId: number): boolean {
  return administers(actor, companyId);
}

/**
 * What a SCIM token acts as: a supervisor of its division alone, under the name of the person who
 * made it (the audit log names them), so the offboarding policy applies as to that supervisor.
 */
export function scimActor(token: { id: number; companyId: number; createdBy: number }): Actor {
  return { userId: token.createdBy, sessionId: `scim:${token.id}`, role: 'supervisor', companyIds: [token.companyId], supervisedCompanyIds: [token.companyId] };
}

/**
 * A division's keys of the public REST API (issue #29, decision 027): a superadmin, or a supervisor of
 * that division. A key reads the division's people and contacts, so nobody else makes or sees one.
 */
export function canManageApiKeys(actor: Actor, companyId: number): boolean {
  return administers(actor, companyId);
}

/**
 * What an API key acts as: a supervisor of its division alone, under the name of the person who made
 * it (the audit log names them), so every route's policy applies as to that supervisor. Which routes
 * it may call at all is its scopes' business (http/auth.ts).
 */
export function apiKeyActor(key: { id: number; companyId: number; createdBy: number }): Actor {
  return { userId: key.createdBy, sessionId: `apikey:${key.id}`, role: 'supervisor', companyIds: [key.companyId], supervisedCompanyIds: [key.companyId] };
}

/**
 * Whose sign-in a division's SSO governs (its provider signs them in; "SSO required" refuses their
 * passwords and codes): a new person of its email domains (no account yet), and the division's own
 * members. Never a superadmin — the hub's own sign-in stays, so a broken provider locks nobody out —
 * and never someone of another division only: the domains a division claims are not proven, so its
 * provider must not take over, or lock out, accounts that are not its own.
 */
export function ssoGoverns(account: { role: Role; memberOfDivision: boolean } | undefined): boolean {
  if (!account) return true;
  return account.role !== 'superadmin' && account.memberOfDivision;
}

/** The list of platform staff (superadmins): superadmins alone. */
export function canManageSuperadmins(actor: Actor): boolean {
  return actor.role === 'superadmin';
}

/**
 * The audit log (who did what to which division, before → after) spans every division and
 * the platform staff themselves: superadmins alone read and export it.
 */
export function canReadAuditLog(actor: Actor): boolean {
  return actor.role === 'superadmin' || supervisedBy(actor).length > 0;
}

/**
 * The divisions whose audit lines the actor reads: every line for a superadmin (null), the lines
 * of the divisions they supervise for a supervisor (lines of no division, or of another, never).
 */
export function auditScope(actor: Actor): number[] | null {
  return actor.role === 'superadmin' ? null : supervisedBy(actor);
}

/** The divisions a supervisor supervises; none for anyone else. */
export function supervisedBy(actor: Actor): number[] {
  return actor.role === 'supervisor' ? actor.supervisedCompanyIds : [];
}

/**
 * A staff import's progress and result (issue #26) list the people of the divisions its rows
 * name: a superadmin sees any; a supervisor one whose divisions they all supervise, or their
 * own that names none. Anyone else gets 404, as for a missing one.
 */
export function canSeeImport(actor: Actor, job: { createdBy: number | null; companyIds: number[] }): boolean {
  if (actor.role === 'superadmin') return true;
  const mine = supervisedBy(actor);
  if (!mine.length) return false;
  if (!job.companyIds.length) return job.createdBy === actor.userId;
  return job.companyIds.every((id) => mine.includes(id));
}

export function canSeeCompany(actor: Actor, companyId: number): boolean {
  const scope = companiesOf(actor);
  return scope === 'all' || scope.includes(companyId);
}

/** A profile as the policy sees it: whose it is, where it lives, and the role of its owner (null for a template). */
type ProfileScope = { userId: number | null; companyId: number; ownerRole: Role | null };
/** A division with its feature flags merged over the defaults. */
type FlaggedCompany = { id: number; flags: FeatureFlags };

/**
 * Spec §6: a user sees only their own profile; a supervisor those of their divisions;
 * a superadmin all. A supervisor's reach stops at people who are not below them: a
 * superadmin's profile, or another supervisor's, is not theirs to see or change, even
 * in a division they supervise (it answers 404 like a missing one).
 */
export function canViewProfile(actor: Actor, profile: ProfileScope): boolean {
  if (actor.role === 'superadmin') return true;
  if (profile.userId === actor.userId) return true;
  return actor.role === 'supervisor' && supervises(actor, profile.companyId) && !outranksSupervisor(profile);
}

/**
 * Spec §6: the owner edits their own profile, a supervisor the profiles of the
 * divisions they supervise, a superadmin every profile — the same people who
 * may see it, so a profile one cannot edit answers 404 like a missing one.
 */
export function canEditProfile(actor: Actor, profile: ProfileScope): boolean {
  return canViewProfile(actor, profile);
}

/**
 * Supervisor of the profile's division, or superadmin: publish without approval, unpublish,
 * delete, create, admin-only fields. A new profile (no owner yet) passes `ownerRole: null`.
 */
export function canManageProfile(actor: Actor, profile: ProfileScope): boolean {
  if (actor.role === 'superadmin') return true;
  if (!supervises(actor, profile.companyId)) return false;
  return profile.userId === actor.userId || !outranksSupervisor(profile);
}

/** Profiles a supervisor does not manage: those of superadmins and of other supervisors. */
function outranksSupervisor(profile: ProfileScope): boolean {
  return profile.ownerRole === 'superadmin' || profile.ownerRole === 'supervisor';
}

/** Templates (master profiles) are edited by supervisors when the division has the templates flag, and by superadmins (spec §6). */
export function canEditTemplate(actor: Actor, company: FlaggedCompany): boolean {
  return actor.role === 'superadmin' || (supervises(actor, company.id) && company.flags.templates);
}

/**
 * Style editing (custom CSS, themes): superadmins, and supervisors of a division
 * with the style_editing flag (spec §6). A default theme (no division) is the
 * superadmin's alone.
 */
export function canEditStyling(actor: Actor, company: FlaggedCompany | null): boolean {
  if (actor.role === 'superadmin') return true;
  return company !== null && supervises(actor, company.id) && company.flags.style_editing;
}

/**
 * Permission records of a template: supervisors of its division with the
 * permissions flag edit the children's set; the master's own set is the
 * superadmin's (spec §4 "Superadmin … can switch between master and child permission sets").
 */
export function canManagePermissions(actor: Actor, company: FlaggedCompany, kind: 'child' | 'master' = 'child'): boolean {
  if (actor.role === 'superadmin') return true;
  return kind === 'child' && supervises(actor, company.id) && company.flags.permissions;
}

/** Spec §4 step 4: with the approvals flag, someone who does not manage the profile requests approval instead of publishing. */
export function needsApproval(actor: Actor, profile: ProfileScope, company: FlaggedCompany): boolean {
  return company.flags.approvals && !canManageProfile(actor, profile);
}

function supervises(actor: Actor, companyId: number): boolean {
  return actor.role === 'supervisor' && actor.supervisedCompanyIds.includes(companyId);
}

/**
 * An uploaded file may be deleted (or linked to a profile) by whoever uploaded
 * it, a supervisor of its division, or a superadmin. The owner of a profile
 * that merely shows the file may not: a child profile's inherited master logo
 * must not be deletable from the child.
 */
export function canManageUpload(actor: Actor, upload: { userId: number | null; companyId: number | null }): boolean {
  if (actor.role === 'superadmin') return true;
  if (upload.userId !== null && upload.userId === actor.userId) return true;
  return upload.companyId !== null && supervises(actor, upload.companyId);
}

/**
 * Issue #29 Contacts: a visitor's contact is seen (and its notes kept, its card downloaded,
 * it deleted) by the person whose profile it came through, by a supervisor of its division
 * and by a superadmin. Anyone else gets 404, as for a missing one.
 */
export function canSeeContact(actor: Actor, contact: { ownerUserId: number | null; companyId: number }): boolean {
  if (actor.role === 'superadmin') return true;
  if (contact.ownerUserId !== null && contact.ownerUserId === actor.userId) return true;
  return supervisedBy(actor).includes(contact.companyId);
}

/**
 * Issue #29 card scanning: a contact may be added (a scanned card kept) on a profile whose
 * contacts the actor sees — their own, one of a division they supervise, any for a superadmin —
 * so whoever adds one can always find it again.
 */
export function canAddContact(actor: Actor, profile: { userId: number | null; companyId: number }): boolean {
  return canSeeContact(actor, { ownerUserId: profile.userId, companyId: profile.companyId });
}

/**
 * A division's webhooks (issue #29): a superadmin, or a supervisor of that division. A webhook sends
 * the division's events (its leads' contacts among them) to a URL, so nobody else sees or sets one.
 */
export function canManageWebhooks(actor: Actor, companyId: number): boolean {
  return administers(actor, companyId);
}

/**
 * Every email signature of a division as one zip (issue #30): a superadmin, or a supervisor of that
 * division. The zip holds only the profiles the actor may view (`canViewProfile`).
 */
export function canDownloadSignatures(actor: Actor, companyId: number): boolean {
  return administers(actor, companyId);
}
