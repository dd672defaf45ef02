import { randomBytes } from 'node:crypto';
import { type AuthResponse, PASSKEY_MESSAGES, type Passkey, type PasskeysResponse, SECOND_FACTOR } from '@profilehub/shared';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { type Actor, canManagePasskey, canRequireSecondFactor } from '../../http/policy.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { audit } from '../audit/audit.service.ts';
import { userById } from '../auth/auth.queries.ts';
import { type RequestContext, refuseIfSsoRequired, secondFactorAccount, spendSecondFactorTicket, startSession } from '../auth/auth.service.ts';
import {
  advanceCounter,
  deletePasskey,
  insertChallenge,
  insertPasskey,
  type PasskeyRow,
  passkeyByCredentialId,
  passkeyById,
  passkeysOf,
  renamePasskey,
  setSecondFactor,
  takeChallenge,
} from './passkeys.queries.ts';

/** Where the ceremony happens: the hub host the request came to (its rpID) and the page's origin the browser must report. */
type WebAuthnSite = { rpID: string; origin: string; rpName: string };
type Ctx = RequestContext & { site: WebAuthnSite };

/** A challenge is answered within this (the browser's own prompt times out sooner). */
const CHALLENGE_TTL_MS = 5 * 60_000;
const TIMEOUT_MS = 120_000;

const expired = () => new AppError(400, 'passkey_challenge_expired', PASSKEY_MESSAGES.challengeExpired);
const signInFailed = () => new AppError(401, 'passkey_failed', PASSKEY_MESSAGES.signInFailed);

/** The user handle a passkey carries: the account's id, which the sign-in checks against the passkey's owner. */
const userHandleOf = (userId: number): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(String(userId)));

const asTransports = (t: readonly string[]) => t as AuthenticatorTransportFuture[];

function toPasskey(p: PasskeyRow): Passkey {
  return { id: p.id, name: p.name, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null };
}

/** The challenge the browser signed, as its client data says; '' when that cannot be read (the take then finds nothing). */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : '';
  } catch {
    return '';
  }
}

function newChallenge(): Uint8Array<ArrayBuffer> {
  return new Uint8Array(randomBytes(32));
}

export async function listPasskeys(deps: Pick<Deps, 'db'>, actor: Actor): Promise<PasskeysResponse> {
  const user = await userById(deps.db, actor.userId);
  return { passkeys: (await passkeysOf(deps.db, actor.userId)).map(toPasskey), secondFactor: user?.secondFactor ?? null };
}

