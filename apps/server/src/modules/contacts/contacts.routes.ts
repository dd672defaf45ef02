import {
  ContactDetailSchema,
  ContactEraseBodySchema,
  ContactEraseResultSchema,
  ContactExchangeBodySchema,
  ContactExchangeFormSchema,
  ContactExchangeResultSchema,
  ContactNotesBodySchema,
  ContactsExportQuerySchema,
  ContactsListQuerySchema,
  ContactsListResponseSchema,
  ContactsVcardQuerySchema,
  IdParamsSchema,
} from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/auth.ts';
import type { ContactCardOf } from '../public-pages/card-files.ts';
import { contactsVcard, eraseContacts, exportContacts, getContact, listContactsPage, removeContact, saveContactNotes } from './contacts.service.ts';
import { exchangeContact, exchangeForm } from './exchange.service.ts';

const tags = ['contacts'];

/** The contacts workspace of issue #29: a person's own contacts, a supervisor's divisions', a superadmin's all. */
export async function contactsRoutes(app: FastifyInstance, opts: { contactCard: ContactCardOf }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const profileParams = z.object({ profileId: z.coerce.number().int().positive().max(2_147_483_647) });

  // The public page's "Share my details" (issue #29): no sign-in, the lead form's limits.
  r.get(
    '/contacts/exchange/:profileId',
    {
      config: { public: true },
      schema: {
        tags: ['public pages'],
        summary: "What a published page's exchange form shows: the owner's first name and the division's consent text when it asks for consent (public)",
        params: profileParams,
        response: { 200: ContactExchangeFormSchema },
      },
    },
    (req) => exchangeForm(deps, req.params.profileId),
  );
  r.post(
    '/contacts/exchange/:profileId',
    {
      bodyLimit: 16 * 1024,
      config: { public: true },
      schema: {
        tags: ['public pages'],
        summary: "A visitor shares their details with a published profile's owner (public): kept as a contact with source exchange",
        params: profileParams,
        body: ContactExchangeBodySchema,
        response: { 200: ContactExchangeResultSchema },
      },
    },
    (req) => exchangeContact(deps, opts.contactCard, req.params.profileId, req.body, req.ip),
  );

  r.get(
    '/contacts',
    {
      config: { apiKeyScope: 'contacts:read' },
      schema: {
        tags,
        summary:
          'The contacts the actor sees, newest first: q (name, email, phone, company), companyId, profileId, source, from, to (days, UTC), page (from 0), pageSize 10, 25, 50 or 100',
        querystring: ContactsListQuerySchema,
        response: { 200: ContactsListResponseSchema },
      },
    },
    (req) => listContactsPage(deps, actorOf(req), req.query),
  );

  r.get(
    '/contacts/export',
    {
      config: { apiKeyScope: 'contacts:read' },
      schema: { tags, summary: 'The filtered contacts as a streamed .xlsx, or CSV with format=csv (formula-safe)', querystring: ContactsExportQuerySchema },
    },
    (req, reply) => exportContacts(deps, actorOf(req), req.query, reply),
  );

  r.get(
    '/contacts/vcard',
    {
      config: { apiKeyScope: 'contacts:read' },
      schema: { tags, summary: 'The chosen contacts (ids, comma-joined) as one .vcf', querystring: ContactsVcardQuerySchema },
    },
    (req, reply) => contactsVcard(deps, actorOf(req), req.query.ids, reply),
  );

  r.post(
    '/contacts/erase',
    {
      schema: {
        tags,
        summary: "Delete-on-request: erases every contact of a visitor's email address the actor sees (audited without the address)",
        body: ContactEraseBodySchema,
        response: { 200: ContactEraseResultSchema },
      },
    },
    (req) => eraseContacts(deps, actorOf(req), req.body.email),
  );

  r.get(
    '/contacts/:id',
    {
      config: { apiKeyScope: 'contacts:read' },
      schema: { tags, summary: 'A contact with its message and notes', params: IdParamsSchema, response: { 200: ContactDetailSchema } },
    },
    (req) => getContact(deps, actorOf(req), req.params.id),
  );

  r.patch(
    '/contacts/:id',
    { schema: { tags, summary: "Saves the contact's notes", params: IdParamsSchema, body: ContactNotesBodySchema, response: { 200: ContactDetailSchema } } },
    (req) => saveContactNotes(deps, actorOf(req), req.params.id, req.body.notes),
  );

  r.delete('/contacts/:id', { schema: { tags, summary: 'Deletes a contact (audited)', params: IdParamsSchema } }, async (req, reply) => {
    await removeContact(deps, actorOf(req), req.params.id);
    return reply.code(204).send();
  });
}
