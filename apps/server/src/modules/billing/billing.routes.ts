/**
 * Spec §7 GET /purchase-histories?_where[user.id]= (spec §3 billing): a user's
 * payments. A user sees their own; a supervisor those of the members of the
 * divisions they supervise (and their own); a superadmin everyone's. A user
 * outside that scope is filtered out like one without payments: an empty list.
 */
import { type PurchaseHistory, PurchaseHistoryListSchema, PurchaseHistoryQuerySchema } from '@profilehub/shared';
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { companyMembers, purchaseHistories } from '../../db/schema.ts';
import { actorOf } from '../../http/auth.ts';
import { type Actor, companiesOf } from '../../http/policy.ts';

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
  const scope = companiesOf(actor);
  if (scope === 'all') return undefined;
  const own = eq(purchaseHistories.userId, actor.userId);
  if (actor.role !== 'supervisor' || actor.supervisedCompanyIds.length === 0) return own;
  const members = db.select({ userId: companyMembers.userId }).from(companyMembers).where(inArray(companyMembers.companyId, actor.supervisedCompanyIds));
  return or(own, inArray(purchaseHistories.userId, members));
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

export async function billingRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/purchase-histories',
    {
      schema: {
        tags: ['billing'],
        summary: 'Payments, newest first, of one user (_where[user.id]) or of everyone the caller may see; amountGross in cents',
        description:
          'A user sees their own; a supervisor those of the members of their divisions; a superadmin all. Others’ payments are left out (an empty list).',
        querystring: PurchaseHistoryQuerySchema,
        response: { 200: PurchaseHistoryListSchema },
      },
    },
    async (req) => listPurchaseHistories(db, actorOf(req), req.query['_where[user.id]']),
  );
}
