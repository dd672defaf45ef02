import { createHash } from 'node:crypto';
import {
  AUTH_MESSAGES,
  type AuthResponse,
  COMPANY_MESSAGES,
  type LoginResponse,
  type Me,
  OFFBOARDING_MESSAGES,
  PASSKEY_MESSAGES,
  SSO_MESSAGES,
} from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { actorFrom, canAdminister, deactivatedFor, hubClosedFor, signsInOnEveryHub } from '../../http/policy.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { pendingCount } from '../approvals/approvals-list.ts';
import { audit } from '../audit/audit.service.ts';
import { companiesByIds, companyByHubDomain, isMember } from '../companies/companies.queries.ts';
import { brandOfAccount } from '../mail/branding.ts';
import { ssoGoverning } from '../sso/sso-governs.ts';
import { codeMail, resetMail } from './auth.mails.ts';
import {
  aliasOwnerRegistered,
  clearFailedLogins,
  clearLoginVerification,
  completeRegistration,
  countFailedLogin,
  emailOfUser,
  firstProfileOf,
  hasPasskey,
  linkGoogleAccount,
  membershipsOf,
  resetPasswordOf,
  setPassword,
  spendIdToken,
  type UserRow,
  userByEmail,
  userByGoogleSub,
  userById,
} from './auth.queries.ts';
import type { CodeOnlyPurpose } from './codes.ts';
import type { GoogleIdentity } from './google.ts';

/** Wrong passwords in a row before the next sign-in needs an emailed code. */
export const MAX_FAILED_LOGINS = 5;

/** Who is asking, from where: the client address, its browser, and the hub host it is on (white-label hubs sign in only their own). */
export type RequestContext = { ip: string; userAgent?: string | undefined; host?: string | undefined };

/** The signed-in user as the hub reads it (spec §3 Session/user). */
export async function buildMe(db: Db, userId: number): Promise<Me> {
  const u = await userById(db, userId);
  if (!u) throw new AppError(401, 'unauthorized', AUTH_MESSAGES.sessionExpired);
  const memberships = (await membershipsOf(db, userId)).filter((m) => !m.archived && !m.deactivated);
  // What this person may do, as a request of theirs would be judged (no session of its own here).
  const actor = actorFrom(u, memberships, '');
  const companyList = await companiesByIds(
    db,
    memberships.map((m) => m.companyId),
  );
  const profile = await firstProfileOf(db, userId);
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    title: u.title,
    confirmed: u.confirmed,
    hasPassword: u.passwordHash !== null,
    role: u.role,
    person: { first_name: u.firstName, last_name: u.lastName },
    profile: profile ?? null,
    company: companyList[0] ?? null,
    companies: companyList,
    supervisedCompanyIds: actor.supervisedCompanyIds,
    // The side navigation's Approvals badge (spec §2).
    pendingApprovals: canAdminister(actor) ? await pendingCount(db, actor) : 0,
  };
}

/**
 * Every sign-in ends here. A division's white-labelled hub (its own host) signs in only
 * its members and superadmins; anyone else is answered like a wrong password, so the
 * hub does not reveal that the account exists elsewhere.
 */
export async function startSession(deps: Pick<Deps, 'db' | 'sessions'>, user: UserRow, ctx: RequestContext, method: SignInMethod): Promise<AuthResponse> {
  if (!(await mayUseHub(deps.db, ctx.host, user))) throw badRequest(AUTH_MESSAGES.incorrectLogin);
  const memberships = await membershipsOf(deps.db, user.id);
  // Offboarding (decision 022): deactivated in every division left to them.
  if (deactivatedFor(user.role, memberships)) throw new AppError(403, 'deactivated', OFFBOARDING_MESSAGES.accountDeactivated);
  if (hubClosedFor(user.role, memberships)) throw new AppError(403, 'hub_closed', COMPANY_MESSAGES.hubClosed);
  const jwt = await deps.sessions.create(user.id, ctx.userAgent);
  // The line belongs to the person's first live division, so its supervisors read it (issue #28).
  const companyId = memberships.find((m) => !m.archived && !m.deactivated)?.companyId;
  await audit(deps.db, user.id, 'account.signed_in', `user:${user.id}`, { companyId, details: { method } });
  return { jwt, user: await buildMe(deps.db, user.id) };
}

