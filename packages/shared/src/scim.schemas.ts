import { z } from 'zod';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';

/** A division's SCIM provisioning token as lists show it: never the token, only its last four characters. */
export const ScimTokenSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  hint: z.string(),
  createdBy: z.number(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ScimToken = z.infer<typeof ScimTokenSchema>;

/** The answer to creating a token: the token itself, shown this once (only its hash is stored). */
export const ScimTokenCreatedSchema = ScimTokenSchema.extend({ token: z.string() });
export type ScimTokenCreated = z.infer<typeof ScimTokenCreatedSchema>;

export const ScimTokenListSchema = z.object({ tokens: z.array(ScimTokenSchema), baseUrl: z.string() });
export type ScimTokenList = z.infer<typeof ScimTokenListSchema>;

export const ScimTokenInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the token (e.g. the identity provider it is for).').max(100).refine(hasNoNul, NUL_MESSAGE),
});
export type ScimTokenInput = z.input<typeof ScimTokenInputSchema>;
