/** Database access of a visitor's lead-form submission. */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyMembers, leadSubmissions, profiles, users } from '../../db/schema.ts';

/** What a submission needs of a published profile (its live content and the lead form it shows); undefined when it is not published. */
export async function publishedProfileForLead(db: Db, profileId: number) {
  const [p] = await db
    .select({
      id: profiles.id,
      companyId: profiles.companyId,
      content: profiles.publishedContent,
      alias: profiles.alias,
      shown: profiles.publishedLeadForm,
    })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), isNotNull(profiles.publishedAt)))
    .limit(1);
  return p;
}

/**
 * The accounts of a division that want lead mails (Manage Notifications), by email: who a lead notification may go to.
 * Not someone deactivated in it (offboarding, decision 022): a visitor's details never reach a person who left.
 */
export async function divisionLeadEmails(db: Db, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), isNull(companyMembers.deactivatedAt), eq(users.blocked, false), eq(users.mailLeadMessages, true)));
  return rows.map((r) => r.email.toLowerCase());
}

export async function insertLeadSubmission(db: Db, values: typeof leadSubmissions.$inferInsert): Promise<{ id: number }> {
  const [row] = await db.insert(leadSubmissions).values(values).returning({ id: leadSubmissions.id });
  return row!;
}
