/**
 * The mails of the approval flow (spec §4 step 4: "You will be alerted via email once
 * approved"): a new request to the division's supervisors, the answer to the profile's
 * owner. Each speaks in the division's brand and links to its own hub. They are sent
 * after the answer is on its way; a mail that cannot be sent never undoes a decision.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { supervisorEmails } from '../companies/companies.queries.ts';
import { brandedMail, brandOfDivision } from '../mail/branding.ts';
import type { ProfileContext } from '../profiles/profiles.queries.ts';

type MailDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'background'>;

async function ownerOf(deps: MailDeps, ctx: ProfileContext) {
  if (ctx.profile.userId === null) return null;
  const [owner] = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ctx.profile.userId))
    .limit(1);
  return owner ?? null;
}

const nameOf = (o: { firstName: string | null; lastName: string | null; email: string }) =>
  [o.firstName, o.lastName].filter(Boolean).join(' ').trim() || o.email;

/** A request arrived: every supervisor of the division (but the one who asked) hears of it. */
export function mailApprovalRequested(deps: MailDeps, ctx: ProfileContext, requesterId: number): void {
  deps.background.run('approval request mail', async () => {
    const [owner, supervisors, brand] = await Promise.all([
      ownerOf(deps, ctx),
      supervisorEmails(deps.db, ctx.profile.companyId),
      brandOfDivision(deps.db, ctx.profile.companyId, deps.config.PUBLIC_URL),
    ]);
    const [requester] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, requesterId)).limit(1);
    const who = owner ? nameOf(owner) : 'A profile';
    for (const to of supervisors.filter((email) => email !== requester?.email)) {
      await deps.mailer.send(
        brandedMail(brand, {
          to,
          subject: `${who} asks for approval of profile changes`,
          lines: [`${who} changed their profile and asks you to approve it before it is published.`, 'Review the changes and approve or decline them.'],
          action: { label: 'Review the request', url: `${brand.hubUrl}/approvals` },
        }),
      );
    }
  });
}

/** The answer reached the owner: approved (and live, when it was published), or declined with the supervisor's message. */
export function mailApprovalDecision(
  deps: MailDeps,
  ctx: ProfileContext,
  decision: { approved: boolean; message: string | null; liveUrl: string | null },
): void {
  deps.background.run('approval decision mail', async () => {
    const owner = await ownerOf(deps, ctx);
    if (!owner) return;
    const brand = await brandOfDivision(deps.db, ctx.profile.companyId, deps.config.PUBLIC_URL);
    const note = decision.message ? ['', 'Message from your supervisor:', decision.message] : [];
    if (decision.approved) {
      const live = decision.liveUrl;
      await deps.mailer.send(
        brandedMail(brand, {
          to: owner.email,
          subject: 'Your profile changes were approved',
          lines: [live ? 'Your latest profile changes were approved and are now live.' : 'Your latest profile changes were approved.', ...note],
          action: live ? { label: 'See your page', url: live } : { label: 'Open your profile', url: `${brand.hubUrl}/profile` },
        }),
      );
      return;
    }
    await deps.mailer.send(
      brandedMail(brand, {
        to: owner.email,
        subject: 'Your profile changes were not approved',
        lines: [
          'Your latest profile changes were reviewed and not approved, so your public page stays as it was.',
          ...note,
          '',
          'Update your profile and submit it again when you are ready.',
        ],
        action: { label: 'Open your profile', url: `${brand.hubUrl}/profile` },
      }),
    );
  });
}
