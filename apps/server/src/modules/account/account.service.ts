import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@profilehub/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { profiles, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { type Actor, canDeleteOwnAccount } from '../../http/policy.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { checkCodeLimited, type RequestContext } from '../auth/auth.service.ts';
import { brandedMail, brandOfAccount } from '../mail/branding.ts';

/** A superadmin is the last resort of every division: they cannot remove themselves by a mailed code. */
function refuseSuperadmin(actor: Actor) {
  if (!canDeleteOwnAccount(actor)) throw forbidden(ACCOUNT_MESSAGES.superadminRefused);
}

async function emailOf(deps: Deps, actor: Actor): Promise<string> {
  const [row] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
  if (!row) throw notFound('This account no longer exists.');
  return row.email;
}

/** POST /account/delete-code: mails a 4-digit code, limited like the sign-in codes. */
export async function issueDeleteCode(deps: Deps, actor: Actor) {
  refuseSuperadmin(actor);
  const email = await emailOf(deps, actor);
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
export async function deleteOwnAccount(deps: Deps, actor: Actor, otp: string, ctx: RequestContext) {
  refuseSuperadmin(actor);
  const email = await emailOf(deps, actor);
  // Counted like sign-in codes: every limit takes the try before the comparison.
  if (!(await checkCodeLimited(deps, email, 'delete', otp, ctx))) throw badRequest(AUTH_MESSAGES.codeInvalid, 'otp');
  const taken = await deps.db.transaction(async (tx) => {
    const offline = await tx
      .update(profiles)
      .set({ publishedAt: null, publishedHtml: null, publishedEtag: null })
      .where(and(eq(profiles.userId, actor.userId), isNotNull(profiles.publishedAt)))
      .returning({ companyId: profiles.companyId, alias: profiles.alias });
    await tx.update(profiles).set({ userId: null }).where(eq(profiles.userId, actor.userId));
    await tx.delete(users).where(eq(users.id, actor.userId));
    return offline;
  });
  for (const p of taken) deps.publishedPages.forget(p.companyId, p.alias);
  await deps.codes.revoke(email, ['register', 'login', 'reset', 'google', 'delete']);
  return { success: true as const, message: ACCOUNT_MESSAGES.deleted };
}
