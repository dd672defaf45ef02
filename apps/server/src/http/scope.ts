/**
 * Tenant scope as SQL: the one place a list turns "what may this actor see"
 * (policy.ts) into a WHERE clause. Every list of divisions' things goes through
 * here, so a new list cannot forget the tenant check or spell it differently.
 *
 * A division outside the actor's scope is simply not there, like a missing one:
 * a filter naming it narrows the list to nothing rather than answering 403.
 */
import { type Column, inArray, or, type SQL, sql } from 'drizzle-orm';
import { forbidden } from './errors.ts';
import { type Actor, canAdminister, companiesOf, supervisedBy } from './policy.ts';

/** Every division, or these (possibly none). */
export type CompanyScope = 'all' | number[];

/** The divisions an actor sees, narrowed to `chosen` when a filter names some. */
export function scopeOf(actor: Actor, chosen?: readonly number[]): CompanyScope {
  const scope = companiesOf(actor);
  if (!chosen || chosen.length === 0) return scope;
  return scope === 'all' ? [...chosen] : chosen.filter((id) => scope.includes(id));
}

/**
 * The divisions of an administration list (users, templates, approvals,
 * invitations: spec §6): a superadmin's every division, a supervisor's
 * supervised ones; a plain user has no such list (403).
 */
export function adminScope(actor: Actor, chosen?: readonly number[]): CompanyScope {
  if (!canAdminister(actor)) throw forbidden();
  return scopeOf(actor, chosen);
}

/** `column` within the scope: no condition for every division, a false one for none. */
export function inScope(column: Column, scope: CompanyScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return scope.length ? inArray(column, scope) : sql`false`;
}

/**
 * A person's own things, and for a supervisor those of the divisions they
 * supervise too (lead forms, purchase history); everything for a superadmin.
 * `inSupervised` says how a row belongs to those divisions.
 */
export function ownOrSupervised(actor: Actor, own: SQL, inSupervised: (companyIds: number[]) => SQL): SQL | undefined {
  if (companiesOf(actor) === 'all') return undefined;
  const supervised = supervisedBy(actor);
  return supervised.length ? or(own, inSupervised(supervised)) : own;
}

/**
 * Platform staff is not a division's people: a superadmin's own profile (the seed gives
 * one a membership) never shows in a division's users list, statistics or approvals.
 * `userId` is the column naming the profile's owner; a profile without one stays.
 */
export function notPlatformStaff(userId: Column | SQL): SQL {
  return sql`(${userId} is null or not exists (select 1 from users as staff where staff.id = ${userId} and staff.role = 'superadmin'))`;
}
