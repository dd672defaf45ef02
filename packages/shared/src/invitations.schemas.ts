import { z } from 'zod';
import { normalizeEmail } from './auth.ts';
import { MAX_ROW_ID } from './companies.ts';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';
import { INVITE_MESSAGES } from './invitations.ts';
import { DivisionRoleSchema } from './users.schemas.ts';

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
  /** The invited person's role in the division (spec §6): a plain user unless a supervisor is asked for. */
  role: DivisionRoleSchema.default('user'),
});
export type InviteInput = z.input<typeof InviteSchema>;

export const InviteQuerySchema = z.strictObject({ notify_user: z.enum(['true', 'false']).default('true') });

/** The invite and add-user calls answer success and message (spec §7), with what was created. */
export const InviteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  userId: z.number(),
  profileId: z.number(),
  companyId: z.number(),
  alias: z.string().nullable(),
  emailed: z.boolean(),
});
export type InviteResponse = z.infer<typeof InviteResponseSchema>;

/**
 * The add-user call (spec §3 New user payload): POST /users?notify_user= with
 * {email, name, company, masterProfile, profileAlias}. The same invitation as
 * POST /profiles/create-profile, in the invite dialog's own words.
 */
export const NewUserSchema = z.strictObject({
  email: z
    .string({ error: INVITE_MESSAGES.emailRequired })
    .trim()
    .min(1, INVITE_MESSAGES.emailRequired)
    .max(254)
    .email('Please enter a valid email address')
    .transform(normalizeEmail),
  name: z
    .string({ error: INVITE_MESSAGES.nameRequired })
    .trim()
    .min(1, INVITE_MESSAGES.nameRequired)
    .max(100, 'The name is too long (100 characters at most).')
    .refine(hasNoNul, NUL_MESSAGE),
  company: z.union([id, z.null(), z.undefined()]).refine((v) => typeof v === 'number', INVITE_MESSAGES.divisionRequired),
  masterProfile: z.number().int().positive().max(MAX_ROW_ID).nullish(),
  profileAlias: z.string().max(100).refine(hasNoNul, NUL_MESSAGE).nullish(),
  role: DivisionRoleSchema.default('user'),
});
export type NewUserInput = z.input<typeof NewUserSchema>;

/** The invite dialog's alias test (spec §4 Alias check, §5 invite alias rules). */
export const InviteAliasQuerySchema = z.strictObject({ alias: z.string().max(100).refine(hasNoNul, NUL_MESSAGE) });
/** success true: `message` is the cleaned alias, free to use; false: `message` says why not. */
export const InviteAliasResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type InviteAliasResponse = z.infer<typeof InviteAliasResponseSchema>;

/** Divisions the caller may invite into or filter by: a supervisor's own; a superadmin's search (spec §2 type-ahead of ≤ 10). */
export const InviteDivisionsQuerySchema = z.strictObject({
  filter: z.string().trim().max(200).refine(hasNoNul, NUL_MESSAGE).optional(),
  limit: z.coerce.number().int().min(1).max(100, 'limit can be at most 100.').default(10),
});

export const InviteDivisionSchema = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** Host of the division's public pages (custom domain, else `{subdomain}.{PUBLIC_DOMAIN}`): the invite dialog's URL preview. */
  profileDomain: z.string(),
  /** First template of the division (spec §3 New user payload masterProfile), null when it has none. */
  masterProfileId: z.number().nullable(),
  /** Whether the caller may invite into it (invite_users flag, or superadmin). */
  canInvite: z.boolean(),
});
export type InviteDivision = z.infer<typeof InviteDivisionSchema>;
export const InviteDivisionsResponseSchema = z.object({ data: z.array(InviteDivisionSchema) });
export type InviteDivisionsResponse = z.infer<typeof InviteDivisionsResponseSchema>;
