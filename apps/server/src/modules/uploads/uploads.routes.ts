import type { Readable } from 'node:stream';
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import { MAX_ROW_ID, RichTextImageSchema, SuccessSchema, UPLOAD_PURPOSES, type UploadItem, UploadItemSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/auth.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import type { FileStore } from './file-store.ts';
import type { UploadMemory } from './memory.ts';
import { type ProcessedFile, processUpload } from './process.ts';
import { byteCap, IMAGE_LIMIT, MAX_FILES, type Purpose, UPLOAD_MESSAGES, VIDEO_LIMIT } from './rules.ts';
import { newKey } from './store.ts';
import type { UploadRow } from './uploads.queries.ts';
import { editableProfile, linkRichTextImage, recordUploads, removeUpload, unlinkRichTextImage } from './uploads.service.ts';

const RowId = z.coerce.number().int().min(1).max(MAX_ROW_ID);
const itemOf = (row: UploadRow): UploadItem => ({
  id: row.id,
  url: row.url,
  mime: row.mime,
  width: row.width,
  height: row.height,
  size: row.size,
});

/**
 * Reads one file part into memory, taking its bytes from the process-wide budget as
 * they arrive: past the file's cap 413, past the budget 503 (the client tries again).
 * On failure what was taken is given back; on success the caller gives back `bytes.length`.
 */
export async function readCapped(stream: Readable, cap: number, memory: UploadMemory): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      // Throwing out of the loop destroys the stream; the rest of the request is not read.
      if (size > cap) throw new AppError(413, 'file_too_large', cap > IMAGE_LIMIT ? UPLOAD_MESSAGES.videoTooLarge : UPLOAD_MESSAGES.imageTooLarge);
      if (!memory.take(chunk.length)) {
        size -= chunk.length;
        throw new AppError(503, 'uploads_busy', UPLOAD_MESSAGES.busy);
      }
      chunks.push(chunk);
    }
  } catch (err) {
    memory.give(size);
    throw err;
  }
  return Buffer.concat(chunks);
}

/** @fastify/multipart and busboy failures as readable 4xx (their own messages are terse). */
export function multipartError(err: unknown): Error {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return new AppError(413, 'too_many_files', UPLOAD_MESSAGES.tooManyFiles);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError(413, 'too_many_fields', 'Too many form fields.');
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'file_too_large', UPLOAD_MESSAGES.videoTooLarge);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError(415, 'not_multipart', UPLOAD_MESSAGES.notMultipart);
  return badRequest('The upload was incomplete or malformed. Try again.');
}

const parsePurpose = (v: unknown): Purpose => {
  if (typeof v === 'string' && (UPLOAD_PURPOSES as readonly string[]).includes(v)) return v as Purpose;
  throw badRequest(UPLOAD_MESSAGES.badPurpose, 'purpose');
};
const parseProfileId = (v: unknown): number => {
  if (typeof v === 'string' && /^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_ROW_ID) return Number(v);
  throw badRequest(UPLOAD_MESSAGES.badProfile, 'profileId');
};

export type UploadsRoutesOptions = { store: FileStore; memory: UploadMemory };

/**
 * `POST /upload`, `DELETE /upload/files/{id}` and the rich-text image
 * register/remove calls (spec §7), under /api. Multipart parsing is registered
 * here only, so no other route accepts multipart bodies.
 */
