/**
 * Spec §7 GET /purchase-histories?_where[user.id]= (spec §3 billing): a user's
 * payments. A user sees their own; a supervisor those of the members of the
 * divisions they supervise (and their own); a superadmin everyone's. A user
 * outside that scope is filtered out like one without payments: an empty list.
 */
import { PurchaseHistoryListSchema, PurchaseHistoryQuerySchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/auth.ts';
import { listPurchaseHistories } from './billing.service.ts';

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
