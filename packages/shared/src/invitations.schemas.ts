import { z } from 'zod';
import { normalizeEmail } from './auth.ts';
import { MAX_ROW_ID } from './companies.ts';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';
import { INVITE_MESSAGES } from './invitations.ts';

const id = z.number({ error: INVITE_MESSAGES.divisionRequired }).int().positive().max(MAX_ROW_ID);

/**
 * POST /profiles/create-profile (spec §7): the invite dialog's payload. The
 * email is lower-cased (spec §5); the alias is checked by the server with the
 * invite alias rules.
 */
export const InviteSchema = z.strictObject({
  subscriptionType: z.enum(['enterprise', 'lite']).optional(),
  company: id,
  masterProfile: z.number().int().positive().max(MAX_ROW_ID).optional(),
  person: z.strictObject({
    first_name: z
      .string({ error: INVITE_MESSAGES.nameRequired })
      .trim()
      .min(1, INVITE_MESSAGES.nameRequired)
      .max(100, 'The name is too long (100 characters at most).')
      .refine(hasNoNul, NUL_MESSAGE),
  }),
  profileAlias: z.string().max(100).refine(hasNoNul, NUL_MESSAGE).optional(),
  contacts: z.strictObject({ email: z.string().max(254).optional() }).optional(),
  userAccountEmail: z
    .string({ error: INVITE_MESSAGES.emailRequired })
    .trim()
    .min(1, INVITE_MESSAGES.emailRequired)
    .max(254)
    .email('Please enter a valid email address')
    .transform(normalizeEmail),
  profileName: z.string().max(200).optional(),
});
export type InviteInput = z.input<typeof InviteSchema>;

export const InviteQuerySchema = z.strictObject({ notify_user: z.enum(['true', 'false']).default('true') });

export const InviteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  userId: z.number(),
  profileId: z.number(),
  companyId: z.number(),
  alias: z.string().nullable(),
  emailed: z.boolean(),
});
