/** Request and response shapes of spec §7 `/lead-forms` (spec §3 Lead form). */
import { z } from 'zod';
import { MAX_ROW_ID } from './companies.ts';
import { LeadFormFieldSchema, LeadFormSchema } from './profile/content.ts';

/** The fields a public page's lead form can send (the submit route's `fields`). */
export const LEAD_FORM_FIELD_NAMES = ['name', 'email', 'mobile', 'message'] as const;

export const LEAD_FORM_MESSAGES = {
  notFound: 'Lead form not found',
  fieldName: 'Lead form fields can be name, email, mobile or message.',
  fieldTwice: (name: string) => `The field ${name} is in the form twice.`,
} as const;

const FieldsSchema = z
  .array(
    LeadFormFieldSchema.refine((f) => (LEAD_FORM_FIELD_NAMES as readonly string[]).includes(f.field_name), {
      message: LEAD_FORM_MESSAGES.fieldName,
      path: ['field_name'],
    }),
  )
  .max(LEAD_FORM_FIELD_NAMES.length, `A lead form has at most ${LEAD_FORM_FIELD_NAMES.length} fields.`)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    for (const [i, f] of fields.entries()) {
      if (seen.has(f.field_name)) ctx.addIssue({ code: 'custom', message: LEAD_FORM_MESSAGES.fieldTwice(f.field_name), path: [i, 'field_name'] });
      seen.add(f.field_name);
    }
  });

const editable = {
  title: LeadFormSchema.shape.title.optional(),
  fields: FieldsSchema.optional(),
  enabled: z.boolean().optional(),
  form_submitted_message: LeadFormSchema.shape.form_submitted_message,
  subject: LeadFormSchema.shape.subject,
};

/** POST /lead-forms {data}: a new form for a profile; title, fields and requirements default as spec §5 says. */
export const CreateLeadFormSchema = z.object({
  data: z.strictObject({
    profileId: z.number({ error: 'profileId is required: the profile the form belongs to.' }).int().positive().max(MAX_ROW_ID),
    ...editable,
  }),
});
export type CreateLeadFormInput = z.output<typeof CreateLeadFormSchema>['data'];

/** PUT /lead-forms/{id} {data}: changes what is sent; the form id never changes. */
export const UpdateLeadFormSchema = z.object({ data: z.strictObject(editable) });
export type UpdateLeadFormInput = z.output<typeof UpdateLeadFormSchema>['data'];

/**
 * POST /lead-forms/submit/{profileId} (public): the message was taken (or a bot's dropped);
 * `message` is the form's thank-you text.
 */
export const LeadSubmittedSchema = z.object({ success: z.literal(true), message: z.string() });
export type LeadSubmitted = z.infer<typeof LeadSubmittedSchema>;

/** GET /lead-forms?form_id=&profileId=. */
export const LeadFormQuerySchema = z.object({
  form_id: z.string().trim().min(1).max(200).optional(),
  profileId: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
});

export const LeadFormRecordSchema = z.object({
  id: z.number(),
  profileId: z.number(),
  companyId: z.number(),
  form_id: z.string(),
  title: z.string(),
  fields: z.array(LeadFormFieldSchema),
  enabled: z.boolean(),
  form_submitted_message: z.string().nullable(),
  subject: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LeadFormRecord = z.infer<typeof LeadFormRecordSchema>;

export const LeadFormResponseSchema = z.object({ data: LeadFormRecordSchema });
export const LeadFormListResponseSchema = z.object({ data: z.array(LeadFormRecordSchema) });
