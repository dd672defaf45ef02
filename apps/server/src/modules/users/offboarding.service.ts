/**
 * Offboarding (issue #28, decision 022): deactivating a person in one division, and reactivating
 * them. Deactivation ends the membership's access at the person's next request (their sessions
 * end when no active membership is left), gives their public pages the chosen outcome, moves
 * their contacts and statistics to the successor's profile and records exactly what moved, so a
 * reactivation moves exactly that back. The person's API keys of the division are revoked (a
 * reactivation does not bring them back: decision 027). Both are written to the audit log. The users list calls
 * these through its routes; SCIM will call the same functions.
 */
import { OFFBOARDING_MESSAGES, type OffboardingOutcome, type OffboardingResponse, ROLE_MESSAGES } from '@profilehub/shared';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { type Actor, canSeeCompany, deactivationRefusal } from '../../http/policy.ts';
import { revokeApiKeysOfMember } from '../api-keys/api-keys.queries.ts';
import { audit } from '../audit/audit.service.ts';
import { revokeSessionsOf } from '../auth/auth.queries.ts';
import {
  closeOffboarding,
  divisionOutcome,
  hasActiveMembership,
  insertOffboarding,
  lockAccounts,
  lockMembership,
  memberProfiles,
  moveLeads,
  moveStatistics,
  openOffboarding,
  profileOwner,
  returnLeads,
  returnStatistics,
  setMembershipState,
  validSuccessor,
} from './offboarding.queries.ts';

type OffboardingDeps = Pick<Deps, 'db' | 'publishedPages'>;

export type DeactivateInput = { userId: number; companyId: number; outcome?: OffboardingOutcome | undefined; successorProfileId?: number | undefined };

/**
 * The person and their membership, locked, and whether the actor may act on them. A division
 * the actor cannot see, or a person not in it, answers 404 like a missing one.
 */
async function lockedMember(tx: Deps['db'], actor: Actor, userId: number, companyId: number, alsoLock?: number) {
  const accounts = await lockAccounts(tx, alsoLock === undefined ? [userId] : [userId, alsoLock]);
  const account = accounts.find((a) => a.id === userId);
  const member = account ? await lockMembership(tx, userId, companyId) : undefined;
  if (!account || !member) throw notFound(ROLE_MESSAGES.notMember);
  const refusal = deactivationRefusal(actor, { userId, role: account.role }, companyId);
  if (refusal) throw forbidden(OFFBOARDING_MESSAGES[refusal]);
  return { account, member };
}

function checkDivision(actor: Actor, companyId: number) {
  if (!canSeeCompany(actor, companyId)) throw notFound(ROLE_MESSAGES.notMember);
}