/** How a sign-in was proved, as the audit log names it. */
export type SignInMethod = 'password' | 'code' | 'password_and_code' | 'password_and_passkey' | 'passkey' | 'reset_link' | 'google' | 'sso';

/**
 * A division whose SSO is required (issue #28) signs its email domains in only through its provider:
 * passwords, emailed codes, passkeys, registration and reset links for them are refused with the
 * message that says what to do instead (for the accounts the division's SSO governs: policy `ssoGoverns`).
 */
export async function refuseIfSsoRequired(db: Db, email: string): Promise<void> {
  if ((await ssoGoverning(db, email))?.required) throw new AppError(403, 'sso_required', SSO_MESSAGES.required);
}

async function mayUseHub(db: Db, host: string | undefined, user: UserRow): Promise<boolean> {
  if (!host || signsInOnEveryHub(user.role)) return true;
  const hub = await companyByHubDomain(db, host.replace(/:\d+$/, ''));
  if (!hub) return true;
  return isMember(db, hub.id, user.id);
}

/**
 * Spec §4 Sign-in: the registration check. 401 not invited, 402 registration
 * not finished, 403 an emailed code is needed first, 200 go on to the password.
 */
export async function registrationState(
  deps: Pick<Deps, 'db' | 'limiter'>,
  email: string,
  ctx: RequestContext,
): Promise<{ success: true; message: 'registered' }> {
  await deps.limiter.hit(LIMITS.lookupPerIp, ctx.ip);
  const user = await userByEmail(deps.db, email);
  if (!user || user.blocked) throw new AppError(401, 'not_invited', AUTH_MESSAGES.notInvited);
  if (!user.registered) throw new AppError(402, 'registration_incomplete', AUTH_MESSAGES.completeRegistration);
  if (user.verificationRequired) throw new AppError(403, 'verification_required', AUTH_MESSAGES.verificationRequired);
  return { success: true, message: 'registered' };
}

export async function aliasRegistered(deps: Pick<Deps, 'db' | 'limiter'>, alias: string, ctx: RequestContext): Promise<boolean> {
  await deps.limiter.hit(LIMITS.lookupPerIp, ctx.ip);
  return aliasOwnerRegistered(deps.db, alias.trim().toLowerCase());
}

async function limitCodeIssue(deps: Pick<Deps, 'limiter'>, email: string, ctx: RequestContext) {
  await deps.limiter.hit(LIMITS.codeIssuePerIp, ctx.ip);
  await deps.limiter.hit(LIMITS.codeIssuePerEmail, email);
}

/**
 * Compares a one-time code after every limit has counted the try (per IP, per account,
 * and the account's rolling daily cap of wrong codes), so parallel guesses cannot get
 * more comparisons than the limits allow. The right code gives its daily-cap hit back.
 */
export async function checkCodeLimited(
  deps: Pick<Deps, 'limiter' | 'codes'>,
  email: string,
  purpose: CodeOnlyPurpose,
  otp: string,
  ctx: RequestContext,
): Promise<boolean> {
  await deps.limiter.hit(LIMITS.codeCheckPerIp, ctx.ip);
  await deps.limiter.hit(LIMITS.codeCheckPerEmail, email);
  try {
    await deps.limiter.hit(LIMITS.codeFailuresPerEmail, email);
  } catch (err) {
    // The daily cap answers like a wrong code: a guesser learns nothing from it.
    if (err instanceof AppError && err.status === 429) return false;
    throw err;
  }
  const right = await deps.codes.checkCode(email, purpose, otp);
  if (right) await deps.limiter.reward(LIMITS.codeFailuresPerEmail, email);
  return right;
}

