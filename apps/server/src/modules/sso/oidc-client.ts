import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import * as oidc from 'openid-client';
import { isPrivateAddress } from '../domains/domain-probe.ts';

/** Why an issuer cannot be used: not https, on a private network, or not answering as an OpenID provider. */
export class IssuerProblem extends Error {
  readonly kind: 'not_https' | 'private' | 'unreachable';
  constructor(kind: 'not_https' | 'private' | 'unreachable') {
    super(`SSO issuer ${kind}`);
    this.kind = kind;
  }
}

export type OidcOptions = {
  /** SSO_ALLOW_PRIVATE_ISSUER: loopback, private addresses and plain http allowed (development and tests). */
  allowPrivate: boolean;
  /** The fetch every call to the provider goes through (tests wrap it). */
  fetch: typeof fetch;
};

export type ClientSettings = { issuer: string; clientId: string; clientSecret: string };

/**
 * Every request to a division's provider (discovery, keys, token) goes through this: https only,
 * and a host whose addresses include a loopback or private one is refused, so a division's
 * settings cannot make the hub call its own network. (The name is resolved again by fetch;
 * a name that changes its answer in between is the known gap, see decision 021.)
 */
export function guardedFetch(o: OidcOptions): oidc.CustomFetch {
  return async (url, options) => {
    if (!o.allowPrivate) {
      const u = new URL(url);
      if (u.protocol !== 'https:') throw new IssuerProblem('not_https');
      const host = u.hostname.replace(/^\[|\]$/g, '');
      const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
      if (!addresses.length || addresses.some(isPrivateAddress)) throw new IssuerProblem('private');
    }
    return o.fetch(url, { ...options, redirect: 'manual' } as RequestInit);
  };
}

/**
 * The openid-client configuration of a division's provider: discovery (whose issuer must be the
 * one asked), our client, and client authentication as the provider advertises it —
 * client_secret_basic (OpenID's default), else client_secret_post.
 */
export async function discoverProvider(s: ClientSettings, o: OidcOptions): Promise<oidc.Configuration> {
  const f = guardedFetch(o);
  if (!o.allowPrivate && new URL(s.issuer).protocol !== 'https:') throw new IssuerProblem('not_https');
  let config: oidc.Configuration;
  try {
    config = await oidc.discovery(new URL(s.issuer), s.clientId, undefined, oidc.ClientSecretBasic(s.clientSecret), {
      [oidc.customFetch]: f,
      timeout: 10,
      execute: o.allowPrivate ? [oidc.allowInsecureRequests] : [],
    });
  } catch (err) {
    if (err instanceof IssuerProblem) throw err;
    if (err instanceof Error && err.cause instanceof IssuerProblem) throw err.cause;
    throw new IssuerProblem('unreachable');
  }
  const methods = config.serverMetadata().token_endpoint_auth_methods_supported;
  if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
    config = new oidc.Configuration(config.serverMetadata(), s.clientId, undefined, oidc.ClientSecretPost(s.clientSecret));
    config[oidc.customFetch] = f;
    config.timeout = 10;
    if (o.allowPrivate) oidc.allowInsecureRequests(config);
  }
  return config;
}

/** A fresh sign-in: state, nonce and PKCE verifier, and the provider's authorization URL carrying them. */
export async function authorizationRequest(config: oidc.Configuration, redirectUri: string, loginHint: string) {
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    login_hint: loginHint,
  });
  return { url, state, nonce, codeVerifier };
}

export type SsoIdentity = { sub: string; email: string | null; emailVerified: boolean; name: string | null; expiresAt: Date; idToken: string };

/**
 * The provider's answer at our callback: openid-client checks the response's state and issuer
 * (RFC 9207), trades the code with the PKCE verifier, and validates the id token (signature by
 * the provider's keys, issuer, audience and azp, expiry, and the nonce we sent).
 */
/**
 * Whether the provider vouches for the email: `email_verified`, or — only when a token has no
 * `email_verified` at all, as Microsoft Entra ID's id tokens for work accounts never do — Entra's
 * optional `xms_edov` claim ("email domain owner verified": the domain is one the user's tenant
 * has verified), which its operator adds to the app's token configuration (docs/sso.md).
 */
function emailVerified(claims: Record<string, unknown>): boolean {
  if ('email_verified' in claims) return claims.email_verified === true;
  return claims.xms_edov === true;
}

export async function completeSignIn(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<SsoIdentity> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims || !tokens.id_token) throw new Error('no id token');
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
  return {
    sub: claims.sub,
    email,
    emailVerified: emailVerified(claims),
    name: typeof claims.name === 'string' ? claims.name : null,
    expiresAt: new Date(claims.exp * 1000),
    idToken: tokens.id_token,
  };
}