/** POST /users/{id}/deactivate. */
export async function deactivateMember(deps: OffboardingDeps, actor: Actor, input: DeactivateInput): Promise<OffboardingResponse> {
  const { userId, companyId } = input;
  checkDivision(actor, companyId);
  const result = await deps.db.transaction(async (tx) => {
    const successorOwner = input.successorProfileId === undefined ? undefined : await profileOwner(tx, input.successorProfileId);
    const { account, member } = await lockedMember(tx, actor, userId, companyId, successorOwner);
    if (member.deactivatedAt) throw new AppError(409, 'conflict', OFFBOARDING_MESSAGES.alreadyDeactivated);
    const outcome = input.outcome ?? (await divisionOutcome(tx, companyId)) ?? 'gone';
    const successorProfileId = input.successorProfileId ?? null;
    if (outcome === 'successor') {
      if (successorProfileId === null) throw badRequest(OFFBOARDING_MESSAGES.successorRequired, 'successorProfileId');
      if (!(await validSuccessor(tx, successorProfileId, companyId, userId))) throw badRequest(OFFBOARDING_MESSAGES.successorInvalid, 'successorProfileId');
    } else if (successorProfileId !== null) throw badRequest(OFFBOARDING_MESSAGES.successorNotWanted, 'successorProfileId');

    const pages = await memberProfiles(tx, userId, companyId);
    const profileIds = pages.map((p) => p.id);
    const leads = successorProfileId !== null ? await moveLeads(tx, profileIds, successorProfileId) : [];
    const stats =
      successorProfileId !== null ? await moveStatistics(tx, profileIds, successorProfileId, companyId) : { dailyStats: [], totals: [], viewSources: [] };
    await setMembershipState(tx, { userId, companyId, profileIds }, { by: actor.userId, outcome, successorProfileId });
    await insertOffboarding(tx, {
      userId,
      companyId,
      outcome,
      successorProfileId,
      deactivatedBy: actor.userId,
      moved: { profileIds, leads, dailyStats: stats.dailyStats, totals: stats.totals, viewSources: stats.viewSources },
    });
    // With no active membership left, every session ends now (the sign-in check refuses them too).
    const signedOut = account.role !== 'superadmin' && !(await hasActiveMembership(tx, userId));
    if (signedOut) await revokeSessionsOf(tx, userId);
    // Their API keys of this division end now too (decision 027), and stay revoked if they come back.
    const revokedKeys = (await revokeApiKeysOfMember(tx, userId, companyId)).length;
    const moved = { leads: leads.length, statistics: stats.dailyStats.length + stats.totals.length };
    await audit(tx, actor.userId, 'member.deactivated', `user:${userId} company:${companyId}`, {
      companyId,
      details: { userId, companyId, moved, signedOut, revokedKeys },
      before: { active: true },
      after: { active: false, outcome, successorProfileId },
    });
    return { aliases: pages.map((p) => p.alias), outcome, moved };
  });
  for (const alias of result.aliases) deps.publishedPages.forget(companyId, alias);
  return { success: true, message: OFFBOARDING_MESSAGES.deactivated, userId, companyId, outcome: result.outcome, moved: result.moved };
}

/** POST /users/{id}/reactivate: access, pages, contacts and statistics as they were before the deactivation. */
export async function reactivateMember(deps: OffboardingDeps, actor: Actor, input: { userId: number; companyId: number }): Promise<OffboardingResponse> {
  const { userId, companyId } = input;
  checkDivision(actor, companyId);
  const result = await deps.db.transaction(async (tx) => {
    const { member } = await lockedMember(tx, actor, userId, companyId);
    if (!member.deactivatedAt) throw new AppError(409, 'conflict', OFFBOARDING_MESSAGES.notDeactivated);
    const record = await openOffboarding(tx, userId, companyId);
    const moved = record?.moved ?? { profileIds: [], leads: [], dailyStats: [], totals: [] };
    const successor = record?.successorProfileId ?? null;
    if (successor !== null) {
      await returnLeads(tx, moved.leads, successor);
      await returnStatistics(tx, moved, successor, companyId);
    }
    const pages = await memberProfiles(tx, userId, companyId);
    const profileIds = [...new Set([...moved.profileIds, ...pages.map((p) => p.id)])];
    await setMembershipState(tx, { userId, companyId, profileIds }, null);
    if (record) await closeOffboarding(tx, record.id, actor.userId);
    const counts = { leads: moved.leads.length, statistics: moved.dailyStats.length + moved.totals.length };
    await audit(tx, actor.userId, 'member.reactivated', `user:${userId} company:${companyId}`, {
      companyId,
      details: { userId, companyId, moved: counts },
      before: { active: false, outcome: record?.outcome ?? null, successorProfileId: successor },
      after: { active: true },
    });
    return { aliases: pages.map((p) => p.alias), outcome: record?.outcome ?? null, moved: counts };
  });
  for (const alias of result.aliases) deps.publishedPages.forget(companyId, alias);
  return { success: true, message: OFFBOARDING_MESSAGES.reactivated, userId, companyId, outcome: result.outcome, moved: result.moved };
}
