/** The stored pages of profiles as publishing reads and writes them (publishing.service.ts). */
import { and, asc, count, eq, getTableColumns, gt, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, type profilePublications, profiles, templateRebuilds, users } from '../../db/schema.ts';
import { type CompanyScope, inScope } from '../../http/scope.ts';

type NewProfile = typeof profiles.$inferInsert;
/**
 * A page's HTML with the brotli and gzip forms a visitor is sent (decision 035), or with none
 * yet (a template's rebuild: the first visit makes and stores them). Made by `pageForms`.
 */
export type PageForms = { publishedHtml: string } & ({ publishedBr: Uint8Array; publishedGzip: Uint8Array } | { publishedBr: null; publishedGzip: null });

/**
 * A rendered page as its profile row stores it: its HTML always with its compressed forms, or
 * with none (what was stored before is cleared): `PageForms`, decision 035.
 */
type StoredPage = Pick<NewProfile, 'publishedEtag' | 'publishedContent' | 'publishedLeadForm' | 'site' | 'nextChangeAt'> & PageForms;

/** A published profile with its division, or undefined when it is not published (or has no stored page). */
export async function publishedProfileWithCompany(db: Db, profileId: number) {
  const [row] = await db
    .select({ profile: profiles, company: companies })
    .from(profiles)
    .innerJoin(companies, eq(companies.id, profiles.companyId))
    .where(and(eq(profiles.id, profileId), isNotNull(profiles.publishedAt), isNotNull(profiles.publishedEtag)))
    .limit(1);
  return row;
}

/** Stores a re-rendered page only if the stored one is still `etag` (a publish meanwhile wins); whether it was stored. */
export async function storeRerenderedPage(db: Db, profileId: number, etag: string, page: StoredPage): Promise<boolean> {
  const done = await db
    .update(profiles)
    .set(page)
    .where(and(eq(profiles.id, profileId), eq(profiles.publishedEtag, etag)))
    .returning({ id: profiles.id });
  return done.length > 0;
}

/** A re-render found the page unchanged: only when it next changes is stored (if the page is still `etag`). */
export async function storeNextChange(db: Db, profileId: number, etag: string, nextChangeAt: Date | null): Promise<void> {
  await db
    .update(profiles)
    .set({ nextChangeAt })
    .where(and(eq(profiles.id, profileId), eq(profiles.publishedEtag, etag)));
}

/** A published page due for a re-render, as the job that claimed it needs it. */
export type DuePage = { id: number; companyId: number; alias: string | null };

const isDue = (now: Date) => and(lte(profiles.nextChangeAt, now), isNotNull(profiles.publishedAt), isNotNull(profiles.publishedEtag));

/**
 * Claims up to `limit` published pages whose next change is due by `now` (decision 028): their
 * `next_change_at` moves to `leaseUntil` in the same statement, and rows another copy is
 * claiming are skipped (`for update skip locked`), so two copies never take the same page.
 * The re-render stores the real next change; a copy that dies mid-way leaves the lease, and
 * the page is due again when it runs out.
 */
