import type { Role } from '@profilehub/shared';

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
 * The divisions an actor may see: everything for a superadmin, the supervised
 * ones for a supervisor, the user's own for a plain user. Every list query is
 * scoped by this; a thing outside it answers like a missing thing (404).
 */
export function companiesOf(actor: Actor): 'all' | number[] {
  if (actor.role === 'superadmin') return 'all';
  if (actor.role === 'supervisor') return actor.supervisedCompanyIds;
  return actor.companyIds;
}

export function canSeeCompany(actor: Actor, companyId: number): boolean {
  const scope = companiesOf(actor);
  return scope === 'all' || scope.includes(companyId);
}

/** Spec §6: a user sees only their own profile; a supervisor those of their divisions; a superadmin all. */
export function canViewProfile(actor: Actor, profile: { userId: number | null; companyId: number }): boolean {
  if (actor.role === 'superadmin') return true;
  if (actor.role === 'supervisor') return actor.supervisedCompanyIds.includes(profile.companyId) || profile.userId === actor.userId;
  return profile.userId === actor.userId;
}
