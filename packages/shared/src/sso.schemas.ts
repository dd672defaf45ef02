import { z } from 'zod';
import { EmailSchema } from './auth.schemas.ts';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';
import { cleanEmailDomain, EMAIL_DOMAIN_PATTERN, SSO_MESSAGES } from './sso.ts';

export const SsoProtocolSchema = z.enum(['oidc', 'saml']);
export type SsoProtocol = z.infer<typeof SsoProtocolSchema>;

/** What a SAML identity provider needs of the hub, per division: our entity ID, where it posts, our metadata. */
export const SamlSpValuesSchema = z.object({ entityId: z.string(), acsUrl: z.string(), metadataUrl: z.string() });
export type SamlSpValues = z.infer<typeof SamlSpValuesSchema>;

/** The SAML identity provider as read from its metadata (certificates by their expiry, never their text). */
export const SamlIdpSchema = z.object({
  entityId: z.string(),
  ssoUrl: z.string(),
  metadataUrl: z.string().nullable(),
  certificates: z.number().int(),
});

/** A division's SSO settings as the API answers them: never the client secret, only whether one is set. */
export const SsoConfigSchema = z.object({
  companyId: z.number().int(),
  protocol: SsoProtocolSchema,
  /** SAML 2.0 only: the identity provider the metadata named. */
  saml: SamlIdpSchema.nullable(),
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

/** GET answers the settings, or null, with what to register at the provider: the OpenID redirect URI, the SAML service provider's values. */
export const SsoConfigReplySchema = z.object({ config: SsoConfigSchema.nullable(), redirectUri: z.string(), samlSp: SamlSpValuesSchema });
export type SsoConfigReply = z.infer<typeof SsoConfigReplySchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(hasNoNul, NUL_MESSAGE)
    .optional()
    .transform((v) => v || undefined);

/**
 * PUT, for either protocol. OpenID Connect: issuer and client ID; the secret may be left out to keep
 * the stored one (it is never shown again). SAML 2.0: the identity provider's metadata, by URL or
 * pasted XML; with neither, a SAML division keeps the stored metadata.
 */
export const SsoConfigInputSchema = z
  .strictObject({
    protocol: SsoProtocolSchema.default('oidc'),
    issuer: optionalText(500).pipe(z.string().url(SSO_MESSAGES.issuerUnreachable).optional()),
    clientId: optionalText(300),
    clientSecret: z.string().max(1000).refine(hasNoNul, NUL_MESSAGE).optional(),
    samlMetadataUrl: optionalText(500).pipe(z.string().url(SSO_MESSAGES.samlMetadataUrlInvalid).optional()),
    samlMetadataXml: optionalText(200_000),
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
  })
  .superRefine((v, ctx) => {
    if (v.protocol !== 'oidc') return;
    if (!v.issuer) ctx.addIssue({ code: 'custom', path: ['issuer'], message: SSO_MESSAGES.issuerUnreachable });
    if (!v.clientId) ctx.addIssue({ code: 'custom', path: ['clientId'], message: SSO_MESSAGES.clientIdRequired });
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
/** The identity provider's form post to our assertion consumer service (HTTP-POST binding). */
export const SamlAcsBodySchema = z.object({ SAMLResponse: z.string().min(1).max(500_000), RelayState: z.string().max(500).optional() }).passthrough();

export const SsoTicketSchema = z.strictObject({ ticket: z.string().min(1, SSO_MESSAGES.signInFailed).max(200) });