/** Registration code (spec §4 Registration). */
export async function issueRegistrationCode(deps: Pick<Deps, 'db' | 'limiter' | 'codes' | 'mailer' | 'config'>, email: string, ctx: RequestContext) {
  await limitCodeIssue(deps, email, ctx);
  await refuseIfSsoRequired(deps.db, email);
  const user = await userByEmail(deps.db, email);
  if (!user || user.blocked) return { success: false, message: 'no-profile' } as const;
  if (user.registered) return { success: false, message: 'already-registered' } as const;
  const code = await deps.codes.issueCode(email, 'register');
  await deps.mailer.send(codeMail(await brandOfAccount(deps.db, email, deps.config.PUBLIC_URL), email, code, 'register'));
  return { success: true, message: 'otp-sent' } as const;
}

/** Login verification code; answers alike for every email so it reveals nothing. */
export async function issueLoginCode(deps: Pick<Deps, 'db' | 'limiter' | 'codes' | 'mailer' | 'config'>, email: string, ctx: RequestContext) {
  await limitCodeIssue(deps, email, ctx);
  await refuseIfSsoRequired(deps.db, email);
  const user = await userByEmail(deps.db, email);
  if (user?.registered && !user.blocked) {
    const code = await deps.codes.issueCode(email, 'login');
    await deps.mailer.send(codeMail(await brandOfAccount(deps.db, email, deps.config.PUBLIC_URL), email, code, 'login'));
  }
  return { success: true } as const;
}

export async function verifyLoginCode(deps: Pick<Deps, 'db' | 'limiter' | 'codes'>, email: string, otp: string, ctx: RequestContext) {
  await refuseIfSsoRequired(deps.db, email);
  if (!(await checkCodeLimited(deps, email, 'login', otp, ctx))) throw badRequest(AUTH_MESSAGES.codeInvalid, 'otp');
  await clearLoginVerification(deps.db, email);
  return { success: true } as const;
}

/** Completes registration with the emailed code (and, optionally, the first password). */
export async function linkWithCode(
  deps: Pick<Deps, 'db' | 'limiter' | 'codes' | 'passwords' | 'sessions'>,
  input: { email: string; otp: string; password?: string | undefined },
  ctx: RequestContext,
) {
  await refuseIfSsoRequired(deps.db, input.email);
  const user = await userByEmail(deps.db, input.email);
  if (user?.registered) throw badRequest(AUTH_MESSAGES.alreadyRegistered);
  if (!(await checkCodeLimited(deps, input.email, 'register', input.otp, ctx)) || !user || user.blocked) throw badRequest(AUTH_MESSAGES.codeInvalid, 'otp');
  const passwordHash = input.password ? await deps.passwords.hash(input.password) : user.passwordHash;
  const updated = await completeRegistration(deps.db, user.id, { confirmed: Boolean(input.password) || user.confirmed, passwordHash });
  if (input.password) await deps.codes.revoke(user.email, ['reset']);
  await audit(deps.db, user.id, 'account.registered');
  return startSession(deps, updated!, ctx, 'code');
}

/**
 * Password sign-in. The try is counted (per IP and per account) before the password is
 * compared, so parallel guesses never get more comparisons than the limit; a success gives
 * the account's hit back, since only failures should lock a person out. Wrong passwords
 * are counted in one statement each, and the right one signs in only if no
 * verification became due meanwhile (the check and the reset are one statement too).
 */
export async function login(
  deps: Pick<Deps, 'db' | 'limiter' | 'passwords' | 'sessions' | 'codes'>,
  input: { identifier: string; password: string },
  ctx: RequestContext,
): Promise<LoginResponse> {
  await deps.limiter.hit(LIMITS.loginPerIp, ctx.ip);
  await deps.limiter.hit(LIMITS.loginPerEmail, input.identifier);
  await refuseIfSsoRequired(deps.db, input.identifier);
  const user = await userByEmail(deps.db, input.identifier);
  const ok = await deps.passwords.verify(user?.passwordHash ?? null, input.password);
  if (!user || !ok || user.blocked || !user.registered) {
    if (user) await countFailedLogin(deps.db, user.id, MAX_FAILED_LOGINS);
    throw badRequest(AUTH_MESSAGES.incorrectLogin);
  }
  await deps.limiter.reward(LIMITS.loginPerEmail, input.identifier);
  if (!(await clearFailedLogins(deps.db, user.id))) throw new AppError(403, 'verification_required', AUTH_MESSAGES.verificationRequired);
  if (user.secondFactor) {
    // No session yet: a ticket that a passkey or an emailed code turns into one (same hub rule as every sign-in).
    if (!(await mayUseHub(deps.db, ctx.host, user))) throw badRequest(AUTH_MESSAGES.incorrectLogin);
    const ticket = await deps.codes.issueToken(user.email, 'mfa-ticket');
    return { secondFactor: { ticket, passkey: await hasPasskey(deps.db, user.id) } };
  }
  return startSession(deps, user, ctx, 'password');
}

