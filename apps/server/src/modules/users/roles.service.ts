/**
 * Role changes (issue #26): making a person a supervisor of a division or a plain user
 * of it again, and the superadmins list. Every change is written to the audit log with
 * who made it and what it was; it takes effect on the person's next request, since the
 * sign-in check reads roles from the database on every request (http/auth.ts).
 */
import { type DivisionRole, ROLE_MESSAGES, type SetDivisionRoleResponse, type Superadmin } from '@profilehub/shared';
import type { Deps } from '../../deps.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { type Actor, administers, canManageSuperadmins, canSeeCompany, canSetDivisionRole } from '../../http/policy.ts';
import { audit } from '../audit/audit.service.ts';
import {
  accountByEmail,
  dropSuperadmin,
  lockAccount,
  lockSuperadmins,
  makeSuperadmin,
  memberRole,
  setMemberRole,
  superadminRows,
  syncAccountRole,
} from './roles.queries.ts';

const asDivisionRole = (member: 'supervisor' | 'member', account: string): DivisionRole =>
  member === 'supervisor' && account === 'supervisor' ? 'supervisor' : 'user';

/**
 * PUT /users/{id}/role. A division the caller cannot see answers 404 like a missing one;
 * one they see but do not administer, 403. A person outside the division is 404.
 */
export async function setDivisionRole(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  userId: number,
  companyId: number,
  role: DivisionRole,
): Promise<SetDivisionRoleResponse> {
  if (!canSeeCompany(actor, companyId)) throw notFound(ROLE_MESSAGES.notMember);
  if (!administers(actor, companyId)) throw forbidden(ROLE_MESSAGES.notYours);
  await deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, userId);
    const member = account ? await memberRole(tx, userId, companyId) : undefined;
    if (!account || !member) throw notFound(ROLE_MESSAGES.notMember);
    if (account.role === 'superadmin') throw forbidden(ROLE_MESSAGES.superadminRole);
    if (!canSetDivisionRole(actor, { userId, role: account.role }, companyId)) throw forbidden(ROLE_MESSAGES.ownRole);
    const from = asDivisionRole(member, account.role);
    await setMemberRole(tx, userId, companyId, role === 'supervisor' ? 'supervisor' : 'member');
    await syncAccountRole(tx, userId);
    if (from !== role)
      await audit(tx, actor.userId, 'role.changed', `user:${userId} company:${companyId} ${from}→${role}`, {
        companyId,
        details: { userId, companyId },
        before: { role: from },
        after: { role },
      });
  });
  const message = role === 'supervisor' ? ROLE_MESSAGES.madeSupervisor : ROLE_MESSAGES.madeUser;
  return { success: true, message, userId, companyId, role };
}

function requireSuperadmin(actor: Actor) {
  if (!canManageSuperadmins(actor)) throw forbidden();
}

/** GET /superadmins. */
export async function listSuperadmins(deps: Pick<Deps, 'db'>, actor: Actor): Promise<{ data: Superadmin[] }> {
  requireSuperadmin(actor);
  const rows = await superadminRows(deps.db);
  return {
    data: rows.map((r) => ({ id: r.id, email: r.email, name: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email })),
  };
}

/** POST /superadmins: an existing account becomes platform staff. */
export async function addSuperadmin(deps: Pick<Deps, 'db'>, actor: Actor, email: string) {
  requireSuperadmin(actor);
  await deps.db.transaction(async (tx) => {
    const account = await accountByEmail(tx, email);
    if (!account) throw notFound(ROLE_MESSAGES.noAccount);
    if (account.role === 'superadmin') throw new AppError(409, 'conflict', ROLE_MESSAGES.alreadySuperadmin);
    await makeSuperadmin(tx, account.id);
    await audit(tx, actor.userId, 'role.changed', `user:${account.id} ${account.role}→superadmin`, {
      details: { userId: account.id },
      before: { role: account.role },
      after: { role: 'superadmin' },
    });
  });
  return { success: true as const, message: ROLE_MESSAGES.madeSuperadmin };
}

/** DELETE /superadmins/{id}: never oneself, never the last one; the person keeps their divisions' roles. */
export async function removeSuperadmin(deps: Pick<Deps, 'db'>, actor: Actor, userId: number) {
  requireSuperadmin(actor);
  if (userId === actor.userId) throw forbidden(ROLE_MESSAGES.removeSelf);
  await deps.db.transaction(async (tx) => {
    const staff = await lockSuperadmins(tx);
    if (!staff.includes(userId)) throw notFound(ROLE_MESSAGES.notSuperadmin);
    if (staff.length <= 1) throw new AppError(409, 'conflict', ROLE_MESSAGES.lastSuperadmin);
    await dropSuperadmin(tx, userId);
    const after = await lockAccount(tx, userId);
    await audit(tx, actor.userId, 'role.changed', `user:${userId} superadmin→${after?.role ?? 'user'}`, {
      details: { userId },
      before: { role: 'superadmin' },
      after: { role: after?.role ?? 'user' },
    });
  });
  return { success: true as const, message: ROLE_MESSAGES.removedSuperadmin };
}
