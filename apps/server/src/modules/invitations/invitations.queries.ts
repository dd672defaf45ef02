/** Database access of the invite dialog and the invite flow (spec §4 Invite flow). */
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyMembers, profiles, users } from '../../db/schema.ts';
import { type CompanyScope, inScope } from '../../http/scope.ts';
import { likeText } from '../users/users.queries.ts';

/** Divisions of the scope whose title or description matches, by title, each with its first template (null without one). */
export async function inviteDivisionRows(db: Db, scope: CompanyScope, filter: string | undefined, limit: number) {
  return db
    .select({
      company: companies,
      masterProfileId: sql<number | null>`(select min(m.id) from ${profiles} as m where m.company_id = "companies"."id" and m.is_master)`,
    })
    .from(companies)
    .where(and(inScope(companies.id, scope), filter ? or(ilike(companies.title, likeText(filter)), ilike(companies.description, likeText(filter))) : undefined))
    .orderBy(asc(companies.title), asc(companies.id))
    .limit(limit);
}

/** The division's template to invite under: the one named, else its first; undefined when there is no such template. */
export async function inviteTemplateId(db: Db, companyId: number, masterProfileId: number | undefined): Promise<number | undefined> {
  const where = masterProfileId
    ? and(eq(profiles.id, masterProfileId), eq(profiles.companyId, companyId), eq(profiles.isMaster, true))
    : and(eq(profiles.companyId, companyId), eq(profiles.isMaster, true));
  const [master] = await db.select({ id: profiles.id }).from(profiles).where(where).orderBy(asc(profiles.id)).limit(1);
  return master?.id;
}

/** The invited people's accounts (one statement however many); each id by email. */
export async function insertUsers(db: Db, values: (typeof users.$inferInsert)[]): Promise<Map<string, number>> {
  const rows = await db.insert(users).values(values).returning({ id: users.id, email: users.email });
  return new Map(rows.map((r) => [r.email, r.id]));
}

export async function insertMembers(db: Db, members: { userId: number; companyId: number; role: 'supervisor' | 'member' }[]): Promise<void> {
  await db.insert(companyMembers).values(members);
}

/** The invited people's profiles; each id by user id. */
export async function insertInviteeProfiles(db: Db, values: (typeof profiles.$inferInsert)[]): Promise<Map<number, number>> {
  const rows = await db.insert(profiles).values(values).returning({ id: profiles.id, userId: profiles.userId });
  return new Map(rows.map((r) => [r.userId!, r.id]));
}
