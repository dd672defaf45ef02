/** Purchase history (spec §3 billing): whose payments an actor may see, newest first. */
import type { PurchaseHistory } from '@profilehub/shared';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyMembers, purchaseHistories } from '../../db/schema.ts';
import type { Actor } from '../../http/policy.ts';
import { ownOrSupervised } from '../../http/scope.ts';

type Row = typeof purchaseHistories.$inferSelect;

const recordOf = (r: Row): PurchaseHistory => ({
  id: r.id,
  userId: r.userId,
  companyId: r.companyId,
  provider: r.provider,
  status: r.status,
  amountGross: r.amountGross,
  currency: r.currency,
  billingDate: r.billingDate.toISOString(),
  expirationDate: r.expirationDate?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** Whose payments the actor may see, as SQL over purchase_histories; undefined for everyone's. */
function visibleWhere(db: Db, actor: Actor): SQL | undefined {
  return ownOrSupervised(actor, eq(purchaseHistories.userId, actor.userId), (ids) =>
    inArray(purchaseHistories.userId, db.select({ userId: companyMembers.userId }).from(companyMembers).where(inArray(companyMembers.companyId, ids))),
  );
}

export async function listPurchaseHistories(db: Db, actor: Actor, userId: number | undefined): Promise<PurchaseHistory[]> {
  const rows = await db
    .select()
    .from(purchaseHistories)
    .where(and(visibleWhere(db, actor), userId !== undefined ? eq(purchaseHistories.userId, userId) : undefined))
    .orderBy(desc(purchaseHistories.billingDate), desc(purchaseHistories.id))
    .limit(500);
  return rows.map(recordOf);
}
