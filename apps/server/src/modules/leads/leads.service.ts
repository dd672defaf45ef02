/**
 * A visitor's lead-form message from a public page (spec §3 Lead form): stored for
 * the profile's statistics and mailed to the form's "send to" address (and CC).
 */

import { hasNoNul, type LeadSubmitted, leadFormFields, NUL_MESSAGE, splitEmailList } from '@profilehub/shared';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { brandedMail, brandOfDivision } from '../mail/branding.ts';
import { emitWebhook, WEBHOOK_JOB } from '../webhooks/webhooks.service.ts';
import { storedLeadForm } from './lead-forms.queries.ts';
import { divisionLeadEmails, insertLeadSubmission, publishedProfileForLead } from './leads.queries.ts';

const field = (max: number) => z.string().trim().max(max).refine(hasNoNul, NUL_MESSAGE).optional();
export const SubmitSchema = z.strictObject({
  profileId: z.number().int().positive().optional(),
  formId: z.string().max(200).optional(),
  fields: z.strictObject({ name: field(100), email: field(254), mobile: field(40), message: field(2000), website: field(200) }),
});
type Submitted = z.output<typeof SubmitSchema>['fields'];

const LABELS = { name: 'Name', email: 'Email', mobile: 'Mobile', message: 'Message' } as const;
const strip = (html: string | undefined) =>
  (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Copies of a lead notification, besides its recipient. */
const MAX_CC = 3;

/** POST /lead-forms/submit/{profileId}: the visitor's thank-you message. */
export async function submitLead(
  deps: Pick<Deps, 'db' | 'limiter' | 'jobs' | 'config'>,
  profileId: number,
  fields: Submitted,
  ip: string,
): Promise<LeadSubmitted> {
  const { db, limiter, jobs, config } = deps;
  await limiter.hit(LIMITS.leadSubmitPerIp, ip);
  const p = await publishedProfileForLead(db, profileId);
  const form = (p?.content as { contactForm?: Record<string, unknown> } | null)?.contactForm as
    | (Parameters<typeof leadFormFields>[0] & { enabled?: boolean; formId?: string; sendToMail?: string; sendToMailCC?: string; thankYouMessage?: string })
    | undefined;
  if (!p || !form?.enabled || !form.sendToMail) throw notFound('This form is not available.');
  // The stored lead form the contact form names (spec §3 Lead form): its subject and id; its fields and
  // thank-you message as the live page shows them (a change waiting for approval is not live yet).
  const stored = await storedLeadForm(db, p.companyId, form.formId);
  const shown = p.shown as { fields?: unknown; thankYouMessage?: string | null } | null;
  const thanks =
    strip((shown ? shown.thankYouMessage : stored?.formSubmittedMessage) ?? undefined) ||
    strip(form.thankYouMessage) ||
    'Thank you! Your message has been sent.';
  const f = fields;
  // The hidden honeypot field: people never fill it, form-filling bots do. Answer like success, keep nothing.
  if (f.website) return { success: true as const, message: thanks };
  await limiter.hit(LIMITS.leadSubmitPerProfile, String(p.id));
  const data: Record<string, string> = {};
  const asked = ((shown?.fields ?? stored?.fields) as ReturnType<typeof leadFormFields> | undefined) ?? leadFormFields(form);
  for (const spec of asked) {
    if (!spec.enabled) continue;
    const value = f[spec.field_name as keyof typeof LABELS] ?? '';
    if (spec.required && !value) throw badRequest(`Please fill in ${LABELS[spec.field_name as keyof typeof LABELS]}.`, `fields.${spec.field_name}`);
    if (value) data[spec.field_name] = value;
  }
  if (data.email && !z.email().safeParse(data.email).success) throw badRequest('Please enter a valid email address.', 'fields.email');
  const lines = Object.entries(data).map(([k, v]) => `${LABELS[k as keyof typeof LABELS] ?? k}: ${v}`);
  // Not a mail relay: a visitor's message goes only to people of the profile's division
  // (the addresses the hub can vouch for), never to whatever the form was set to send to.
  const vouched = new Set(await divisionLeadEmails(db, p.companyId));
  const recipients = [form.sendToMail, ...splitEmailList(form.sendToMailCC)].map((e) => e.trim().toLowerCase()).filter((e) => vouched.has(e));
  const [to, ...cc] = [...new Set(recipients)].slice(0, 1 + MAX_CC);
  const brand = to ? await brandOfDivision(db, p.companyId, config.PUBLIC_URL) : null;
  // Stored once and answered at once; its mail is queued with it and retried until delivered (a mail server away is never a 500).
  await jobs.transaction(db, async (tx, mail) => {
    const lead = await insertLeadSubmission(tx, { profileId: p.id, companyId: p.companyId, data, leadFormId: stored?.id ?? null });
    // The division's own lead, for its CRM: what the visitor wrote, with the profile it came through.
    await emitWebhook(deps, tx, p.companyId, 'contact.created', {
      leadId: lead.id,
      profileId: p.id,
      alias: p.alias,
      leadFormId: stored?.id ?? null,
      contact: data,
    });
    if (to && brand) {
      mail(
        brandedMail(brand, {
          to,
          ...(cc.length ? { cc: cc.join(', ') } : {}),
          ...(data.email ? { replyTo: data.email } : {}),
          subject: stored?.subject || `New message from your profile${p.alias ? ` (${p.alias})` : ''}`,
          lines: ['Someone left their details on your digital profile. What they wrote, as they wrote it:', '', ...lines],
          notification: true,
        }),
      );
    }
  });
  jobs.wakeWorker(WEBHOOK_JOB);
  return { success: true as const, message: thanks };
}
