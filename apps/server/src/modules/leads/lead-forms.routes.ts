import {
  CreateLeadFormSchema,
  IdParamsSchema,
  LeadFormListResponseSchema,
  LeadFormQuerySchema,
  LeadFormResponseSchema,
  UpdateLeadFormSchema,
} from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/auth.ts';
import { rerenderPagesUsingLeadForm } from '../publishing/publishing.service.ts';
import { createLeadForm, listLeadForms, updateLeadForm } from './lead-forms.service.ts';

const tags = ['lead forms'];

/** Spec §7: GET /lead-forms?form_id= ; POST /lead-forms ; PUT /lead-forms/{id}. */
export async function leadFormsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    '/lead-forms',
    {
      schema: {
        tags,
        summary: 'Lead forms of the profiles the caller may edit (owner, supervisor of the division, superadmin), by form_id or profileId',
        querystring: LeadFormQuerySchema,
        response: { 200: LeadFormListResponseSchema },
      },
    },
    async (req) => ({ data: await listLeadForms(deps.db, actorOf(req), req.query) }),
  );

  r.post(
    '/lead-forms',
    {
      schema: {
        tags,
        summary: 'A new lead form for a profile {data:{profileId, title?, fields?, enabled?, form_submitted_message?, subject?}}',
        description:
          'Without a title the form is named after the profile’s person with !@#$%^&*() stripped, plus "Lead Form"; form_id is the title plus a timestamp; ' +
          'fields default to name, email and message required, mobile not. An enabled form needs the profile’s "Send to email" and a thank-you message.',
        body: CreateLeadFormSchema,
        response: { 200: LeadFormResponseSchema },
      },
    },
    async (req) => ({ data: await createLeadForm(deps, actorOf(req), req.body.data) }),
  );

  r.put(
    '/lead-forms/:id',
    {
      schema: {
        tags,
        summary: 'Change a lead form {data:{title?, fields?, enabled?, form_submitted_message?, subject?}}; its form_id stays',
        description:
          'Published pages whose contact form uses the form are re-rendered from their published content with its new fields — unless the division approves changes and the caller does not: then the change goes live with the next approved publish.',
        params: IdParamsSchema,
        body: UpdateLeadFormSchema,
        response: { 200: LeadFormResponseSchema },
      },
    },
    async (req) => {
      const { form, live } = await updateLeadForm(deps.db, actorOf(req), req.params.id, req.body.data);
      if (live) await rerenderPagesUsingLeadForm(deps, form.companyId, form.form_id);
      return { data: form };
    },
  );
}
