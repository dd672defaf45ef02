/** Database access of the purchase history (spec §3 billing). */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyMembers, purchaseHistories } from '../../db/schema.ts';
import type { Actor } from '../../http/policy.ts';
import { ownOrSupervised } from '../../http/scope.ts';

export type PurchaseHistoryRow = typeof purchaseHistories.$inferSelect;

/** Whose payments the actor may see, as SQL over purchase_histories; undefined for everyone's. */
function visibleWhere(db: Db, actor: Actor): SQL | undefined {
  return ownOrSupervised(actor, eq(purchaseHistories.userId, actor.userId), (ids) =>
    inArray(purchaseHistories.userId, db.select({ userId: companyMembers.userId }).from(companyMembers).where(inArray(companyMembers.companyId, ids))),
  );
}

/** The payments the actor may see, of one user or of all, newest first (at most 500). */
export async function visiblePurchaseHistories(db: Db, actor: Actor, userId: number | undefined): Promise<PurchaseHistoryRow[]> {
  return db
    .select()
    .from(purchaseHistories)
    .where(and(visibleWhere(db, actor), userId !== undefined ? eq(purchaseHistories.userId, userId) : undefined))
    .orderBy(desc(purchaseHistories.billingDate), desc(purchaseHistories.id))
    .limit(500);
}