/** Options to add a passkey to the signed-in account: a discoverable credential, none it already has. */
export async function registrationOptions(deps: Pick<Deps, 'db' | 'limiter'>, actor: Actor, ctx: Ctx) {
  await deps.limiter.hit(LIMITS.passkeyOptionsPerIp, ctx.ip);
  const user = await userById(deps.db, actor.userId);
  if (!user) throw notFound();
  const existing = await passkeysOf(deps.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: ctx.site.rpName,
    rpID: ctx.site.rpID,
    userName: user.email,
    userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
    userID: userHandleOf(user.id),
    challenge: newChallenge(),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: asTransports(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await insertChallenge(deps.db, { challenge: options.challenge, purpose: 'register', userId: user.id, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
  return options;
}

/** Checks the browser's new credential against a challenge this account was given, and keeps its public key. */
export async function addPasskey(
  deps: Pick<Deps, 'db' | 'limiter'>,
  actor: Actor,
  input: { response: RegistrationResponseJSON; name?: string | undefined },
  ctx: Ctx,
): Promise<Passkey> {
  await deps.limiter.hit(LIMITS.passkeyPerIp, ctx.ip);
  const challenge = challengeOf(input.response.response.clientDataJSON);
  const taken = challenge ? await takeChallenge(deps.db, challenge, 'register') : undefined;
  if (!taken || taken.userId !== actor.userId) throw expired();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: ctx.site.origin,
      expectedRPID: ctx.site.rpID,
      requireUserVerification: false,
    });
  } catch {
    throw badRequest(PASSKEY_MESSAGES.registrationFailed);
  }
  if (!verification.verified || !verification.registrationInfo) throw badRequest(PASSKEY_MESSAGES.registrationFailed);
  const { credential } = verification.registrationInfo;
  const count = (await passkeysOf(deps.db, actor.userId)).length;
  const created = await insertPasskey(deps.db, {
    userId: actor.userId,
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? input.response.response.transports ?? [],
    name: input.name ?? `Passkey ${count + 1}`,
  });
  if (!created) throw new AppError(409, 'passkey_exists', PASSKEY_MESSAGES.alreadyRegistered);
  await audit(deps.db, actor.userId, 'account.passkey_added', String(created.id));
  return toPasskey(created);
}

async function ownPasskey(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<PasskeyRow> {
  const passkey = await passkeyById(deps.db, id);
  // Another person's passkey answers like a missing one.
  if (!passkey || !canManagePasskey(actor, passkey)) throw notFound(PASSKEY_MESSAGES.notFound);
  return passkey;
}

export async function renameOwnPasskey(deps: Pick<Deps, 'db'>, actor: Actor, id: number, name: string): Promise<Passkey> {
  await ownPasskey(deps, actor, id);
  const row = await renamePasskey(deps.db, id, actor.userId, name);
  if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
  return toPasskey(row);
}

export async function removeOwnPasskey(deps: Pick<Deps, 'db'>, actor: Actor, id: number) {
  await ownPasskey(deps, actor, id);
  if (!(await deletePasskey(deps.db, id, actor.userId))) throw notFound(PASSKEY_MESSAGES.notFound);
  await audit(deps.db, actor.userId, 'account.passkey_removed', String(id));
  return { success: true as const, message: PASSKEY_MESSAGES.removed };
}

/** Turns the second step after a password on or off; on needs a way to give it (policy). */
export async function setOwnSecondFactor(deps: Pick<Deps, 'db'>, actor: Actor, required: boolean) {
  const user = await userById(deps.db, actor.userId);
  if (!user) throw notFound();
  if (required) {
    const count = (await passkeysOf(deps.db, user.id)).length;
    if (!canRequireSecondFactor({ registered: user.registered, passkeys: count })) throw badRequest(PASSKEY_MESSAGES.secondFactorNeedsMethod);
  }
  await setSecondFactor(deps.db, user.id, required ? SECOND_FACTOR : null);
  await audit(deps.db, actor.userId, required ? 'account.second_factor_on' : 'account.second_factor_off');
  return { success: true as const, message: required ? PASSKEY_MESSAGES.secondFactorOn : PASSKEY_MESSAGES.secondFactorOff };
}

/**
 * Options to sign in with a passkey. Without a ticket the browser may offer any passkey of
 * this hub (discoverable credentials, conditional UI): no account is named, so nothing is
 * revealed. With the ticket of a right password, only that account's passkeys.
 */
export async function signInOptions(deps: Pick<Deps, 'db' | 'limiter' | 'codes'>, input: { ticket?: string | undefined }, ctx: Ctx) {
  await deps.limiter.hit(LIMITS.passkeyOptionsPerIp, ctx.ip);
  const user = input.ticket ? await secondFactorAccount(deps, input.ticket) : undefined;
  const allow = user ? await passkeysOf(deps.db, user.id) : [];
  const options = await generateAuthenticationOptions({
    rpID: ctx.site.rpID,
    challenge: newChallenge(),
    timeout: TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: allow.map((p) => ({ id: p.credentialId, transports: asTransports(p.transports) })),
  });
  await insertChallenge(deps.db, {
    challenge: options.challenge,
    purpose: 'sign-in',
    userId: user?.id ?? null,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return options;
}

/**
 * A passkey's signature signs in: the challenge is taken once, the credential must be known
 * (and, after a password, that account's), the signature, origin and hub host must match,
 * and the signature counter must move forward: a copied authenticator replays an old one.
 */
export async function signInWithPasskey(
  deps: Pick<Deps, 'db' | 'limiter' | 'codes' | 'sessions'>,
  input: { response: AuthenticationResponseJSON; ticket?: string | undefined },
  ctx: Ctx,
): Promise<AuthResponse> {
  await deps.limiter.hit(LIMITS.passkeyPerIp, ctx.ip);
  const challenge = challengeOf(input.response.response.clientDataJSON);
  const taken = challenge ? await takeChallenge(deps.db, challenge, 'sign-in') : undefined;
  if (!taken) throw expired();
  const passkey = await passkeyByCredentialId(deps.db, input.response.id);
  if (!passkey) throw new AppError(401, 'passkey_unknown', PASSKEY_MESSAGES.unknownPasskey);
  const handle = input.response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(userHandleOf(passkey.userId)).toString('base64url')) throw signInFailed();
  if (taken.userId !== null && taken.userId !== passkey.userId) throw signInFailed();
  const ticketUser = input.ticket ? await secondFactorAccount(deps, input.ticket) : undefined;
  if (ticketUser && ticketUser.id !== passkey.userId) throw signInFailed();

  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: ctx.site.origin,
      expectedRPID: ctx.site.rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: asTransports(passkey.transports),
      },
      requireUserVerification: true,
    });
  } catch (err) {
    if (err instanceof Error && /counter/i.test(err.message)) throw new AppError(401, 'passkey_cloned', PASSKEY_MESSAGES.clonedAuthenticator);
    throw signInFailed();
  }
  if (!verification.verified) throw signInFailed();
  if (!(await advanceCounter(deps.db, passkey.id, verification.authenticationInfo.newCounter))) {
    throw new AppError(401, 'passkey_cloned', PASSKEY_MESSAGES.clonedAuthenticator);
  }
  const user = await userById(deps.db, passkey.userId);
  if (!user || user.blocked || !user.registered) throw signInFailed();
  // A company that requires its single sign-on decides who gets in (its provider ends access
  // when someone leaves): a passkey made before does not go around it.
  await refuseIfSsoRequired(deps.db, user.email);
  if (input.ticket) await spendSecondFactorTicket(deps, input.ticket);
  return startSession(deps, user, ctx, input.ticket ? 'password_and_passkey' : 'passkey');
}