export async function uploadsRoutes(app: FastifyInstance, opts: UploadsRoutesOptions) {
  const { store, memory } = opts;
  const { db, limiter } = app.deps;
  await app.register(fastifyMultipart, {
    limits: { files: MAX_FILES, fields: 4, parts: MAX_FILES + 4, fieldNameSize: 32, fieldSize: 64, headerPairs: 20, fileSize: VIDEO_LIMIT + 1024 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/upload',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload one or more files (multipart/form-data)',
        description: [
          `Fields, in this order: \`purpose\` (${UPLOAD_PURPOSES.join(' | ')}),`,
          'optional `profileId` (a profile the caller may edit; its division owns the files), then one to ten `files` parts.',
          '`purpose` and `profileId` may also be given in the query string. The type is decided by the content, never the name:',
          'images are checked against the purpose (spec §5), limited to 2 MB and 40 megapixels, re-encoded without metadata and fitted to the',
          'crop size of spec §9; SVG (rich-text only) is sanitised; banner videos (MP4, MOV) may be 20 MB.',
          'Errors: 413 too large, 415 type not allowed here, 400 unreadable. Returns the stored files.',
        ].join(' '),
        consumes: ['multipart/form-data'],
        querystring: z.object({ purpose: z.enum(UPLOAD_PURPOSES).optional(), profileId: RowId.optional() }),
        response: { 200: z.array(UploadItemSchema) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await limiter.hit(LIMITS.uploadPerUser, `user:${actor.userId}`);
      if (!req.isMultipart()) throw new AppError(415, 'not_multipart', UPLOAD_MESSAGES.notMultipart);

      let purpose: Purpose | undefined = req.query.purpose;
      let profileId: number | undefined = req.query.profileId;
      let profile: { id: number; companyId: number } | null | undefined;
      // Each file is checked and stored as soon as it has arrived, so a request holds one file in memory at a time.
      const stored: { key: string; file: ProcessedFile }[] = [];
      const removeStored = () =>
        Promise.all(stored.map(({ key }) => store.delete(key).catch((e: unknown) => req.log.warn({ err: e, key }, 'could not remove an orphaned upload'))));

      try {
        const parts = req.parts();
        for (;;) {
          let next: IteratorResult<Multipart>;
          try {
            next = await parts.next();
          } catch (err) {
            throw multipartError(err);
          }
          if (next.done) break;
          const part = next.value;
          if (part.type === 'field') {
            if (profile !== undefined) throw badRequest(UPLOAD_MESSAGES.fieldsFirst);
            if (part.fieldname === 'purpose') purpose = parsePurpose(part.value);
            else if (part.fieldname === 'profileId') profileId = parseProfileId(part.value);
            else throw badRequest('Unexpected form field. Send purpose, profileId and files.');
            continue;
          }
          if (part.fieldname !== 'files') throw badRequest('Send the files in a field named files.');
          if (!purpose) throw badRequest(UPLOAD_MESSAGES.fieldsFirst, 'purpose');
          // Authorise before reading any file bytes.
          if (profile === undefined) profile = profileId ? await editableProfile(db, actor, profileId) : null;
          let bytes: Buffer;
          try {
            bytes = await readCapped(part.file, byteCap(purpose), memory);
          } catch (err) {
            throw multipartError(err);
          }
          try {
            await limiter.hit(LIMITS.uploadKbPerUser, `user:${actor.userId}`, Math.ceil(bytes.length / 1024)).catch((err: unknown) => {
              throw err instanceof AppError && err.status === 429 ? new AppError(429, 'upload_quota', UPLOAD_MESSAGES.quota) : err;
            });
            const file = await processUpload(bytes, purpose).catch((err: unknown) => {
              throw err instanceof AppError ? new AppError(err.status, err.code, err.message, `files.${stored.length}`) : err;
            });
            const key = newKey(file.ext);
            await store.put(key, file.bytes, file.mime);
            stored.push({ key, file });
          } finally {
            memory.give(bytes.length);
          }
        }
        if (!purpose || stored.length === 0) throw badRequest(UPLOAD_MESSAGES.noFiles, 'files');

        const rows = await recordUploads(db, actor, purpose, profile, stored);
        return rows.map(itemOf);
      } catch (err) {
        // All or nothing: no file without its row.
        await removeStored();
        throw err;
      }
    },
  );

  r.delete(
    '/upload/files/:id',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Remove an uploaded file (its uploader, a supervisor of its division, or a superadmin)',
        description:
          'The file is no longer offered for editing; its bytes are deleted once no draft, live page, pending approval or rollback target shows it (a replaced photo stays on the live page until the change is published).',
        params: z.object({ id: RowId }),
        response: { 200: UploadItemSchema },
      },
    },
    async (req) => itemOf(await removeUpload(db, actorOf(req), req.params.id)),
  );

  r.post(
    '/profile-modifications/images',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Register a rich-text image: link an upload to the profile whose text shows it',
        description: 'Body {profile, img_url, img_id} (spec §7). The caller must be able to edit the profile and manage the upload; otherwise 404.',
        body: z.object({ profile: RowId, img_url: z.string().min(1).max(2048), img_id: RowId }),
        response: { 200: RichTextImageSchema },
      },
    },
    async (req) => linkRichTextImage(db, actorOf(req), req.body),
  );

  r.delete(
    '/profile-modifications/images',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Remove a rich-text image: unlink it from the profile (the file itself stays until deleted)',
        description: 'Body {img_url, profile} (spec §7). 404 when the caller cannot edit the profile or the image is not linked to it.',
        body: z.object({ profile: RowId, img_url: z.string().min(1).max(2048) }),
        response: { 200: SuccessSchema },
      },
    },
    async (req) => {
      await unlinkRichTextImage(db, actorOf(req), req.body);
      return { success: true as const };
    },
  );
}
