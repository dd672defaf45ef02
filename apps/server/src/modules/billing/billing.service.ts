/** Purchase history (spec §3 billing): whose payments an actor may see, newest first. */
import type { PurchaseHistory } from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/policy.ts';
import { type PurchaseHistoryRow, visiblePurchaseHistories } from './billing.queries.ts';

const recordOf = (r: PurchaseHistoryRow): PurchaseHistory => ({
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

export async function listPurchaseHistories(db: Db, actor: Actor, userId: number | undefined): Promise<PurchaseHistory[]> {
  const rows = await visiblePurchaseHistories(db, actor, userId);
  return rows.map(recordOf);
}
