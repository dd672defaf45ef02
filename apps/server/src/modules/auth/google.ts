import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
});
export type OidcDiscovery = z.infer<typeof DiscoverySchema>;

export type GoogleIdentity = { sub: string; email: string | null; emailVerified: boolean; name: string | null; expiresAt: Date };

export type GoogleVerifier = {
  configured: boolean;
  clientId: string | undefined;
  discovery(): Promise<OidcDiscovery>;
  /** Verifies signature (issuer's JWKS), issuer, audience and expiry; optionally the nonce. */
  verify(idToken: string, nonce?: string): Promise<GoogleIdentity>;
};

/** Only the provider's public keys may sign; a symmetric (HS*) or unsigned token never passes. */
const ID_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
const GOOGLE_ISSUER = 'https://accounts.google.com';
const trimSlash = (s: string) => s.replace(/\/+$/, '');

/**
 * OpenID Connect id-token verification for "Sign in with Google". Issuer and
 * client are configuration, so tests point it at a real local OpenID provider.
 */
export function createGoogleVerifier(opts: { issuer: string; clientId?: string | undefined }): GoogleVerifier {
  let discovered: Promise<OidcDiscovery> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  const discovery = () => {
    discovered ??= fetch(`${trimSlash(opts.issuer)}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) })
      .then((r) => {
        if (!r.ok) throw new Error(`OpenID discovery answered ${r.status}`);
        return r.json();
      })
      .then((j) => {
        const d = DiscoverySchema.parse(j);
        // OpenID Connect Discovery §4.3: the document must name the issuer we asked.
        if (trimSlash(d.issuer) !== trimSlash(opts.issuer)) throw new Error(`OpenID discovery names issuer ${d.issuer}, expected ${opts.issuer}`);
        return d;
      })
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
      // Google documents both spellings of its issuer in id tokens.
      const issuers = trimSlash(d.issuer) === GOOGLE_ISSUER ? [d.issuer, 'accounts.google.com'] : [d.issuer];
      const { payload } = await jwtVerify<JWTPayload & { email?: string; email_verified?: boolean | string; name?: string; nonce?: string; azp?: string }>(
        idToken,
        jwks,
        { issuer: issuers, audience: opts.clientId, algorithms: ID_TOKEN_ALGORITHMS, requiredClaims: ['sub', 'exp', 'iat'], clockTolerance: 30 },
      );
      // OpenID Connect Core §3.1.3.7: with several audiences, or an azp at all, azp must be us.
      if ((Array.isArray(payload.aud) && payload.aud.length > 1) || payload.azp !== undefined) {
        if (payload.azp !== opts.clientId) throw new Error('id token was issued to another party (azp)');
      }
      if (nonce !== undefined && payload.nonce !== nonce) throw new Error('nonce mismatch');
      if (!payload.sub) throw new Error('id token has no subject');
      return {
        sub: payload.sub,
        email: typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: typeof payload.name === 'string' ? payload.name : null,
        expiresAt: new Date((payload.exp ?? 0) * 1000),
      };
    },
  };
}

/** RFC 6749 §2.3.1: client id and secret are form-urlencoded before they are joined and base64-encoded. */
function basicAuthorization(clientId: string, clientSecret: string): string {
  const formEncode = (v: string) => new URLSearchParams({ v }).toString().slice(2);
  return `Basic ${Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`).toString('base64')}`;
}

/**
 * Trades an authorization code for the provider's id token at its token endpoint
 * (confidential client, PKCE). The client authenticates the way the provider
 * advertises: client_secret_basic (the default when none is listed), else client_secret_post.
 */
export async function exchangeCode(
  d: OidcDiscovery,
  input: { clientId: string; clientSecret: string; code: string; redirectUri: string; codeVerifier: string },
): Promise<string> {
  const methods = d.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  const usePost = !methods.includes('client_secret_basic') && methods.includes('client_secret_post');
  const body = new URLSearchParams({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, code_verifier: input.codeVerifier });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (usePost) {
    body.set('client_id', input.clientId);
    body.set('client_secret', input.clientSecret);
  } else {
    headers.authorization = basicAuthorization(input.clientId, input.clientSecret);
  }
  const res = await fetch(d.token_endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
  const json = (await res.json().catch(() => ({}))) as { id_token?: unknown; error?: unknown };
  if (!res.ok || typeof json.id_token !== 'string')
    throw new Error(`token endpoint answered ${res.status} ${typeof json.error === 'string' ? json.error : ''}`.trim());
  return json.id_token;
}
