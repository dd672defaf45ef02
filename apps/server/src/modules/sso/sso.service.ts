import { createHash } from 'node:crypto';
import {
  type AuthResponse,
  type SamlSpValues,
  SSO_MESSAGES,
  type SsoConfig,
  type SsoConfigInputSchema,
  type SsoConfigReply,
  type SsoDiscovery,
} from '@profilehub/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { type Actor, canConfigureSso } from '../../http/policy.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { audit } from '../audit/audit.service.ts';
import { spendIdToken, userByEmail } from '../auth/auth.queries.ts';
import { type RequestContext, startSession } from '../auth/auth.service.ts';
import { companyRowById } from '../companies/companies.queries.ts';
import { inviteTemplateId } from '../invitations/invitations.queries.ts';
import { createInvitees } from '../invitations/invitations.service.ts';
import { isUniqueViolation } from '../profiles/profiles.queries.ts';
import { WEBHOOK_JOB } from '../webhooks/webhooks.service.ts';
import { authorizationRequest, completeSignIn, discoverProvider, IssuerProblem, type OidcOptions } from './oidc-client.ts';
import {
  fetchIdpMetadata,
  inResponseToOf,
  MetadataProblem,
  parseIdpMetadata,
  type SamlIdp,
  type SamlSp,
  samlAuthorizeUrl,
  spMetadata,
  validateSamlResponse,
} from './saml-client.ts';
import { deleteSso, domainClaimedElsewhere, insertSsoLogin, markSignedInBySso, type SsoRow, ssoOfCompany, takeSsoLogin, upsertSso } from './sso.queries.ts';
import { domainOf, ssoGoverning } from './sso-governs.ts';

type SsoInput = z.output<typeof SsoConfigInputSchema>;
type SsoDeps = Pick<Deps, 'db' | 'config' | 'secrets' | 'ssoFetch'>;

/** A started sign-in may take this long at the provider (login, MFA) before its state dies. */
const LOGIN_TTL_MS = 10 * 60_000;

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');
export const ssoRedirectUri = (publicUrl: string) => `${base(publicUrl)}/api/auth/sso/callback`;
/** The hub as a SAML service provider of one division: its entity ID is its metadata's URL; one ACS serves every division. */
const samlSpValues = (publicUrl: string, companyId: number): SamlSpValues => ({
  entityId: `${base(publicUrl)}/api/auth/saml/${companyId}/metadata`,
  acsUrl: `${base(publicUrl)}/api/auth/saml/acs`,
  metadataUrl: `${base(publicUrl)}/api/auth/saml/${companyId}/metadata`,
});
const samlSp = (publicUrl: string, companyId: number): SamlSp => samlSpValues(publicUrl, companyId);
const samlIdpOf = (row: SsoRow): SamlIdp => ({ entityId: row.samlIdpEntityId ?? '', ssoUrl: row.samlSsoUrl ?? '', certs: row.samlIdpCerts ?? [] });
const secretContext = (companyId: number) => `division_sso:${companyId}`;
const hash = (value: string) => createHash('sha256').update(value).digest('base64url');
const oidcOptions = (deps: Pick<Deps, 'config' | 'ssoFetch'>): OidcOptions => ({ allowPrivate: deps.config.SSO_ALLOW_PRIVATE_ISSUER, fetch: deps.ssoFetch });