const secondFactorExpired = () => new AppError(401, 'second_factor_expired', PASSKEY_MESSAGES.secondFactorExpired);

/** The account a live second-step ticket belongs to (left live); 401 when it is gone. */
export async function secondFactorAccount(deps: Pick<Deps, 'db' | 'codes'>, ticket: string): Promise<UserRow> {
  const email = await deps.codes.peekToken(ticket, 'mfa-ticket');
  const user = email ? await userByEmail(deps.db, email) : undefined;
  if (!user || user.blocked) throw secondFactorExpired();
  return user;
}

/** Ends the ticket once its second step is done; 401 when someone else finished it first. */
export async function spendSecondFactorTicket(deps: Pick<Deps, 'codes'>, ticket: string): Promise<void> {
  if (!(await deps.codes.consumeToken(ticket, 'mfa-ticket'))) throw secondFactorExpired();
}

/** The second step by email: a 4-digit code to the account's address (the same mail as a sign-in code). */
export async function issueSecondFactorCode(deps: Pick<Deps, 'db' | 'limiter' | 'codes' | 'mailer' | 'config'>, ticket: string, ctx: RequestContext) {
  await deps.limiter.hit(LIMITS.codeIssuePerIp, ctx.ip);
  const user = await secondFactorAccount(deps, ticket);
  await deps.limiter.hit(LIMITS.codeIssuePerEmail, user.email);
  const code = await deps.codes.issueCode(user.email, 'mfa');
  await deps.mailer.send(codeMail(await brandOfAccount(deps.db, user.email, deps.config.PUBLIC_URL), user.email, code, 'login'));
  return { success: true as const, message: PASSKEY_MESSAGES.secondFactorCodeSent };
}

/** The emailed code finishes a sign-in its password began; counted by the code limits like every code. */
export async function verifySecondFactorCode(
  deps: Pick<Deps, 'db' | 'limiter' | 'codes' | 'sessions'>,
  input: { ticket: string; otp: string },
  ctx: RequestContext,
): Promise<AuthResponse> {
  const user = await secondFactorAccount(deps, input.ticket);
  if (!(await checkCodeLimited(deps, user.email, 'mfa', input.otp, ctx))) throw badRequest(AUTH_MESSAGES.codeInvalid, 'otp');
  await spendSecondFactorTicket(deps, input.ticket);
  return startSession(deps, user, ctx, 'password_and_code');
}

/**
 * Sets the password of the signed-in user; every other session of theirs ends. Changing a
 * password needs the current one, counted by the sign-in limits (the same budget as
 * guesses at the sign-in form), so a session left open cannot take over the account. An
 * account without a password (code or Google only, or just registered) sets its first:
 * its session came from the mailbox or Google, and it has no password to give.
 */
