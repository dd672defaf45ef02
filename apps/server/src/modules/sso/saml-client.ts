import { type CacheProvider, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { guardedFetch, IssuerProblem, type OidcOptions } from './oidc-client.ts';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
/** The attributes that may carry the email, first match wins; without any, a NameID of the emailAddress format. */
const EMAIL_ATTRIBUTES = [
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', // Entra ID
  'email', // Okta, Google Workspace (as mapped in docs/sso.md)
  'mail',
  'urn:oid:0.9.2342.19200300.100.1.3', // mail, as a URI (Shibboleth, ADFS)
] as const;
/** Clocks of the provider and the hub may differ this much on NotBefore / NotOnOrAfter. */
const CLOCK_SKEW_MS = 60_000;

export type SamlIdp = { entityId: string; ssoUrl: string; certs: string[] };

/** Why metadata cannot be used: unreadable (URL), or not an identity provider's metadata. */
export class MetadataProblem extends Error {
  readonly kind: 'unreachable' | 'invalid';
  constructor(kind: 'unreachable' | 'invalid') {
    super(`SAML metadata ${kind}`);
    this.kind = kind;
  }
}

const pem = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${base64
    .replace(/\s+/g, '')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END CERTIFICATE-----`;

/**
 * The identity provider in SAML 2.0 metadata (an EntityDescriptor, or the first one with an IdP role
 * in an EntitiesDescriptor): its entity ID, its HTTP-Redirect SingleSignOnService and the
 * certificates of its signing keys (KeyDescriptor use="signing" or without use). xmldom resolves no
 * external entities, so pasted XML cannot make the hub read files or call out.
 */
export function parseIdpMetadata(xml: string): SamlIdp {
  let doc: Document;
  try {
    doc = new DOMParser({ errorHandler: { warning: () => {}, error: () => {}, fatalError: () => {} } }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    throw new MetadataProblem('invalid');
  }
  const idp = Array.from(doc.getElementsByTagNameNS(MD, 'IDPSSODescriptor'))[0];
  const entity = idp?.parentNode as Element | null;
  const entityId = entity?.getAttribute('entityID')?.trim();
  if (!idp || !entityId) throw new MetadataProblem('invalid');
  const sso = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService')).find((e) => e.getAttribute('Binding') === REDIRECT_BINDING);
  const ssoUrl = sso?.getAttribute('Location')?.trim();
  const certs = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))
    .filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, 'X509Certificate')))
    .map((c) => (c.textContent ?? '').replace(/\s+/g, ''))
    .filter((c) => c.length > 0);
  if (!ssoUrl || !/^https?:\/\//.test(ssoUrl) || !certs.length) throw new MetadataProblem('invalid');
  return { entityId, ssoUrl, certs: [...new Set(certs)].map(pem) };
}

/** Reads metadata from its URL through the same guard as OpenID discovery (https, no private address). */
export async function fetchIdpMetadata(url: string, o: OidcOptions): Promise<SamlIdp> {
  if (!o.allowPrivate && new URL(url).protocol !== 'https:') throw new IssuerProblem('not_https');
  let xml: string;
  try {
    const res = await guardedFetch(o)(url, {
      method: 'GET',
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
      body: undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new MetadataProblem('unreachable');
    xml = await res.text();
  } catch (err) {
    if (err instanceof IssuerProblem) throw err;
    throw new MetadataProblem('unreachable');
  }
  return parseIdpMetadata(xml);
}

export type SamlSp = { entityId: string; acsUrl: string };

/**
 * node-saml for one division: assertions must be signed by one of the IdP's certificates, issued by
 * its entity ID, for our entity ID (audience), within their time window (small skew), and in answer
 * to `inResponseTo` — the request the ACS has already taken, once, from the database.
 */
function samlOf(idp: SamlIdp, sp: SamlSp, inResponseTo?: string) {
  const cacheProvider: CacheProvider = {
    // The request IDs live in sso_logins (taken once by the ACS), not in node-saml's memory cache.
    saveAsync: async () => null,
    // node-saml reads the value as the request's time; the ACS has checked the stored request is live.
    getAsync: async (key) => (inResponseTo && key === inResponseTo ? new Date().toISOString() : null),
    removeAsync: async () => null,
  };
  return new SAML({
    entryPoint: idp.ssoUrl,
    idpCert: idp.certs,
    idpIssuer: idp.entityId,
    issuer: sp.entityId,
    audience: sp.entityId,
    callbackUrl: sp.acsUrl,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    cacheProvider,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    identifierFormat: EMAIL_FORMAT,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/** A fresh AuthnRequest (HTTP-Redirect binding): the provider's URL carrying it, and its ID for the ACS to match. */
export async function samlAuthorizeUrl(idp: SamlIdp, sp: SamlSp): Promise<{ url: string; requestId: string }> {
  let requestId = '';
  const saml = samlOf(idp, sp);
  saml.options.generateUniqueId = () => {
    requestId = `_${crypto.randomUUID().replaceAll('-', '')}`;
    return requestId;
  };
  const url = await saml.getAuthorizeUrlAsync('', undefined, {});
  return { url, requestId };
}

/** The unverified InResponseTo of a posted response: only to find the request it claims to answer. */
export function inResponseToOf(samlResponse: string): string | undefined {
  try {
    const doc = new DOMParser({ errorHandler: { warning: () => {}, error: () => {}, fatalError: () => {} } }).parseFromString(
      Buffer.from(samlResponse, 'base64').toString('utf8'),
      'text/xml',
    );
    return doc.documentElement?.getAttribute('InResponseTo') || undefined;
  } catch {
    return undefined;
  }
}

export type SamlIdentity = { email: string | null; name: string | null; assertionId: string; expiresAt: Date };

const first = (v: unknown): string | undefined => (Array.isArray(v) ? first(v[0]) : typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The posted response, checked by node-saml (signature of the assertion, issuer, audience, times,
 * InResponseTo); the email from the first of EMAIL_ATTRIBUTES present, else from the NameID when
 * its format is emailAddress. The assertion ID and its end of life are answered for the replay check.
 */
export async function validateSamlResponse(idp: SamlIdp, sp: SamlSp, samlResponse: string, inResponseTo: string): Promise<SamlIdentity> {
  const { profile } = await samlOf(idp, sp, inResponseTo).validatePostResponseAsync({ SAMLResponse: samlResponse });
  if (!profile) throw new Error('no assertion');
  const assertion = profile.getAssertion?.() as { Assertion?: { $?: { ID?: string }; Conditions?: { $?: { NotOnOrAfter?: string } }[] } } | undefined;
  const assertionId = assertion?.Assertion?.$?.ID;
  if (!assertionId) throw new Error('assertion without ID');
  const notOnOrAfter = assertion?.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter;
  const expiresAt = notOnOrAfter ? new Date(Date.parse(notOnOrAfter) + CLOCK_SKEW_MS) : new Date(Date.now() + 24 * 3600_000);
  // An email attribute first: Entra's NameID is the user principal name, which may differ from the mailbox.
  const fromNameId = profile.nameIDFormat === EMAIL_FORMAT ? profile.nameID : undefined;
  const email = EMAIL_ATTRIBUTES.map((a) => first(profile[a])).find(Boolean) ?? fromNameId;
  const name =
    first(profile['http://schemas.microsoft.com/identity/claims/displayname']) ??
    first(profile['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name']) ??
    first(profile.displayName) ??
    first(profile.name);
  return { email: email?.trim().toLowerCase() || null, name: name ?? null, assertionId, expiresAt };
}

/** Our service provider metadata for the division (unsigned; we sign no requests). */
export function spMetadata(sp: SamlSp): string {
  return new SAML({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    idpCert: 'unused',
    identifierFormat: EMAIL_FORMAT,
    wantAssertionsSigned: true,
  }).generateServiceProviderMetadata(null);
}
