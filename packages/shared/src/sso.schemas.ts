import { z } from 'zod';
import { EmailSchema } from './auth.schemas.ts';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';
import { cleanEmailDomain, EMAIL_DOMAIN_PATTERN, SSO_MESSAGES } from './sso.ts';

/** A division's SSO settings as the API answers them: never the client secret, only whether one is set. */
export const SsoConfigSchema = z.object({
  companyId: z.number().int(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  allowedDomains: z.array(z.string()),
  required: z.boolean(),
  enabled: z.boolean(),
  /** Where the provider must send people back: register this redirect URI at the provider. */
  redirectUri: z.string(),
  updatedAt: z.string(),
});
export type SsoConfig = z.infer<typeof SsoConfigSchema>;

/** GET answers the settings, or null with the redirect URI to register when none are saved. */
export const SsoConfigReplySchema = z.object({ config: SsoConfigSchema.nullable(), redirectUri: z.string() });
export type SsoConfigReply = z.infer<typeof SsoConfigReplySchema>;

const text = (max: number) => z.string().trim().min(1).max(max).refine(hasNoNul, NUL_MESSAGE);

/** PUT: the secret may be left out to keep the stored one (it is never shown again). */
export const SsoConfigInputSchema = z.strictObject({
  issuer: text(500).pipe(z.string().url(SSO_MESSAGES.issuerUnreachable)),
  clientId: text(300),
  clientSecret: z.string().max(1000).refine(hasNoNul, NUL_MESSAGE).optional(),
  allowedDomains: z
    .array(
      z
        .string()
        .max(253)
        .transform(cleanEmailDomain)
        .refine((d) => EMAIL_DOMAIN_PATTERN.test(d), SSO_MESSAGES.domainInvalid),
    )
    .min(1, SSO_MESSAGES.domainsRequired)
    .max(50)
    .transform((ds) => [...new Set(ds)]),
  required: z.boolean(),
  enabled: z.boolean().default(true),
});
export type SsoConfigInput = z.input<typeof SsoConfigInputSchema>;

/** What the sign-in page does next for an email: single sign-on is offered, and maybe the only way. */
export const SsoDiscoverySchema = z.object({ sso: z.boolean(), required: z.boolean() });
export type SsoDiscovery = z.infer<typeof SsoDiscoverySchema>;

export const SsoEmailSchema = z.strictObject({ email: EmailSchema });

export const SsoCallbackQuerySchema = z
  .object({
    code: z.string().max(2000).optional(),
    state: z.string().max(200).optional(),
    error: z.string().max(200).optional(),
    iss: z.string().max(500).optional(),
  })
  .passthrough();

/** The SPA trades the one-time ticket of an SSO sign-in for a session. */
export const SsoTicketSchema = z.strictObject({ ticket: z.string().min(1, SSO_MESSAGES.signInFailed).max(200) });
