import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import { rowsOf } from '../events/rollups.ts';
import type { FileStore } from './file-store.ts';

/** How long a fresh upload may wait for the content that will show it (an editor left open over a lunch break). */
export const ORPHAN_GRACE_MS = 24 * 3_600_000;
/** Files removed per run at most, so one run stays short. */
const BATCH = 500;

/**
 * Storage keys that some content still shows: a draft, what is live (profiles, overrides,
 * lead forms), a request waiting for approval, the last two publications of each profile
 * (the rollback target), a division's white-label settings and styling previews. Keys are
 * server-generated (KEY_PATTERN), so finding one in the text is finding a reference.
 */
const REFERENCED_KEYS = sql`
  select distinct m[1] as key from (
    select content::text as t from profiles
    union all select published_content::text from profiles where published_content is not null
    union all select published_overrides::text from profiles where published_overrides is not null
    union all select published_lead_form::text from profiles where published_lead_form is not null
    union all select requested_content::text from approvals where approved is null and requested_content is not null
    union all select content::text || published_content::text from (
      select content, published_content, row_number() over (partition by profile_id order by published_at desc, id desc) as n
      from profile_publications) recent where n <= 2
    union all select white_label::text from companies where white_label is not null
    union all select preview_image_url from profile_stylings where preview_image_url is not null
  ) texts, regexp_matches(texts.t, '([0-9a-f]{32}\\.(?:jpg|png|webp|gif|svg|mp4|mov))', 'g') as m`;

/**
 * Removes uploads nothing shows: those their owner removed, and those never used within
 * the grace period. A file stays while any draft, live page, pending approval or rollback
 * target still refers to it, so replacing a photo in a draft never breaks the live page.
 * The row goes first (the file stops being served), then the bytes.
 */
export async function sweepUploads(db: Db, store: FileStore, log: FastifyBaseLogger, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ORPHAN_GRACE_MS).toISOString();
  const candidates = rowsOf<{ id: number }>(
    await db.execute(sql`
      with referenced as (${REFERENCED_KEYS})
      select u.id from uploads u
      where (u.removed_at is not null or u.created_at < ${before}::timestamptz)
        and not exists (select 1 from referenced r where r.key = u.storage_key)
      order by u.id
      limit ${BATCH}`),
  );
  if (candidates.length === 0) return 0;
  const removed = await db
    .delete(uploads)
    .where(
      inArray(
        uploads.id,
        candidates.map((c) => Number(c.id)),
      ),
    )
    .returning({ key: uploads.storageKey });
  for (const { key } of removed) {
    await store.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not remove an unused upload'));
  }
  return removed.length;
}
