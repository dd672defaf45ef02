/**
 * Spec §7 `/lead-forms` (spec §3 Lead form, §5 rules): the form a profile's
 * contact form submits to. A form belongs to one profile; whoever may edit the
 * profile (owner, supervisor of its division, superadmin) manages its forms.
 */
import {
  type CreateLeadFormInput,
  contactFormEnableProblem,
  DEFAULT_LEAD_FORM_FIELDS,
  displayName,
  LEAD_FORM_MESSAGES,
  type LeadFormField,
  type LeadFormRecord,
  leadFormId,
  leadFormTitle,
  type UpdateLeadFormInput,
} from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { type Actor, canEditProfile, needsApproval } from '../../http/policy.ts';
import { editorContentOf } from '../profiles/profile-content.ts';
import { isUniqueViolation, loadProfileContext, type ProfileContext } from '../profiles/profiles.queries.ts';
import { visibleProfile } from '../profiles/profiles.service.ts';
import { insertLeadForm, type LeadFormRow, leadFormById, updateLeadFormRow, visibleLeadForms } from './lead-forms.queries.ts';

const recordOf = (row: LeadFormRow): LeadFormRecord => ({
  id: row.id,
  profileId: row.profileId,
  companyId: row.companyId,
  form_id: row.formId,
  title: row.title,
  fields: row.fields as LeadFormField[],
  enabled: row.enabled,
  form_submitted_message: row.formSubmittedMessage,
  subject: row.subject,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** GET /lead-forms?form_id=&profileId=: the forms of the profiles the actor may edit; a form outside them is simply not listed. */
export async function listLeadForms(db: Db, actor: Actor, q: { form_id?: string | undefined; profileId?: number | undefined }): Promise<LeadFormRecord[]> {
  const rows = await visibleLeadForms(db, actor, { formId: q.form_id, profileId: q.profileId });
  return rows.map(recordOf);
}

/**
 * Spec §5 "Contact form enabling needs both fields": an enabled form needs the
 * profile's "Send to email" and a thank-you message (the form's own, else the
 * contact form's).
 */
function checkEnable(ctx: ProfileContext, enabled: boolean, message: string | null | undefined): void {
  if (!enabled) return;
  const contactForm = editorContentOf(ctx).contactForm;
  const problem = contactFormEnableProblem({ sendToMail: contactForm?.sendToMail, thankYouMessage: message || contactForm?.thankYouMessage });
  if (problem) throw badRequest(problem, 'data.enabled');
}

/**
 * POST /lead-forms: a new form. Without a title it is named after the
 * profile's person with `!@#$%^&*()` stripped (spec §5); its form id is the
 * title plus a timestamp; the fields default to spec §5's requirements.
 */
export async function createLeadForm(deps: Pick<Deps, 'db'>, actor: Actor, input: CreateLeadFormInput, now = new Date()): Promise<LeadFormRecord> {
  const ctx = await visibleProfile(deps, actor, input.profileId);
  const enabled = input.enabled ?? false;
  checkEnable(ctx, enabled, input.form_submitted_message);
  const content = editorContentOf(ctx);
  const title = input.title || leadFormTitle(displayName(content) || ctx.profile.templateName || '');
  const fields = input.fields ?? DEFAULT_LEAD_FORM_FIELDS.map((f) => ({ ...f }));
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await insertLeadForm(deps.db, {
        profileId: ctx.profile.id,
        companyId: ctx.profile.companyId,
        // Two forms created in the same millisecond with the same title: the next millisecond.
        formId: leadFormId(title, now.getTime() + attempt),
        title,
        fields,
        enabled,
        formSubmittedMessage: input.form_submitted_message ?? null,
        subject: input.subject ?? null,
      });
      return recordOf(row);
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 20) throw err;
    }
  }
}

/** A form the actor may manage (through its profile), or 404 like a missing one. */
async function visibleForm(db: Db, actor: Actor, id: number): Promise<{ row: LeadFormRow; ctx: ProfileContext }> {
  const row = await leadFormById(db, id);
  const ctx = row ? await loadProfileContext(db, row.profileId) : undefined;
  if (!row || !ctx || !canEditProfile(actor, ctx.profile)) throw notFound(LEAD_FORM_MESSAGES.notFound);
  return { row, ctx };
}

/**
 * PUT /lead-forms/{id}: title, fields, enabled, thank-you message and subject; the form id
 * stays. `live`: the change may reach published pages now — not when the division approves
 * changes and the actor is not the one who approves (then it goes live with the next approved publish).
 */
export async function updateLeadForm(db: Db, actor: Actor, id: number, input: UpdateLeadFormInput): Promise<{ form: LeadFormRecord; live: boolean }> {
  const { row, ctx } = await visibleForm(db, actor, id);
  const message = input.form_submitted_message !== undefined ? input.form_submitted_message : row.formSubmittedMessage;
  checkEnable(ctx, input.enabled ?? row.enabled, message);
  const updated = await updateLeadFormRow(db, id, {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.fields !== undefined ? { fields: input.fields } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    ...(input.form_submitted_message !== undefined ? { formSubmittedMessage: input.form_submitted_message } : {}),
    ...(input.subject !== undefined ? { subject: input.subject } : {}),
  });
  return { form: recordOf(updated), live: !needsApproval(actor, ctx.profile, ctx.company) };
}
