/**
 * Approval requests (spec §3 Approval, §4 Approval and Publish flow step 4):
 * a profile has at most one pending request (a unique index on pending rows);
 * asking again re-requests it with a fresh date and the current changes.
 * Answered requests are never changed again: they are the profile's history.
 */
import { type Approval, type CreateApprovalInput, PROFILE_API_MESSAGES as M, type ProfileChange } from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { type Actor, canManageProfile } from '../../http/policy.ts';
import { audit } from '../audit/audit.service.ts';
import type { MailQueue } from '../jobs/jobs.ts';
import { pageContentOf } from '../profiles/profile-content.ts';
import { isUniqueViolation, type ProfileContext } from '../profiles/profiles.queries.ts';
import { profileTarget, requireManager, visibleProfile } from '../profiles/profiles.service.ts';
import { type PageLeadForm, pageLeadFormOf, pageUrl, publishBlock, publishProfile, type SiteConfig } from '../publishing/publishing.service.ts';
import { emitWebhook, profileEvent, WEBHOOK_JOB, type WebhookEmitter } from '../webhooks/webhooks.service.ts';
import { approvalDecisionMail, approvalRequestMails } from './approvals.mails.ts';
import {
  type ApprovalRow,
  answerPending,
  approvalById,
  approvePending,
  insertApproval,
  lastPublishedOwnContent,
  reRequestPending,
  upsertPendingApproval,
} from './approvals.queries.ts';
import { leadFormChanges, profileChanges } from './profile-changes.ts';

/** Requests and answers mail the people concerned (approvals.mails.ts), queued with the write. */
/** `webhooks`: where the approval events go (none for the demo seed). */
type ApprovalDeps = Pick<Deps, 'db'> & { config: SiteConfig; jobs: MailQueue; webhooks?: WebhookEmitter | undefined };

function toApproval(row: ApprovalRow): Approval {
  return {
    id: row.id,
    profileId: row.profileId,
    targetProfile: row.profileId,
    company: { id: row.companyId },
    requestedAt: row.requestedAt.toISOString(),
    approved: row.approved,
    message: row.message,
    respondedAt: row.respondedAt?.toISOString() ?? null,
    profileChanges: row.profileChanges as ProfileChange[],
  };
}

/**
 * What the person changed, against what is live: their own content now against their own
 * content when the page was last published (nothing, the first time), both seen through
 * the same template — so the template's values (a consent text, a logo) and the template's
 * later edits are not listed as the person's changes. Then the lead form the page would
 * draw against the one it shows.
 */
async function changesOf(db: Db, ctx: ProfileContext, leadForm: PageLeadForm | null): Promise<ProfileChange[]> {
  const last = await lastPublishedOwnContent(db, ctx.profile.id);
  // Published before publications were recorded: what is live is all there is to compare with.
  const before = last ? pageContentOf(ctx, last) : ctx.profile.publishedContent ? ctx.profile.publishedContent : pageContentOf(ctx, {});
  return [
    ...profileChanges(before as Record<string, unknown>, pageContentOf(ctx) as Record<string, unknown>),
    ...leadFormChanges(ctx.profile.publishedLeadForm, leadForm),
  ];
}

/**
 * A request binds to everything a publish draws and it shows the supervisor: the changes, the
 * exact own content and version they come from, and the lead form as it is now.
 */
async function requestOf(db: Db, ctx: ProfileContext, actor: Actor) {
  const leadForm = await pageLeadFormOf(db, ctx);
  return {
    requestedAt: new Date(),
    requestedBy: actor.userId,
    profileChanges: await changesOf(db, ctx, leadForm),
    requestedContent: ctx.profile.content,
    requestedVersion: ctx.profile.version,
    requestedLeadForm: { form: leadForm },
  };
}

function requireApprovable(ctx: ProfileContext): void {
  if (ctx.profile.isMaster) throw badRequest(M.approvalForTemplate);
  if (!ctx.company.flags.approvals) throw badRequest(M.approvalsOff);
}

/** POST /approvals: the owner (or a supervisor) asks for the profile's current content to be published. */
export async function requestApproval(deps: ApprovalDeps, actor: Actor, input: CreateApprovalInput): Promise<Approval> {
  const ctx = await visibleProfile(deps, actor, (input.profileId ?? input.targetProfile)!);
  const companyId = typeof input.company === 'object' ? input.company.id : input.company;
  if (companyId !== undefined && companyId !== ctx.profile.companyId) throw badRequest(M.wrongDivision, 'company');
  requireApprovable(ctx);
  const request = await requestOf(deps.db, ctx, actor);
  const row = await deps.jobs.transaction(deps.db, async (tx, mail) => {
    const row = await upsertPendingApproval(tx, ctx.profile, request);
    for (const m of await approvalRequestMails({ db: tx, config: deps.config }, ctx, actor.userId)) mail(m);
    await emitWebhook(deps.webhooks, tx, ctx.company.id, 'approval.requested', {
      approvalId: row.id,
      ...profileEvent(ctx.profile, new Date()),
      requestedBy: actor.userId,
    });
    return row;
  });
  deps.webhooks?.jobs.wakeWorker(WEBHOOK_JOB);
  return toApproval(row);
}

