import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
});
export type OidcDiscovery = z.infer<typeof DiscoverySchema>;

export type GoogleIdentity = { sub: string; email: string | null; emailVerified: boolean; name: string | null };

export type GoogleVerifier = {
  configured: boolean;
  clientId: string | undefined;
  discovery(): Promise<OidcDiscovery>;
  /** Verifies signature (issuer's JWKS), issuer, audience and expiry; optionally the nonce. */
  verify(idToken: string, nonce?: string): Promise<GoogleIdentity>;
};

/**
 * OpenID Connect id-token verification for "Sign in with Google". Issuer and
 * client are configuration, so tests point it at a real local OpenID provider.
 */
export function createGoogleVerifier(opts: { issuer: string; clientId?: string | undefined }): GoogleVerifier {
  let discovered: Promise<OidcDiscovery> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  const discovery = () => {
    discovered ??= fetch(`${opts.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) })
      .then((r) => {
        if (!r.ok) throw new Error(`OpenID discovery answered ${r.status}`);
        return r.json();
      })
      .then((j) => DiscoverySchema.parse(j))
      .catch((err) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  };
  return {
    configured: Boolean(opts.clientId),
    clientId: opts.clientId,
    discovery,
    async verify(idToken, nonce) {
      if (!opts.clientId) throw new Error('Google sign-in is not configured');
      const d = await discovery();
      jwks ??= createRemoteJWKSet(new URL(d.jwks_uri));
      const { payload } = await jwtVerify<JWTPayload & { email?: string; email_verified?: boolean | string; name?: string; nonce?: string }>(idToken, jwks, {
        issuer: d.issuer,
        audience: opts.clientId,
      });
      if (nonce !== undefined && payload.nonce !== nonce) throw new Error('nonce mismatch');
      if (!payload.sub) throw new Error('id token has no subject');
      return {
        sub: payload.sub,
        email: typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: payload.name ?? null,
      };
    },
  };
}
