import { z } from 'zod';
import { API_KEY_MESSAGES, API_KEY_SCOPES } from './api-keys.ts';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';

export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES);

/** A division's API key as lists show it: never the key, only its first characters (the prefix). */
export const ApiKeySchema = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  createdBy: z.number(),
  /** The maker's email, as the list shows who made it. */
  createdByEmail: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The answer to making a key: the key itself, shown this once (only its SHA-256 is stored). */
export const ApiKeyCreatedSchema = ApiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

export const ApiKeyListSchema = z.object({ keys: z.array(ApiKeySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

export const ApiKeyInputSchema = z.strictObject({
  name: z.string().trim().min(1, API_KEY_MESSAGES.nameRequired).max(100).refine(hasNoNul, NUL_MESSAGE),
  scopes: z
    .array(ApiKeyScopeSchema)
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .max(API_KEY_SCOPES.length)
    .transform((s) => [...new Set(s)]),
});
export type ApiKeyInput = z.input<typeof ApiKeyInputSchema>;
