import fastifyMultipart from '@fastify/multipart';
import { CardScanResultSchema, CONTACTS_MESSAGES, ContactCreateBodySchema, ContactDetailSchema, IdParamsSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CountryCode, getCountries } from 'libphonenumber-js';
import { z } from 'zod';
import { actorOf } from '../../http/auth.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import type { FileStore } from '../uploads/file-store.ts';
import type { UploadMemory } from '../uploads/memory.ts';
import { IMAGE_LIMIT, UPLOAD_MESSAGES } from '../uploads/rules.ts';
import { UPLOAD_CSP } from '../uploads/serve.routes.ts';
import { multipartError, readCapped } from '../uploads/uploads.routes.ts';
import { contactCard, createContact, profileToKeepContactOn } from './contacts.service.ts';
import type { CardOcr } from './scan/ocr.ts';
import { scanCard } from './scan/scan.service.ts';

const tags = ['contacts'];
const COUNTRIES = getCountries();

export type ScanRoutesOptions = { store: FileStore; memory: UploadMemory; ocr: CardOcr };

/**
 * Issue #29 card scanning: POST /contacts/scan reads a photo of a business card or badge
 * (offline OCR), POST /contacts keeps the contact the person confirmed, with the photo, and
 * GET /contacts/{id}/card shows that photo to those who see the contact. Multipart is
 * registered here for the scan alone (one image).
 */
export async function contactScanRoutes(app: FastifyInstance, opts: ScanRoutesOptions) {
  const { store, memory, ocr } = opts;
  const { db, limiter } = app.deps;
  await app.register(fastifyMultipart, {
    limits: { files: 1, fields: 0, parts: 1, fieldNameSize: 32, headerPairs: 20, fileSize: IMAGE_LIMIT + 1024 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/contacts/scan',
    {
      schema: {
        tags,
        summary: 'Read a photo of a business card or event badge into contact fields, each with the text it came from, for the person to confirm',
        description: [
          'multipart/form-data with one part `file`: a JPEG, PNG or WebP photo (the type is decided by the content), at most 2 MB and 40 megapixels.',
          'The text is read on the server, offline, with at most a few cards at once; when too many wait, 503 with Retry-After.',
          '`country` (two letters, e.g. GB) reads phone numbers written without their +code.',
          'The photo is kept, private, for POST /contacts (cardUploadId); one never saved is deleted after a day.',
        ].join(' '),
        consumes: ['multipart/form-data'],
        querystring: z.strictObject({
          country: z
            .string()
            .toUpperCase()
            .refine((c) => (COUNTRIES as string[]).includes(c), 'country must be a two-letter country code, e.g. GB.')
            .optional(),
          profileId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
        }),
        response: { 200: CardScanResultSchema },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await limiter.hit(LIMITS.uploadPerUser, `user:${actor.userId}`);
      // Who may keep the contact is decided before any byte of the photo is read.
      const profile = await profileToKeepContactOn({ db }, actor, req.query.profileId);
      if (!req.isMultipart()) throw new AppError(415, 'not_multipart', 'Send the photo as multipart/form-data in a field named file.');
      let part: Awaited<ReturnType<typeof req.file>>;
      try {
        part = await req.file();
      } catch (err) {
        throw multipartError(err);
      }
      if (!part) throw badRequest(UPLOAD_MESSAGES.noFiles, 'file');
      if (part.fieldname !== 'file') throw badRequest('Send the photo in a field named file.', 'file');
      let bytes: Buffer;
      try {
        bytes = await readCapped(part.file, IMAGE_LIMIT, memory);
      } catch (err) {
        throw multipartError(err);
      }
      return scanCard({ db, limiter, store, ocr, log: req.log }, actor, profile, bytes, req.query.country as CountryCode | undefined, () =>
        memory.give(bytes.length),
      );
    },
  );

  r.post(
    '/contacts',
    {
      schema: {
        tags,
        summary: "Add a contact the person confirmed (a scanned card), kept on their own profile or on profileId, with the card's photo (cardUploadId)",
        body: ContactCreateBodySchema,
        response: { 201: ContactDetailSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await createContact({ db }, actorOf(req), req.body)),
  );

  r.get(
    '/contacts/:id/card',
    { schema: { tags, summary: "A scanned contact's card photo (who sees the contact)", params: IdParamsSchema } },
    async (req, reply) => {
      const card = await contactCard({ db }, actorOf(req), req.params.id);
      const stream = await store.read(card.storageKey);
      if (!stream) throw new AppError(404, 'not_found', CONTACTS_MESSAGES.cardNotFound);
      return reply
        .type(card.mime)
        .header('content-length', card.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', UPLOAD_CSP)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
}