function shown(row: SsoRow, publicUrl: string): SsoConfig {
  return {
    companyId: row.companyId,
    protocol: row.protocol,
    saml:
      row.protocol === 'saml'
        ? { entityId: row.samlIdpEntityId ?? '', ssoUrl: row.samlSsoUrl ?? '', metadataUrl: row.samlMetadataUrl, certificates: row.samlIdpCerts?.length ?? 0 }
        : null,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretSet: row.clientSecretEncrypted.length > 0,
    allowedDomains: row.allowedDomains,
    required: row.required,
    enabled: row.enabled,
    redirectUri: ssoRedirectUri(publicUrl),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Another division's settings answer like a missing division. */
async function configurable(deps: Pick<Deps, 'db'>, actor: Actor, companyId: number) {
  if (!canConfigureSso(actor, companyId) || !(await companyRowById(deps.db, companyId))) throw notFound();
}

/** GET /companies/{id}/sso */
export async function readSso(deps: SsoDeps, actor: Actor, companyId: number): Promise<SsoConfigReply> {
  await configurable(deps, actor, companyId);
  const row = await ssoOfCompany(deps.db, companyId);
  return {
    config: row ? shown(row, deps.config.PUBLIC_URL) : null,
    redirectUri: ssoRedirectUri(deps.config.PUBLIC_URL),
    samlSp: samlSpValues(deps.config.PUBLIC_URL, companyId),
  };
}

const issuerMessage: Record<IssuerProblem['kind'], string> = {
  not_https: SSO_MESSAGES.issuerNotHttps,
  private: SSO_MESSAGES.issuerPrivate,
  unreachable: SSO_MESSAGES.issuerUnreachable,
};

/**
 * PUT /companies/{id}/sso: saved only once the issuer answers discovery as that issuer. The secret
 * is sealed (decision 021) and never answered; left out, the stored one is kept. Each email domain
 * belongs to one division's SSO, so sign-in by email finds one provider.
 */
export async function saveSso(deps: SsoDeps, actor: Actor, companyId: number, input: SsoInput): Promise<SsoConfig> {
  await configurable(deps, actor, companyId);
  const before = await ssoOfCompany(deps.db, companyId);
  if (await domainClaimedElsewhere(deps.db, companyId, input.allowedDomains)) throw new AppError(409, 'conflict', SSO_MESSAGES.domainTaken, 'allowedDomains');
  const shared = { companyId, protocol: input.protocol, allowedDomains: input.allowedDomains, required: input.required, enabled: input.enabled };
  const row = await upsertSso(deps.db, {
    ...shared,
    ...(input.protocol === 'saml' ? await samlSettings(deps, input, before) : await oidcSettings(deps, companyId, input, before)),
  });
  const audited = (r: SsoRow | undefined) =>
    r && {
      protocol: r.protocol,
      issuer: r.protocol === 'saml' ? r.samlIdpEntityId : r.issuer,
      clientId: r.clientId,
      allowedDomains: r.allowedDomains.join(', '),
      required: r.required,
      enabled: r.enabled,
    };
  await audit(deps.db, actor.userId, before ? 'sso.updated' : 'sso.configured', `company:${companyId}`, {
    companyId,
    before: audited(before),
    after: audited(row),
    details: { clientSecretChanged: input.protocol === 'oidc' && Boolean(input.clientSecret?.length) },
  });
  return shown(row, deps.config.PUBLIC_URL);
}

const noSaml = { samlIdpEntityId: null, samlSsoUrl: null, samlIdpCerts: null, samlMetadataUrl: null };

/** OpenID Connect: saved only once the issuer answers discovery as that issuer; the secret sealed (decision 021), kept when left out. */
async function oidcSettings(deps: SsoDeps, companyId: number, input: SsoInput, before: SsoRow | undefined) {
  const issuer = input.issuer!;
  const clientId = input.clientId!;
  const newSecret = input.clientSecret?.length ? input.clientSecret : undefined;
  const storedSecret = before?.clientSecretEncrypted || undefined;
  if (!newSecret && !storedSecret) throw badRequest(SSO_MESSAGES.secretRequired, 'clientSecret');
  const clientSecret = newSecret ?? deps.secrets.open(storedSecret!, secretContext(companyId));
  try {
    await discoverProvider({ issuer, clientId, clientSecret }, oidcOptions(deps));
  } catch (err) {
    throw badRequest(issuerMessage[err instanceof IssuerProblem ? err.kind : 'unreachable'], 'issuer');
  }
  return { issuer, clientId, clientSecretEncrypted: newSecret ? deps.secrets.seal(newSecret, secretContext(companyId)) : storedSecret!, ...noSaml };
}

/**
 * SAML 2.0: the identity provider's metadata, pasted or read from its URL (through the same guard
 * as OpenID discovery), must name its entity ID, a redirect-binding sign-in URL and a signing
 * certificate. With neither, a division already on SAML keeps its stored metadata.
 */
async function samlSettings(deps: SsoDeps, input: SsoInput, before: SsoRow | undefined) {
  let idp: SamlIdp;
  let metadataUrl: string | null = null;
  try {
    if (input.samlMetadataXml) idp = parseIdpMetadata(input.samlMetadataXml);
    else if (input.samlMetadataUrl) {
      idp = await fetchIdpMetadata(input.samlMetadataUrl, oidcOptions(deps));
      metadataUrl = input.samlMetadataUrl;
    } else if (before?.protocol === 'saml') {
      idp = samlIdpOf(before);
      metadataUrl = before.samlMetadataUrl;
    } else throw badRequest(SSO_MESSAGES.samlMetadataRequired, 'samlMetadataXml');
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof IssuerProblem) throw badRequest(issuerMessage[err.kind], 'samlMetadataUrl');
    const invalid = err instanceof MetadataProblem && err.kind === 'invalid';
    throw badRequest(
      invalid ? SSO_MESSAGES.samlMetadataInvalid : SSO_MESSAGES.samlMetadataUnreachable,
      input.samlMetadataXml ? 'samlMetadataXml' : 'samlMetadataUrl',
    );
  }
  // A division that turns to SAML forgets its OpenID client and its secret.
  return {
    issuer: '',
    clientId: '',
    clientSecretEncrypted: '',
    samlIdpEntityId: idp.entityId,
    samlSsoUrl: idp.ssoUrl,
    samlIdpCerts: idp.certs,
    samlMetadataUrl: metadataUrl,
  };
}

/** DELETE /companies/{id}/sso: the division signs in with passwords and codes again. */
export async function removeSso(deps: SsoDeps, actor: Actor, companyId: number): Promise<{ success: true }> {
  await configurable(deps, actor, companyId);
  const removed = await deleteSso(deps.db, companyId);
  if (!removed) throw notFound();
  await audit(deps.db, actor.userId, 'sso.removed', `company:${companyId}`, {
    companyId,
    before: { protocol: removed.protocol, issuer: removed.protocol === 'saml' ? removed.samlIdpEntityId : removed.issuer },
  });
  return { success: true };
}

/** The sign-in page, once the email is entered: is there a company provider for its domain, and is it the only way? */
export async function discoverSso(db: Db, email: string): Promise<SsoDiscovery> {
  const row = await ssoGoverning(db, email);
  return { sso: Boolean(row), required: Boolean(row?.required) };
}

/**
 * GET /auth/sso/start: where to send the browser for this email's division — the OpenID provider's
 * authorization URL, or the SAML identity provider with an AuthnRequest (redirect binding) — and
 * what the browser's cookie keeps: the OpenID state, or the SAML request ID. Either is stored once
 * in sso_logins (hashed) for the way back.
 */
export async function startSso(deps: SsoDeps, email: string): Promise<{ url: string; state: string; protocol: SsoRow['protocol'] }> {
  const row = await ssoGoverning(deps.db, email);
  if (!row) throw notFound(SSO_MESSAGES.notAvailable);
  const expiresAt = new Date(Date.now() + LOGIN_TTL_MS);
  if (row.protocol === 'saml') {
    const req = await samlAuthorizeUrl(samlIdpOf(row), samlSp(deps.config.PUBLIC_URL, row.companyId));
    await insertSsoLogin(deps.db, { stateHash: hash(req.requestId), companyId: row.companyId, nonce: '', codeVerifier: '', expiresAt });
    return { url: req.url, state: req.requestId, protocol: 'saml' };
  }
  const config = await discoverProvider(
    { issuer: row.issuer, clientId: row.clientId, clientSecret: deps.secrets.open(row.clientSecretEncrypted, secretContext(row.companyId)) },
    oidcOptions(deps),
  );
  const req = await authorizationRequest(config, ssoRedirectUri(deps.config.PUBLIC_URL), email);
  await insertSsoLogin(deps.db, { stateHash: hash(req.state), companyId: row.companyId, nonce: req.nonce, codeVerifier: req.codeVerifier, expiresAt });
  return { url: req.url.toString(), state: req.state, protocol: 'oidc' };
}

/** A refusal the person reads as one message; `why` (never a value) goes to the log only. */
const failed = (why: string) => Object.assign(new AppError(401, 'sso_failed', SSO_MESSAGES.signInFailed), { why });

/**
 * GET /auth/sso/callback: the state is taken once (a replay finds none) and must be this browser's;
 * openid-client trades the code and validates the id token against the stored nonce; the id token
 * itself is spent, so the same token never signs in twice. The email must be verified by the provider
 * and of a domain this division's SSO signs in. Answers a one-time ticket for the web app.
 */
export async function finishSso(deps: SsoDeps & Pick<Deps, 'codes' | 'jobs'>, callbackUrl: URL, browserState: string | undefined): Promise<string> {
  const state = callbackUrl.searchParams.get('state');
  if (!state) throw failed('no state');
  const login = await takeSsoLogin(deps.db, hash(state));
  if (!login) throw failed('unknown, expired or spent state');
  if (browserState !== state) throw failed('state not of this browser');
  const row = await ssoOfCompany(deps.db, login.companyId);
  if (!row?.enabled || row.protocol !== 'oidc') throw failed('sso off');
  const config = await discoverProvider(
    { issuer: row.issuer, clientId: row.clientId, clientSecret: deps.secrets.open(row.clientSecretEncrypted, secretContext(row.companyId)) },
    oidcOptions(deps),
  );
  const identity = await completeSignIn(config, callbackUrl, { state, nonce: login.nonce, codeVerifier: login.codeVerifier });
  if (!(await spendIdToken(deps.db, hash(identity.idToken), identity.expiresAt))) throw failed('id token already used');
  const email = identity.email;
  if (!email || !identity.emailVerified) throw failed('email not verified');
  if (!row.allowedDomains.includes(domainOf(email))) throw failed('email domain not allowed');
  await accountFor(deps, row, { email, name: identity.name });
  return deps.codes.issueToken(email, 'sso');
}

/**
 * POST /auth/saml/acs: the response names the request it answers (InResponseTo); that request is
 * taken once from sso_logins (a replay finds none) and must be this browser's. node-saml then checks
 * the assertion's signature by the division's IdP certificates, issuer, audience (our entity ID),
 * times and InResponseTo; the assertion ID is spent, so the same assertion never signs in twice. The
 * email (NameID or mail attribute, `saml-client.ts`) must be of one of the division's domains. The
 * IdP vouches for the address: SAML has no email_verified. Answers a one-time ticket for the web app.
 */
export async function finishSaml(deps: SsoDeps & Pick<Deps, 'codes' | 'jobs'>, samlResponse: string, browserRequestId: string | undefined): Promise<string> {
  const requestId = inResponseToOf(samlResponse);
  if (!requestId) throw failed('no InResponseTo');
  const login = await takeSsoLogin(deps.db, hash(requestId));
  if (!login) throw failed('unknown, expired or spent request');
  if (browserRequestId !== requestId) throw failed('request not of this browser');
  const row = await ssoOfCompany(deps.db, login.companyId);
  if (!row?.enabled || row.protocol !== 'saml') throw failed('sso off');
  const identity = await validateSamlResponse(samlIdpOf(row), samlSp(deps.config.PUBLIC_URL, row.companyId), samlResponse, requestId);
  if (!(await spendIdToken(deps.db, hash(`saml:${row.samlIdpEntityId}:${identity.assertionId}`), identity.expiresAt))) throw failed('assertion already used');
  const email = identity.email;
  if (!email?.includes('@')) throw failed('no email in assertion');
  if (!row.allowedDomains.includes(domainOf(email))) throw failed('email domain not allowed');
  await accountFor(deps, row, { email, name: identity.name });
  return deps.codes.issueToken(email, 'sso');
}

/** GET /auth/saml/{companyId}/metadata: the hub as the division's service provider, for its IdP to import. */
export function samlMetadata(publicUrl: string, companyId: number): string {
  return spMetadata(samlSp(publicUrl, companyId));
}

/**
 * The account of a verified SSO identity: the existing account of that email when it is the
 * division's own (policy `ssoGoverns`), or a new member of the division with a profile under its
 * first template, as an invitation makes one.
 */
async function accountFor(deps: Pick<Deps, 'db' | 'jobs' | 'config'>, row: SsoRow, identity: { email: string; name: string | null }) {
  let user = await userByEmail(deps.db, identity.email);
  if (user?.blocked) throw failed('account blocked');
  // Only the division's own people (and new ones): its provider cannot take over a superadmin or another division's account.
  if (user && (await ssoGoverning(deps.db, user.email))?.companyId !== row.companyId) throw failed('account not governed by this SSO');
  if (!user) {
    const company = await companyRowById(deps.db, row.companyId);
    const masterId = company && (await inviteTemplateId(deps.db, company.id, undefined));
    if (!company || masterId === undefined) throw new AppError(401, 'sso_failed', SSO_MESSAGES.noTemplate);
    try {
      await deps.jobs.transaction(deps.db, (tx, mail) =>
        createInvitees(
          tx,
          mail,
          { userId: null },
          [
            {
              target: { company, masterId, brand: null },
              person: { name: identity.name?.trim() || identity.email.split('@')[0]!, email: identity.email, alias: null },
            },
          ],
          deps,
        ),
      );
      deps.jobs.wakeWorker(WEBHOOK_JOB); // the new person's user.invited event
    } catch (err) {
      // The same person's two sign-ins at once: the other made the account.
      if (!isUniqueViolation(err)) throw err;
    }
    user = await userByEmail(deps.db, identity.email);
    if (!user) throw failed('account not made');
    await audit(deps.db, user.id, 'account.sso_created', `user:${user.id}`, { companyId: row.companyId });
  }
  if (!user.registered || !user.confirmed || user.verificationRequired) await markSignedInBySso(deps.db, user.id);
}

/** POST /auth/sso/ticket: the web app trades the ticket for a session, once. */
export async function redeemSsoTicket(deps: Pick<Deps, 'db' | 'limiter' | 'codes' | 'sessions'>, ticket: string, ctx: RequestContext): Promise<AuthResponse> {
  await deps.limiter.hit(LIMITS.codeCheckPerIp, ctx.ip);
  const email = await deps.codes.consumeToken(ticket, 'sso');
  const user = email ? await userByEmail(deps.db, email) : undefined;
  if (!user || user.blocked) throw failed('ticket');
  return startSession(deps, user, ctx, 'sso');
}
