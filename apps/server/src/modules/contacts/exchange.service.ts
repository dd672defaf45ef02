/**
 * Contact exchange on the public page (issue #29): a visitor who saved the card, or tapped
 * "Share my details", leaves their own. The exchange is a contact of the profile in the one
 * store (a lead submission, source `exchange`, decision 025); the owner is told as for a lead,
 * and when the division turns the follow-up on, the visitor gets the owner's card by mail.
 */
import { type ContactExchangeBodySchema, type ContactExchangeForm, EXCHANGE_MESSAGES } from '@profilehub/shared';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { insertLeadSubmission } from '../leads/leads.queries.ts';
import { brandedMail, brandOfRow } from '../mail/branding.ts';
import type { ContactCardOf } from '../public-pages/card-files.ts';
import { emitWebhook, WEBHOOK_JOB } from '../webhooks/webhooks.service.ts';
import { exchangeTarget } from './contacts.queries.ts';

type Exchange = z.output<typeof ContactExchangeBodySchema>;
type Content = { firstName?: unknown; lastName?: unknown; fullName?: unknown; emailAddress?: unknown } | null;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
/** The owner's name as the page shows it, and the first name the form and mails speak of. */
function ownerNames(content: Content): { full: string; first: string } {
  const full = text(content?.fullName) || [text(content?.firstName), text(content?.lastName)].filter(Boolean).join(' ');
  return { full, first: text(content?.firstName) || full.split(/\s+/)[0] || '' };
}

/** GET /contacts/exchange/{profileId}: what the page's form shows (whose page, and the consent when the division asks for one). */
export async function exchangeForm(deps: Pick<Deps, 'db'>, profileId: number): Promise<ContactExchangeForm> {
  const p = await exchangeTarget(deps.db, profileId);
  if (!p) throw notFound(EXCHANGE_MESSAGES.notAvailable);
  return { firstName: ownerNames(p.content as Content).first, consentHtml: p.consentEnabled && p.consentText ? p.consentText : null };
}

/** Whether the follow-up may go to this address now (a few cards an hour per address); over the limit the mail is left out, not the contact. */
async function mayMail(limiter: Deps['limiter'], email: string): Promise<boolean> {
  try {
    await limiter.hit(LIMITS.exchangeMailPerAddress, email.toLowerCase());
    return true;
  } catch (err) {
    if (err instanceof AppError && err.status === 429) return false;
    throw err;
  }
}

const LABELS: [keyof Exchange, string][] = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['company', 'Company'],
  ['jobTitle', 'Job title'],
  ['note', 'Note'],
];

/**
 * POST /contacts/exchange/{profileId}: stores the visitor's details as a contact of the profile
 * (the lead form's limits per IP and per profile, its honeypot), emits `contact.created`, and
 * queues in the same transaction the owner's notification and, when the division turned it on,
 * the owner's card (the page's own vCard, attached) to the visitor, both in the division's brand.
 */
export async function exchangeContact(
  deps: Pick<Deps, 'db' | 'limiter' | 'jobs' | 'config'>,
  contactCard: ContactCardOf,
  profileId: number,
  body: Exchange,
  ip: string,
): Promise<{ success: true; message: string }> {
  const { db, limiter, jobs, config } = deps;
  await limiter.hit(LIMITS.leadSubmitPerIp, ip);
  const p = await exchangeTarget(db, profileId);
  if (!p?.alias) throw notFound(EXCHANGE_MESSAGES.notAvailable);
  const owner = ownerNames(p.content as Content);
  const message = EXCHANGE_MESSAGES.thanks(owner.first);
  // The hidden honeypot: people never fill it, form-filling bots do. Answer like success, keep nothing.
  if (body.website) return { success: true, message };
  if (p.consentEnabled && body.consent !== true) throw badRequest(EXCHANGE_MESSAGES.consentRequired, 'consent');
  await limiter.hit(LIMITS.leadSubmitPerProfile, String(p.id));

  const data: Record<string, string> = { name: body.name, email: body.email };
  if (body.phone) data.mobile = body.phone;
  if (body.company) data.company = body.company;
  if (body.jobTitle) data.jobTitle = body.jobTitle;
  if (body.note) data.message = body.note;
  // What the visitor agreed to is the division's text of the day; that they did is kept with their details.
  if (p.consentEnabled) data.consent = 'agreed';

  // As for a lead: only to the owner's own account in the division, and only if they want lead mails.
  const to = p.ownerEmail && p.ownerWantsLeads ? p.ownerEmail : null;
  const card = p.followUp && (await mayMail(limiter, body.email)) ? await contactCard(p.companyId, p.alias) : null;
  const brand = brandOfRow(p.sender, config.PUBLIC_URL);
  const pageEmail = text((p.content as Content)?.emailAddress);
  const lines = LABELS.filter(([k]) => body[k]).map(([k, label]) => `${label}: ${body[k]}`);

  await jobs.transaction(db, async (tx, mail) => {
    const lead = await insertLeadSubmission(tx, { profileId: p.id, companyId: p.companyId, data, source: 'exchange', leadFormId: null });
    await emitWebhook(deps, tx, p.companyId, 'contact.created', {
      leadId: lead.id,
      profileId: p.id,
      alias: p.alias,
      leadFormId: null,
      source: 'exchange',
      contact: data,
    });
    if (to)
      mail(
        brandedMail(brand, {
          to,
          replyTo: body.email,
          subject: `${body.name} shared their details with you`,
          lines: ['Someone exchanged details with you on your digital profile. What they gave, as they gave it:', '', ...lines],
          notification: true,
        }),
      );
    if (card)
      mail(
        brandedMail(brand, {
          to: body.email,
          ...(z.email().safeParse(pageEmail).success ? { replyTo: pageEmail } : {}),
          subject: owner.full ? `${owner.full}’s contact details` : 'The contact details you asked for',
          lines: [
            `Hello ${body.name},`,
            '',
            `Thank you for sharing your details${owner.first ? ` with ${owner.first}` : ''}. Attached is ${owner.first ? `${owner.first}’s` : 'the'} card: open it to save it in your contacts.`,
          ],
          attachments: [{ filename: card.fileName, contentType: 'text/vcard; charset=utf-8', contentBase64: card.body.toString('base64') }],
        }),
      );
  });
  jobs.wakeWorker(WEBHOOK_JOB);
  return { success: true, message };
}
