import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { FileStore } from './file-store.ts';
import { deleteUploads, unusedUploadIds } from './uploads.queries.ts';

/** How long a fresh upload may wait for the content that will show it (an editor left open over a lunch break). */
export const ORPHAN_GRACE_MS = 24 * 3_600_000;
/** Files removed per run at most, so one run stays short. */
const BATCH = 500;

/**
 * Removes uploads nothing shows: those their owner removed, and those never used within
 * the grace period. A file stays while any draft, live page, pending approval or rollback
 * target still refers to it, so replacing a photo in a draft never breaks the live page.
 * The row goes first (the file stops being served), then the bytes.
 */
export async function sweepUploads(db: Db, store: FileStore, log: FastifyBaseLogger, now = new Date()): Promise<number> {
  const candidates = await unusedUploadIds(db, new Date(now.getTime() - ORPHAN_GRACE_MS), BATCH);
  if (candidates.length === 0) return 0;
  const removed = await deleteUploads(db, candidates);
  for (const key of removed) {
    await store.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not remove an unused upload'));
  }
  return removed.length;
}
