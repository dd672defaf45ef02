/** POST /contacts/scan (issue #29): a card's photo checked like every upload, read offline, and kept for the contact. */
import { type CardScanResult, CONTACTS_MESSAGES } from '@profilehub/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CountryCode } from 'libphonenumber-js';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../http/errors.ts';
import type { Actor } from '../../../http/policy.ts';
import { LIMITS } from '../../../http/rate-limit.ts';
import type { FileStore } from '../../uploads/file-store.ts';
import { processUpload } from '../../uploads/process.ts';
import { CONTACT_CARD, UPLOAD_MESSAGES } from '../../uploads/rules.ts';
import { newKey } from '../../uploads/store.ts';
import { insertUploads } from '../../uploads/uploads.queries.ts';
import type { CardOcr } from './ocr.ts';
import { readCard } from './read-card.ts';

type ScanDeps = Pick<Deps, 'db' | 'limiter'> & { store: FileStore; ocr: CardOcr; log: FastifyBaseLogger };

/**
 * Checks the photo (type by content, size, pixels; re-encoded without metadata and turned
 * upright by its EXIF orientation — the one upload path), reads it, then stores it as a
 * private `contact-card` upload of the division the contact will be kept in. `release` gives
 * the request's bytes back to the upload memory budget once they are re-encoded.
 */
export async function scanCard(
  deps: ScanDeps,
  actor: Actor,
  profile: { companyId: number },
  bytes: Buffer,
  country: CountryCode | undefined,
  release: () => void,
): Promise<CardScanResult> {
  let photo: Awaited<ReturnType<typeof processUpload>>;
  try {
    await deps.limiter.hit(LIMITS.uploadKbPerUser, `user:${actor.userId}`, Math.ceil(bytes.length / 1024)).catch((err: unknown) => {
      throw err instanceof AppError && err.status === 429 ? new AppError(429, 'upload_quota', UPLOAD_MESSAGES.quota) : err;
    });
    photo = await processUpload(bytes, CONTACT_CARD);
  } finally {
    release();
  }
  const read = await readCard(deps.ocr, photo.bytes, country).catch((err: unknown) => {
    if (err instanceof AppError) throw err;
    deps.log.error({ err }, 'card scan failed');
    throw new AppError(422, 'scan_failed', CONTACTS_MESSAGES.scanFailed);
  });
  const key = newKey(photo.ext);
  await deps.store.put(key, photo.bytes, photo.mime);
  try {
    const [row] = await insertUploads(deps.db, [
      {
        companyId: profile.companyId,
        userId: actor.userId,
        profileId: null,
        purpose: CONTACT_CARD,
        mime: photo.mime,
        size: photo.bytes.length,
        width: photo.width,
        height: photo.height,
        storageKey: key,
        url: `/uploads/${key}`,
      },
    ]);
    return { fields: read.fields, lines: read.lines, cardUploadId: row!.id };
  } catch (err) {
    await deps.store.delete(key).catch(() => {});
    throw err;
  }
}