/** The approval and its profile when the actor may see the profile; otherwise 404. */
async function visibleApproval(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<{ row: ApprovalRow; ctx: ProfileContext }> {
  const row = await approvalById(deps.db, id);
  if (!row) throw notFound('Approval not found');
  try {
    return { row, ctx: await visibleProfile(deps, actor, row.profileId) };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw notFound('Approval not found');
    throw err;
  }
}

/**
 * PUT /approvals/single/{id} {approved: null}: asks again with a new date and the
 * current changes. A pending request is reset in place; a resolved one keeps its
 * decision (the Resolved tab's history) and the answer is a new pending request.
 */
export async function reRequestApproval(deps: ApprovalDeps, actor: Actor, id: number): Promise<Approval> {
  const { row: current, ctx } = await visibleApproval(deps, actor, id);
  requireApprovable(ctx);
  const request = await requestOf(deps.db, ctx, actor);
  try {
    const row = await deps.jobs.transaction(deps.db, async (tx, mail) => {
      for (const m of await approvalRequestMails({ db: tx, config: deps.config }, ctx, actor.userId)) mail(m);
      // Still pending: asked again.
      if (current.approved === null) {
        const again = await reRequestPending(tx, id, request);
        if (again) return again;
      }
      // Answered in the meantime (or resolved already): that decision stays, and this becomes a new request.
      const row = await insertApproval(tx, ctx.profile, request);
      await emitWebhook(deps.webhooks, tx, ctx.company.id, 'approval.requested', {
        approvalId: row.id,
        ...profileEvent(ctx.profile, new Date()),
        requestedBy: actor.userId,
      });
      return row;
    });
    deps.webhooks?.jobs.wakeWorker(WEBHOOK_JOB);
    return toApproval(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'approval_pending', M.approvalPendingExists);
    throw err;
  }
}

/**
 * A publish by someone who may approve the profile settles its pending request: approved
 * by them, since what they published is what they reviewed. Anyone else's publish leaves it.
 */
export async function settlePendingOnPublish(db: Db, actor: Actor, profile: ProfileContext['profile']): Promise<void> {
  if (canManageProfile(actor, profile)) await approvePending(db, profile.id, actor.userId);
}

export type RespondInput = { approved: boolean; message?: string | null | undefined; rebuild: boolean };

/**
 * PUT /approvals/respond/{id}: a supervisor or superadmin answers. Approved with
 * rebuild publishes at once (in the same transaction, so a failed publish
 * leaves the request pending); declined mails the owner, who resubmits.
 */
export async function respondToApproval(
  deps: ApprovalDeps & Pick<Deps, 'publishedPages'>,
  actor: Actor,
  id: number,
  input: RespondInput,
): Promise<{ approval: Approval } | { blocked: NonNullable<ReturnType<typeof publishBlock>> }> {
  const { row, ctx } = await visibleApproval(deps, actor, id);
  requireManager(actor, ctx);
  if (row.approved !== null) throw new AppError(409, 'approval_answered', M.approvalAnswered);
  // What was reviewed goes live — not edits of the profile or its lead form saved after the
  // request (they stay a draft for a new request).
  const reviewed: ProfileContext = row.requestedContent ? { ...ctx, profile: { ...ctx.profile, content: row.requestedContent } } : ctx;
  const reviewedForm = row.requestedLeadForm ? (row.requestedLeadForm.form as PageLeadForm | null) : undefined;
  if (input.approved && input.rebuild) {
    const blocked = publishBlock(reviewed);
    if (blocked) return { blocked };
  }
  const answer = { approved: input.approved, message: input.message || null, respondedBy: actor.userId, respondedAt: new Date() };
  const { updated, liveUrl } = await deps.jobs.transaction(deps.db, async (tx, mail) => {
    const done = await answerPending(tx, id, answer);
    if (!done) throw new AppError(409, 'approval_answered', M.approvalAnswered);
    let liveUrl: string | null = null;
    if (input.approved && input.rebuild) {
      const { site } = await publishProfile({ db: tx, config: deps.config }, reviewed, new Date(), reviewedForm);
      liveUrl = pageUrl(site, ctx.profile.alias, deps.config);
    }
    await audit(tx, actor.userId, input.approved ? 'approval.approved' : 'approval.declined', `${profileTarget(ctx.profile)} approval:${id}`, {
      companyId: ctx.company.id,
      details: { published: liveUrl !== null, ...(answer.message ? { message: answer.message } : {}) },
    });
    const told = await approvalDecisionMail({ db: tx, config: deps.config }, ctx, { approved: input.approved, message: answer.message, liveUrl });
    if (told) mail(told);
    await emitWebhook(deps.webhooks, tx, ctx.company.id, 'approval.decided', {
      approvalId: id,
      ...profileEvent(ctx.profile, answer.respondedAt),
      approved: input.approved,
      published: liveUrl !== null,
      decidedBy: actor.userId,
    });
    // Approved with rebuild publishes the reviewed content: subscribers hear of it as of any publish.
    if (liveUrl) await emitWebhook(deps.webhooks, tx, ctx.company.id, 'profile.published', profileEvent(ctx.profile, answer.respondedAt));
    return { updated: done, liveUrl };
  });
  deps.webhooks?.jobs.wakeWorker(WEBHOOK_JOB);
  if (liveUrl) deps.publishedPages.forget(ctx.profile.companyId, ctx.profile.alias);
  return { approval: toApproval(updated) };
}
