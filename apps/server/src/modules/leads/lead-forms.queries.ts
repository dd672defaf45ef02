/** Lead forms as the editor's routes, the published page and its submissions read and write them. */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadForms, profiles } from '../../db/schema.ts';
import type { Actor } from '../../http/policy.ts';
import { ownOrSupervised } from '../../http/scope.ts';

export type LeadFormRow = typeof leadForms.$inferSelect;
type NewLeadForm = typeof leadForms.$inferInsert;

/**
 * The stored form a published page's contact form names (its `formId`), when
 * it belongs to the profile's division: the page shows, and a submission is
 * checked against, its fields.
 */
export async function storedLeadForm(db: Db, companyId: number, formId: string | null | undefined): Promise<LeadFormRow | null> {
  if (!formId) return null;
  const [row] = await db
    .select()
    .from(leadForms)
    .where(and(eq(leadForms.formId, formId), eq(leadForms.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/** The profiles whose forms an actor sees: those they may edit (spec §6), as SQL over `profiles`; undefined for everything. */
function visibleProfilesWhere(actor: Actor): SQL | undefined {
  return ownOrSupervised(actor, eq(profiles.userId, actor.userId), (ids) => inArray(profiles.companyId, ids));
}

/** The forms of the profiles the actor may edit, by id, optionally of one form id or profile (at most 200). */
export async function visibleLeadForms(db: Db, actor: Actor, q: { formId?: string | undefined; profileId?: number | undefined }): Promise<LeadFormRow[]> {
  const where = and(
    visibleProfilesWhere(actor),
    q.formId !== undefined ? eq(leadForms.formId, q.formId) : undefined,
    q.profileId !== undefined ? eq(leadForms.profileId, q.profileId) : undefined,
  );
  const rows = await db
    .select({ form: leadForms })
    .from(leadForms)
    .innerJoin(profiles, eq(profiles.id, leadForms.profileId))
    .where(where)
    .orderBy(asc(leadForms.id))
    .limit(200);
  return rows.map((r) => r.form);
}

export async function insertLeadForm(db: Db, values: NewLeadForm): Promise<LeadFormRow> {
  const [row] = await db.insert(leadForms).values(values).returning();
  return row!;
}

export async function leadFormById(db: Db, id: number): Promise<LeadFormRow | undefined> {
  const [row] = await db.select().from(leadForms).where(eq(leadForms.id, id)).limit(1);
  return row;
}

/** Writes the changed columns, and the time of the change. */
export async function updateLeadFormRow(db: Db, id: number, changes: Partial<NewLeadForm>): Promise<LeadFormRow> {
  const [row] = await db
    .update(leadForms)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(leadForms.id, id))
    .returning();
  return row!;
}