export async function claimDuePages(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<DuePage[]> {
  const due = db
    .select({ id: profiles.id })
    .from(profiles)
    .where(isDue(now))
    .orderBy(asc(profiles.nextChangeAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(profiles)
    .set({ nextChangeAt: leaseUntil })
    .where(and(inArray(profiles.id, due), isDue(now)))
    .returning({ id: profiles.id, companyId: profiles.companyId, alias: profiles.alias });
}

/** Claims one page if its next change is due by `now` (a visit met it first); whether it was claimed. */
export async function claimDuePage(db: Db, profileId: number, now: Date, leaseUntil: Date): Promise<boolean> {
  const done = await db
    .update(profiles)
    .set({ nextChangeAt: leaseUntil })
    .where(and(eq(profiles.id, profileId), isDue(now)))
    .returning({ id: profiles.id });
  return done.length > 0;
}

export async function publishedProfileIds(db: Db, companyId?: number): Promise<{ id: number }[]> {
  const published = isNotNull(profiles.publishedAt);
  return db
    .select({ id: profiles.id })
    .from(profiles)
    .where(companyId === undefined ? published : and(published, eq(profiles.companyId, companyId)));
}

/** The published profiles of a division whose published contact form names the lead form `formId`. */
export async function publishedProfileIdsUsingLeadForm(db: Db, companyId: number, formId: string): Promise<{ id: number }[]> {
  return db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(eq(profiles.companyId, companyId), isNotNull(profiles.publishedAt), sql`${profiles.publishedContent} -> 'contactForm' ->> 'formId' = ${formId}`),
    );
}

/** Stores a freshly published page on its profile. */
export async function storePublishedPage(
  db: Db,
  profileId: number,
  page: StoredPage & Pick<NewProfile, 'publishedAt' | 'publishedOverrides' | 'site'>,
): Promise<void> {
  await db.update(profiles).set(page).where(eq(profiles.id, profileId));
}

type NewPublication = Pick<typeof profilePublications.$inferInsert, 'profileId' | 'content' | 'publishedContent'> & { publishedAt: Date };

/**
 * Records a publish in the profile's history (what a rollback returns to) unless it repeats
 * the latest entry: publishing unchanged content again is not a new version. Called while
 * the caller's transaction holds the profile's row (the page's update), so a publish
 * running at the same time waits and then sees this entry.
 */
export async function insertPublication(db: Db, p: NewPublication): Promise<void> {
  await db.execute(sql`
    insert into profile_publications (profile_id, published_at, content, published_content)
    select ${p.profileId}, ${p.publishedAt.toISOString()}::timestamptz, ${JSON.stringify(p.content)}::jsonb, ${JSON.stringify(p.publishedContent)}::jsonb
    where not exists (
      select 1 from (
        select content, published_content from profile_publications
        where profile_id = ${p.profileId} order by published_at desc, id desc limit 1
      ) latest
      where latest.content = ${JSON.stringify(p.content)}::jsonb and latest.published_content = ${JSON.stringify(p.publishedContent)}::jsonb
    )
  `);
}

/** What a page taken down stores: no page, in any form, and nothing to re-render. */
export const PAGE_DOWN = { publishedAt: null, publishedHtml: null, publishedBr: null, publishedGzip: null, publishedEtag: null, nextChangeAt: null };

/** Takes the stored page down; the published snapshot stays. */
export async function clearPublishedPage(db: Db, profileId: number): Promise<void> {
  await db.update(profiles).set(PAGE_DOWN).where(eq(profiles.id, profileId));
}

const publishedChildOf = (masterId: number) => and(eq(profiles.masterProfileId, masterId), eq(profiles.isMaster, false), isNotNull(profiles.publishedAt));

/** How many published children a template has (a rebuild's total). */
export async function countPublishedChildren(db: Db, masterId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(profiles).where(publishedChildOf(masterId));
  return Number(row?.n ?? 0);
}

/**
 * The next `limit` published children of a template after the child `afterId` (keyset, by id),
 * with their divisions, their owners' roles, and `published_at` exactly as stored (text, to the
 * microsecond): the rebuild writes a child only if it is still that (`storeRebuiltPages`).
 */
export async function publishedChildrenAfter(db: Db, masterId: number, afterId: number, limit: number) {
  // Not the page being replaced: ~27 KB a child (and its compressed forms) that the rebuild never reads.
  const { publishedHtml: _replaced, publishedBr: _br, publishedGzip: _gzip, ...profile } = getTableColumns(profiles);
  const rows = await db
    .select({ profile, company: companies, ownerRole: users.role, readPublishedAt: sql<string>`${profiles.publishedAt}::text` })
    .from(profiles)
    .innerJoin(companies, eq(companies.id, profiles.companyId))
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(and(publishedChildOf(masterId), gt(profiles.id, afterId)))
    .orderBy(asc(profiles.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, profile: { ...r.profile, publishedHtml: null, publishedBr: null, publishedGzip: null } }));
}

/** A child's rebuilt page, and the `published_at` its rebuild read. */
export type RebuiltPage = StoredPage & { id: number; readPublishedAt: string };

/**
 * Stores a batch of rebuilt pages in one statement, each only if its child's `published_at` is
 * still the one the rebuild read: a child unpublished meanwhile stays down, and one published
 * meanwhile keeps that newer page (its own new overrides), which the rebuild never saw. Returns
 * the ids stored.
 */
export async function storeRebuiltPages(db: Db, publishedAt: Date, pages: RebuiltPage[]): Promise<number[]> {
  if (pages.length === 0) return [];
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  // One parameter per value (VALUES), not one array per column: a batch's pages are ~15 MB of
  // HTML, and PostgreSQL parses a text[] literal of that size several times slower than the
  // same strings as separate parameters (measured, decision 034).
  const rows = pages.map(
    (
      p,
    ) => sql`(${p.id}::int, ${p.readPublishedAt}::timestamptz, ${p.publishedHtml}::text, ${p.publishedBr}::bytea, ${p.publishedGzip}::bytea, ${p.publishedEtag ?? null}::text,
      ${json(p.publishedContent)}::jsonb, ${json(p.publishedLeadForm)}::jsonb, ${json(p.site)}::jsonb, ${p.nextChangeAt?.toISOString() ?? null}::timestamptz)`,
  );
  const result = await db.execute(sql`
    update profiles p set
      published_at = ${publishedAt.toISOString()}::timestamptz,
      published_html = v.html, published_br = v.br, published_gzip = v.gzip, published_etag = v.etag,
      published_content = v.content, published_lead_form = v.lead_form, site = v.site,
      next_change_at = v.next_change_at
    from (values ${sql.join(rows, sql`, `)}) as v(id, read_published_at, html, br, gzip, etag, content, lead_form, site, next_change_at)
    where p.id = v.id and p.published_at = v.read_published_at
    returning p.id
  `);
  const stored = (result as { rows?: { id: number }[] }).rows ?? (result as unknown as { id: number }[]);
  return stored.map((r) => Number(r.id));
}

export type TemplateRebuild = typeof templateRebuilds.$inferSelect;

/** Records a rebuild the editor follows (its job is queued in the same transaction). */
export async function insertTemplateRebuild(db: Db, r: { companyId: number; masterId: number; createdBy: number | null }): Promise<TemplateRebuild> {
  const [row] = await db.insert(templateRebuilds).values(r).returning();
  return row!;
}

/** A rebuild of a template in `scope`; another division's is undefined, like a missing one. */
export async function templateRebuildById(db: Db, id: number, scope: CompanyScope): Promise<TemplateRebuild | undefined> {
  const [row] = await db
    .select()
    .from(templateRebuilds)
    .where(and(eq(templateRebuilds.id, id), inScope(templateRebuilds.companyId, scope)))
    .limit(1);
  return row;
}

/** The job starts (or starts again after a retry): it is running, over the children published now. */
export async function startTemplateRebuild(db: Db, id: number, total: number): Promise<TemplateRebuild | undefined> {
  const [row] = await db
    .update(templateRebuilds)
    .set({ state: 'running', total: sql`greatest(${total}, ${templateRebuilds.done})` })
    .where(eq(templateRebuilds.id, id))
    .returning();
  return row;
}

/** A batch is written: its counts and the last child it covered (committed with the batch's pages). */
export async function recordRebuildBatch(db: Db, id: number, batch: { afterId: number; done: number; rebuilt: number; failed: number }): Promise<void> {
  await db
    .update(templateRebuilds)
    .set({
      afterId: batch.afterId,
      done: sql`${templateRebuilds.done} + ${batch.done}`,
      rebuilt: sql`${templateRebuilds.rebuilt} + ${batch.rebuilt}`,
      failed: sql`${templateRebuilds.failed} + ${batch.failed}`,
    })
    .where(eq(templateRebuilds.id, id));
}

/** Finished rebuilds (done or failed) before `before`: nobody follows them any more. Returns how many went. */
export async function deleteFinishedRebuilds(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(templateRebuilds)
    .where(and(inArray(templateRebuilds.state, ['done', 'failed']), lt(templateRebuilds.finishedAt, before)))
    .returning({ id: templateRebuilds.id });
  return gone.length;
}

/** The job has finished (`done`) or given up after its last try (`failed`). */
export async function finishTemplateRebuild(db: Db, id: number, state: 'done' | 'failed'): Promise<void> {
  await db
    .update(templateRebuilds)
    .set({ state, finishedAt: new Date(), total: state === 'done' ? templateRebuilds.done : templateRebuilds.total })
    .where(eq(templateRebuilds.id, id));
}
