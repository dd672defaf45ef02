/** Spec §7 GET /purchase-histories?_where[user.id]= (spec §3 billing). */
import { z } from 'zod';
import { MAX_ROW_ID } from './companies.ts';

export const PurchaseHistoryQuerySchema = z.object({
  '_where[user.id]': z.coerce
    .number({ error: '_where[user.id] must be a user id.' })
    .int('_where[user.id] must be a user id.')
    .positive('_where[user.id] must be a user id.')
    .max(MAX_ROW_ID, '_where[user.id] must be a user id.')
    .optional(),
});

export const PurchaseHistorySchema = z.object({
  id: z.number(),
  userId: z.number(),
  companyId: z.number().nullable(),
  provider: z.string(),
  status: z.string(),
  /** Minor units (cents). */
  amountGross: z.number().int(),
  currency: z.string(),
  billingDate: z.string(),
  expirationDate: z.string().nullable(),
  createdAt: z.string(),
});
export type PurchaseHistory = z.infer<typeof PurchaseHistorySchema>;

export const PurchaseHistoryListSchema = z.array(PurchaseHistorySchema);
