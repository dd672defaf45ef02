/** What the public page server reads: the division of a host and the stored pages of published profiles. */
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias as aliasOf } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { companies, pageChanges, profiles } from '../../db/schema.ts';
import { rowsOf } from '../events/rollups.ts';

export async function companyIdBySubdomain(db: Db, subdomain: string): Promise<number | null> {
  const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.subdomain, subdomain)).limit(1);
  return c?.id ?? null;
}

export async function companyIdByCustomDomain(db: Db, host: string): Promise<number | null> {
  const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.customDomain, host)).limit(1);
  return c?.id ?? null;
}

/** A published page's address within its division: the alias of a profile that is published with a stored page. */
const publishedPageAt = (companyId: number, alias: string) =>
  and(eq(profiles.companyId, companyId), eq(profiles.alias, alias), isNotNull(profiles.publishedAt), isNotNull(profiles.publishedHtml));

/** The successor's profile of a deactivated person's page. */
const successor = aliasOf(profiles, 'successor');

/**
 * Whether a division is archived, and the profile and stored ETag of its published page at
 * `alias` (id null when there is none) with what it shows when its owner was deactivated, in
 * one query: every page check asks all of it.
 * Undefined when the division does not exist.
 */
export async function publishedEtagByAlias(db: Db, companyId: number, alias: string): Promise<PageState | undefined> {
  const [row] = await db
    .select({
      archivedAt: companies.archivedAt,
      title: companies.title,
      id: profiles.id,
      etag: profiles.publishedEtag,
      outcome: profiles.offboardOutcome,
      successorAlias: successor.alias,
    })
    .from(companies)
    .leftJoin(profiles, publishedPageAt(companyId, alias))
    .leftJoin(
      successor,
      and(
        eq(successor.id, profiles.offboardSuccessorId),
        eq(successor.companyId, companyId),
        isNotNull(successor.publishedAt),
        isNotNull(successor.publishedHtml),
      ),
    )
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) return undefined;
  const offboarded: Offboarded | null =
    row.outcome === null
      ? null
      : row.outcome === 'successor' && row.successorAlias
        ? { to: 'successor', alias: row.successorAlias }
        : row.outcome === 'company'
          ? { to: 'company', title: row.title }
          : { to: 'gone' };
  return { archived: row.archivedAt !== null, id: row.id, etag: row.etag, offboarded };
}

/**
 * What a deactivated person's page shows (decision 022): the successor's page (at its alias, when
 * it is published), the division's card, or that the person is no longer with the company.
 */
export type Offboarded = { to: 'successor'; alias: string } | { to: 'company'; title: string } | { to: 'gone' };

type PageState = { archived: boolean; id: number | null; etag: string | null; offboarded: Offboarded | null };

/**
 * A profile's stored page as it is sent: its ETag, its brotli and gzip forms and when it next
 * changes by itself. The HTML only when the forms are missing (a page stored before them,
 * decision 035): it is not read otherwise.
 */
export async function storedPageOf(db: Db, profileId: number) {
  const [full] = await db
    .select({
      etag: profiles.publishedEtag,
      br: profiles.publishedBr,
      gzip: profiles.publishedGzip,
      html: sql<string | null>`case when ${profiles.publishedBr} is null or ${profiles.publishedGzip} is null then ${profiles.publishedHtml} end`,
      nextChangeAt: profiles.nextChangeAt,
    })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), isNotNull(profiles.publishedAt)));
  return full;
}

/** Stores the compressed forms of a page stored without them, if the page is still `etag` (a publish meanwhile stored its own). */
export async function storeMissingForms(db: Db, profileId: number, etag: string, forms: { publishedBr: Uint8Array; publishedGzip: Uint8Array }) {
  await db
    .update(profiles)
    .set({ publishedBr: forms.publishedBr, publishedGzip: forms.publishedGzip })
    .where(and(eq(profiles.id, profileId), eq(profiles.publishedEtag, etag), or(isNull(profiles.publishedBr), isNull(profiles.publishedGzip))));
}

type Published = { id: number; alias: string; etag: string; content: Record<string, unknown> };

/** A division's published page at `alias` with its ETag and published content (the card's manifest and service worker), or null. */
export async function publishedByAlias(db: Db, companyId: number, alias: string): Promise<Published | null> {
  const [row] = await db
    .select({ id: profiles.id, alias: profiles.alias, etag: profiles.publishedEtag, content: profiles.publishedContent })
    .from(profiles)
    .where(publishedPageAt(companyId, alias))
    .limit(1);
  return row?.alias && row.etag && row.content ? { id: row.id, alias: row.alias, etag: row.etag, content: row.content } : null;
}

/** A profile with its division's title and white label: what its vCard, QR code and icons are built from. */
export async function cardProfile(db: Db, profileId: number) {
  const [row] = await db
    .select({ p: profiles, companyTitle: companies.title, whiteLabel: companies.whiteLabel })
    .from(profiles)
    .innerJoin(companies, eq(companies.id, profiles.companyId))
    .where(eq(profiles.id, profileId))
    .limit(1);
  return row;
}

/** What {@link pageChangesSince} read: where the next read starts, and the divisions changed since `from` with the transactions that changed them. */
export type PageChangesRead = { next: string; changes: { companyId: number; xid: string }[] };

/**
 * The divisions whose pages changed in transactions from `from` on (the triggers of migration 0044
 * append to `page_changes`), and `next`: the oldest transaction still running in this read's
 * snapshot. Every transaction this read cannot see yet has an id ≥ `next`, so reading from `next`
 * next time misses no change, whatever order transactions commit in (decision 036). `from` null
 * (a first read): the changes from `next` on that this read sees, so that the next read, which
 * starts there, does not take them for news (while any transaction of the cluster, in any
 * database, stays open, `next` stays behind it).
 */
export async function pageChangesSince(db: Db, from: string | null): Promise<PageChangesRead> {
  const since = sql`${pageChanges.xid} >= ${from === null ? sql`pg_snapshot_xmin(pg_current_snapshot())::text` : from}::bigint`;
  const [row] = rowsOf<{ next: string; changes: [number, string][] }>(
    await db.execute(sql`
      select pg_snapshot_xmin(pg_current_snapshot())::text as next,
        (select coalesce(json_agg(json_build_array(c.company_id, c.xid::text)), '[]'::json)
           from (select distinct ${pageChanges.companyId} as company_id, ${pageChanges.xid} as xid from ${pageChanges} where ${since}) c) as changes`),
  );
  if (!row) throw new Error('reading the page changes returned no row');
  return { next: row.next, changes: row.changes.map(([companyId, xid]) => ({ companyId, xid })) };
}

/** Deletes the page changes older than `keptMs` (the upkeep job): every reader has read them, or starts afresh (decision 036). */
export async function prunePageChanges(db: Db, keptMs: number): Promise<void> {
  await db.delete(pageChanges).where(sql`${pageChanges.at} < now() - make_interval(secs => ${keptMs / 1000})`);
}
