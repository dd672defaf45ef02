import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { type Actor, canDeleteOwnAccount } from '../../http/policy.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { emailOfUser } from '../auth/auth.queries.ts';
import { checkCodeLimited, type RequestContext } from '../auth/auth.service.ts';
import { brandedMail, brandOfAccount } from '../mail/branding.ts';
import { deleteUser, takeProfilesOffline, unlinkProfiles } from './account.queries.ts';

/** A superadmin is the last resort of every division: they cannot remove themselves by a mailed code. */
function refuseSuperadmin(actor: Actor) {
  if (!canDeleteOwnAccount(actor)) throw forbidden(ACCOUNT_MESSAGES.superadminRefused);
}

async function emailOf(db: Db, actor: Actor): Promise<string> {
  const email = await emailOfUser(db, actor.userId);
  if (email === undefined) throw notFound('This account no longer exists.');
  return email;
}

/** POST /account/delete-code: mails a 4-digit code, limited like the sign-in codes. */
export async function issueDeleteCode(deps: Pick<Deps, 'db' | 'limiter' | 'codes' | 'mailer' | 'config'>, actor: Actor) {
  refuseSuperadmin(actor);
  const email = await emailOf(deps.db, actor);
  await deps.limiter.hit(LIMITS.codeIssuePerEmail, email);
  const code = await deps.codes.issueCode(email, 'delete');
  const brand = await brandOfAccount(deps.db, email, deps.config.PUBLIC_URL);
  await deps.mailer.send(
    brandedMail(brand, {
      to: email,
      subject: `Your ${brand.title} code: ${code}`,
      lines: [
        `Use this code to delete your ${brand.title} account: ${code}`,
        '',
        'It expires in 10 minutes and works once. If you did not ask for it, ignore this email and change your password: your account stays as it is.',
      ],
    }),
  );
  return { success: true as const, message: ACCOUNT_MESSAGES.codeSent };
}

/**
 * Deletes the account. Its profiles belong to their division (company), so they stay
 * with it: unlinked from the user (the foreign key sets user_id null) and taken
 * offline, since nobody answers for a page whose person left. Every session and
 * membership goes with the user row (cascade), in the same transaction.
 */
export async function deleteOwnAccount(deps: Pick<Deps, 'db' | 'limiter' | 'codes' | 'publishedPages'>, actor: Actor, otp: string, ctx: RequestContext) {
  refuseSuperadmin(actor);
  const email = await emailOf(deps.db, actor);
  // Counted like sign-in codes: every limit takes the try before the comparison.
  if (!(await checkCodeLimited(deps, email, 'delete', otp, ctx))) throw badRequest(AUTH_MESSAGES.codeInvalid, 'otp');
  const taken = await deps.db.transaction(async (tx) => {
    const offline = await takeProfilesOffline(tx, actor.userId);
    await unlinkProfiles(tx, actor.userId);
    await deleteUser(tx, actor.userId);
    return offline;
  });
  for (const p of taken) deps.publishedPages.forget(p.companyId, p.alias);
  await deps.codes.revoke(email, ['register', 'login', 'reset', 'google', 'delete']);
  return { success: true as const, message: ACCOUNT_MESSAGES.deleted };
}