export async function setupPassword(
  deps: Pick<Deps, 'db' | 'limiter' | 'codes' | 'passwords' | 'sessions'>,
  actor: { userId: number; sessionId: string },
  input: { password: string; currentPassword?: string | undefined },
  ctx: RequestContext,
) {
  const user = await userById(deps.db, actor.userId);
  if (!user) throw new AppError(401, 'unauthorized', AUTH_MESSAGES.sessionExpired);
  if (user.passwordHash) {
    if (!input.currentPassword) throw badRequest(AUTH_MESSAGES.currentPasswordRequired, 'currentPassword');
    await deps.limiter.hit(LIMITS.loginPerIp, ctx.ip);
    await deps.limiter.hit(LIMITS.loginPerEmail, user.email);
    if (!(await deps.passwords.verify(user.passwordHash, input.currentPassword))) throw badRequest(AUTH_MESSAGES.currentPasswordWrong, 'currentPassword');
    await deps.limiter.reward(LIMITS.loginPerEmail, user.email);
  }
  const password = input.password;
  const passwordHash = await deps.passwords.hash(password);
  await setPassword(deps.db, actor.userId, passwordHash);
  await deps.sessions.revokeAllOf(actor.userId, actor.sessionId);
  // A reset link mailed before this change must not set the password again.
  const email = await emailOfUser(deps.db, actor.userId);
  if (email !== undefined) await deps.codes.revoke(email, ['reset']);
  await audit(deps.db, actor.userId, 'account.password_set');
  return { success: true as const, user: await buildMe(deps.db, actor.userId) };
}

/**
 * Answers the same for known and unknown emails, in the same time: the answer goes out
 * once the limits are counted, and only then is the account looked up and a link
 * (for a registered account) mailed, so the reply's timing tells nothing either.
 */
export async function forgotPassword(deps: Pick<Deps, 'db' | 'limiter' | 'codes' | 'mailer' | 'config' | 'background'>, email: string, ctx: RequestContext) {
  await deps.limiter.hit(LIMITS.forgotPerIp, ctx.ip);
  await deps.limiter.hit(LIMITS.forgotPerEmail, email);
  await refuseIfSsoRequired(deps.db, email);
  deps.background.run('sending a reset link', () => mailResetLink(deps, email));
  return { ok: true as const };
}

async function mailResetLink(deps: Pick<Deps, 'db' | 'codes' | 'mailer' | 'config'>, email: string): Promise<void> {
  const user = await userByEmail(deps.db, email);
  if (!user || user.blocked || !(user.registered || user.passwordHash)) return;
  const token = await deps.codes.issueToken(email, 'reset');
  await deps.mailer.send(resetMail(await brandOfAccount(deps.db, email, deps.config.PUBLIC_URL), email, token));
}

/**
 * The emailed link sets a new password and signs in. It is the way out of every
 * lock-out (wrong passwords, wrong codes): the link proves the mailbox, so the
 * account's counters start again.
 */
export async function resetPassword(
  deps: Pick<Deps, 'db' | 'limiter' | 'codes' | 'passwords' | 'sessions'>,
  input: { code: string; password: string },
  ctx: RequestContext,
) {
  await deps.limiter.hit(LIMITS.codeCheckPerIp, ctx.ip);
  const email = await deps.codes.consumeToken(input.code, 'reset');
  const user = email ? await userByEmail(deps.db, email) : undefined;
  if (!user || user.blocked) throw badRequest(AUTH_MESSAGES.resetLinkInvalid, 'code');
  await refuseIfSsoRequired(deps.db, user.email);
  const passwordHash = await deps.passwords.hash(input.password);
  const updated = await resetPasswordOf(deps.db, user.id, passwordHash);
  await deps.sessions.revokeAllOf(user.id);
  for (const limit of [LIMITS.loginPerEmail, LIMITS.codeCheckPerEmail, LIMITS.codeFailuresPerEmail]) await deps.limiter.clear(limit, user.email);
  await audit(deps.db, user.id, 'account.password_reset');
  return startSession(deps, updated!, ctx, 'reset_link');
}

/**
 * Sign-in with a verified Google id token (the API form, `GET /auth/google/callback?id_token=`
 * and `POST /profiles/link?provider=google`). Each token works once: a token seen in a log,
 * a history or a proxy cannot be replayed for the rest of its lifetime.
 */
export async function signInWithGoogle(
  deps: Pick<Deps, 'db' | 'google' | 'sessions'>,
  idToken: string,
  ctx: RequestContext,
  expectEmail?: string,
): Promise<AuthResponse> {
  const identity = await verifiedGoogleIdentity(deps, idToken);
  return startSession(deps, await googleAccount(deps.db, identity, expectEmail), ctx, 'google');
}

