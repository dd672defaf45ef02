/**
 * The mails of the approval flow (spec §4 step 4: "You will be alerted via email once
 * approved"): a new request to the division's supervisors, the answer to the profile's
 * owner. Each speaks in the division's brand and links to its own hub. They are queued
 * with the write that causes them (jobs.ts) and retried until delivered; a mail that
 * cannot be sent never undoes a decision.
 */
import type { Db } from '../../db/client.ts';
import { brandedMail, brandOfDivision } from '../mail/branding.ts';
import type { Mail } from '../mail/mailer.ts';
import type { ProfileContext } from '../profiles/profiles.queries.ts';
import type { SiteConfig } from '../publishing/publishing.service.ts';
import { mailUser, supervisorsWantingRequests } from './approvals.queries.ts';

type MailEnv = { db: Db; config: Pick<SiteConfig, 'PUBLIC_URL'> };

const nameOf = (o: { firstName: string | null; lastName: string | null; email: string }) =>
  [o.firstName, o.lastName].filter(Boolean).join(' ').trim() || o.email;

/** A request arrived: every supervisor of the division (but the one who asked, and those who turned these mails off) hears of it. */
export async function approvalRequestMails({ db, config }: MailEnv, ctx: ProfileContext, requesterId: number): Promise<Mail[]> {
  // One after another: `db` is the caller's transaction, one connection that takes one query at a time.
  const owner = await mailUser(db, ctx.profile.userId);
  const requester = await mailUser(db, requesterId);
  const supervisors = await supervisorsWantingRequests(db, ctx.profile.companyId);
  const brand = await brandOfDivision(db, ctx.profile.companyId, config.PUBLIC_URL);
  const who = owner ? nameOf(owner) : 'A profile';
  return supervisors
    .filter((email) => email !== requester?.email)
    .map((to) =>
      brandedMail(brand, {
        to,
        subject: `${who} asks for approval of profile changes`,
        lines: [`${who} changed their profile and asks you to approve it before it is published.`, 'Review the changes and approve or decline them.'],
        action: { label: 'Review the request', url: `${brand.hubUrl}/approvals` },
        notification: true,
      }),
    );
}

/** The answer for the owner, unless they turned these mails off: approved (and live, when it was published), or declined with the supervisor's message. */
export async function approvalDecisionMail(
  { db, config }: MailEnv,
  ctx: ProfileContext,
  decision: { approved: boolean; message: string | null; liveUrl: string | null },
): Promise<Mail | null> {
  const owner = await mailUser(db, ctx.profile.userId);
  const brand = await brandOfDivision(db, ctx.profile.companyId, config.PUBLIC_URL);
  if (!owner?.wantsDecisions) return null;
  const note = decision.message ? ['', 'Message from your supervisor:', decision.message] : [];
  if (decision.approved) {
    const live = decision.liveUrl;
    return brandedMail(brand, {
      to: owner.email,
      subject: 'Your profile changes were approved',
      lines: [live ? 'Your latest profile changes were approved and are now live.' : 'Your latest profile changes were approved.', ...note],
      action: live ? { label: 'See your page', url: live } : { label: 'Open your profile', url: `${brand.hubUrl}/self-service` },
      notification: true,
    });
  }
  return brandedMail(brand, {
    to: owner.email,
    subject: 'Your profile changes were not approved',
    lines: [
      'Your latest profile changes were reviewed and not approved, so your public page stays as it was.',
      ...note,
      '',
      'Update your profile and submit it again when you are ready.',
    ],
    action: { label: 'Open your profile', url: `${brand.hubUrl}/self-service` },
    notification: true,
  });
}

/**
 * A supervisor put the previously published version of the owner's profile back: the owner
 * hears of it (unless it was her own doing, or she turned decision mails off), so her
 * editor's "approved" is not the last word she has.
 */
export async function rollbackMail({ db, config }: MailEnv, ctx: ProfileContext, o: { byUserId: number; liveUrl: string }): Promise<Mail | null> {
  if (ctx.profile.userId === null || ctx.profile.userId === o.byUserId) return null;
  const owner = await mailUser(db, ctx.profile.userId);
  const by = await mailUser(db, o.byUserId);
  const brand = await brandOfDivision(db, ctx.profile.companyId, config.PUBLIC_URL);
  if (!owner?.wantsDecisions) return null;
  const who = by ? nameOf(by) : 'Your supervisor';
  return brandedMail(brand, {
    to: owner.email,
    subject: 'Your profile was rolled back to its previous version',
    lines: [
      `${who} rolled your profile back: your public page shows the version published before your latest changes again.`,
      'Your editor holds that version too. Make your changes again and publish when you are ready.',
    ],
    action: { label: 'See your page', url: o.liveUrl },
  });
}
