/** Lead-form reads shared by the editor's routes, the published page and its submissions. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadForms } from '../../db/schema.ts';

export type LeadFormRow = typeof leadForms.$inferSelect;

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