/**
 * The browser leg's callback: the provider's id token, checked against the nonce this
 * browser was given, becomes a short-lived one-time ticket, so the web app's URL carries
 * only the ticket, never the provider's token.
 */
export async function googleTicket(deps: Pick<Deps, 'db' | 'google' | 'codes'>, idToken: string, nonce: string): Promise<string> {
  const identity = await verifiedGoogleIdentity(deps, idToken, nonce);
  const user = await googleAccount(deps.db, identity);
  return deps.codes.issueToken(user.email, 'google');
}

/** `POST /auth/google/ticket`: the web app trades the ticket for a session, once. */
export async function redeemGoogleTicket(
  deps: Pick<Deps, 'db' | 'limiter' | 'codes' | 'sessions'>,
  ticket: string,
  ctx: RequestContext,
): Promise<AuthResponse> {
  await deps.limiter.hit(LIMITS.codeCheckPerIp, ctx.ip);
  const email = await deps.codes.consumeToken(ticket, 'google');
  const user = email ? await userByEmail(deps.db, email) : undefined;
  if (!user || user.blocked) throw new AppError(401, 'google_failed', AUTH_MESSAGES.googleSignInFailed);
  return startSession(deps, user, ctx, 'google');
}

async function verifiedGoogleIdentity(deps: Pick<Deps, 'db' | 'google'>, idToken: string, nonce?: string): Promise<GoogleIdentity> {
  let identity: GoogleIdentity;
  try {
    identity = await deps.google.verify(idToken, nonce);
  } catch {
    throw new AppError(401, 'google_failed', AUTH_MESSAGES.googleSignInFailed);
  }
  // One statement marks the token used; a second use (even in parallel) finds it taken.
  const tokenHash = createHash('sha256').update(idToken).digest('base64url');
  if (!(await spendIdToken(deps.db, tokenHash, identity.expiresAt))) throw new AppError(401, 'google_failed', AUTH_MESSAGES.googleSignInFailed);
  return identity;
}

/**
 * The account of a verified Google identity. A known `sub` signs in; otherwise an
 * invited account with the same email is linked, but only when Google says the
 * email is verified — an unverified address could belong to anyone. With
 * `expectEmail` (POST /profiles/link?provider=google) the token's verified email
 * must be that email, and a Google account already linked to someone else is refused.
 * An email whose division requires its company SSO is refused (issue #28).
 */
async function googleAccount(db: Db, identity: GoogleIdentity, expectEmail?: string): Promise<UserRow> {
  const bySub = await userByGoogleSub(db, identity.sub);
  if (bySub && !expectEmail) {
    if (bySub.blocked) throw new AppError(401, 'google_failed', AUTH_MESSAGES.googleSignInFailed);
    await refuseIfSsoRequired(db, bySub.email);
    return bySub;
  }
  if (!identity.email || !identity.emailVerified || (expectEmail && identity.email !== expectEmail)) {
    throw new AppError(401, 'google_link_failed', AUTH_MESSAGES.googleLinkFailed);
  }
  const user = await userByEmail(db, identity.email);
  if (!user || user.blocked) throw new AppError(401, 'google_failed', AUTH_MESSAGES.googleSignInFailed);
  // A company that requires its own SSO does not let Google in either.
  await refuseIfSsoRequired(db, user.email);
  // One Google account links to one user: it may already belong to another (its email changed at Google).
  if ((user.googleSub && user.googleSub !== identity.sub) || (bySub && bySub.id !== user.id)) {
    throw new AppError(401, 'google_link_failed', AUTH_MESSAGES.googleLinkFailed);
  }
  const linked = await linkGoogleAccount(db, user.id, identity.sub);
  if (!linked) throw new AppError(401, 'google_link_failed', AUTH_MESSAGES.googleLinkFailed);
  if (!user.googleSub) await audit(db, user.id, 'account.google_linked');
  return linked;
}
