/**
 * Database access of the contacts workspace (issue #29): a contact is a lead submission,
 * the one store the public page's form and the exchange write to. The visitor's details
 * stay in its `data` (name, email, mobile, message; company and jobTitle from an
 * exchange), read here the one way every list, export and card reads them.
 */
import type { ContactSource, ContactsFilter } from '@profilehub/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyMembers, contactSearchTextSql, leadSubmissions, profileOwnNameSql, profiles, uploads, users } from '../../db/schema.ts';
import { type Actor, companiesOf, supervisedBy } from '../../http/policy.ts';
import { ownOrSupervised } from '../../http/scope.ts';
import { SENDER_COLUMNS } from '../mail/mail.queries.ts';
import { likeText } from '../users/users.queries.ts';

const field = (key: string) => sql<string>`coalesce(${leadSubmissions.data}->>${key}, '')`;

const ROW = {
  id: leadSubmissions.id,
  name: field('name'),
  email: field('email'),
  phone: field('mobile'),
  company: field('company'),
  jobTitle: field('jobTitle'),
  message: field('message'),
  website: field('website'),
  cardUploadId: leadSubmissions.cardUploadId,
  source: leadSubmissions.source,
  notes: leadSubmissions.notes,
  profileId: leadSubmissions.profileId,
  profileName: sql<string>`coalesce(${profileOwnNameSql(profiles.content)}, ${profiles.alias}, '')`,
  ownerUserId: profiles.userId,
  companyId: leadSubmissions.companyId,
  createdAt: leadSubmissions.createdAt,
};
export type ContactRecord = {
  id: number;
  name: string;
  email: string;
  phone: string;
  company: string;
  jobTitle: string;
  message: string;
  website: string;
  cardUploadId: number | null;
  source: ContactSource;
  notes: string;
  profileId: number;
  profileName: string;
  ownerUserId: number | null;
  companyId: number;
  createdAt: Date;
};

/**
 * The actor's contacts (policy canSeeContact: their profiles' own, and their supervised divisions'),
 * as a condition on `lead_submissions` alone, so a list's order, page and count come from its
 * indexes (bench/contacts.mjs). A contact's division is its profile's, and profiles do not move
 * between divisions, so a supervisor's own profiles inside the divisions they supervise add nothing:
 * only their profiles elsewhere are named (usually none, and then the condition is the division's
 * index alone, not an OR the planner cannot walk in order).
 */
async function scoped(db: Db, actor: Actor): Promise<SQL | undefined> {
  if (companiesOf(actor) === 'all') return undefined;
  const supervised = supervisedBy(actor);
  const own = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.userId, actor.userId), supervised.length ? notInArray(profiles.companyId, supervised) : undefined));
  const ownIds = own.map((p) => p.id);
  return ownOrSupervised(actor, ownIds.length ? inArray(leadSubmissions.profileId, ownIds) : sql`false`, (ids) => inArray(leadSubmissions.companyId, ids));
}

const startOf = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(startOf(day).getTime() + 86_400_000);

async function whereOf(db: Db, actor: Actor, f: ContactsFilter): Promise<SQL | undefined> {
  const where: (SQL | undefined)[] = [await scoped(db, actor)];
  if (f.companyId?.length) where.push(inArray(leadSubmissions.companyId, f.companyId));
  if (f.profileId) where.push(eq(leadSubmissions.profileId, f.profileId));
  if (f.source) where.push(eq(leadSubmissions.source, f.source));
  if (f.from) where.push(gte(leadSubmissions.createdAt, startOf(f.from)));
  if (f.to) where.push(lt(leadSubmissions.createdAt, dayAfter(f.to)));
  // The trigram index (schema.ts lead_submissions_search_trgm_idx) answers this very expression.
  if (f.q) where.push(sql`${contactSearchTextSql(leadSubmissions.data)} like ${likeText(f.q.toLowerCase())}`);
  return and(...where);
}

const base = (db: Db) => db.select(ROW).from(leadSubmissions).innerJoin(profiles, eq(profiles.id, leadSubmissions.profileId));

const newestFirst = [desc(leadSubmissions.createdAt), desc(leadSubmissions.id)];

/**
 * One page of the list, newest first, and how many match, counted up to `countUpTo` (one more
 * is read, to tell "exactly" from "more"). The page's ids and the count read `lead_submissions`
 * alone (an index walk of at most `countUpTo + 1` entries); only the page's rows are then joined
 * with their profiles.
 */
export async function listContacts(db: Db, actor: Actor, f: ContactsFilter, page: number, pageSize: number, countUpTo: number) {
  const where = await whereOf(db, actor, f);
  const ids = db
    .select({ id: leadSubmissions.id })
    .from(leadSubmissions)
    .where(where)
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset(page * pageSize);
  const [rows, [count]] = await Promise.all([
    base(db)
      .where(inArray(leadSubmissions.id, ids))
      .orderBy(...newestFirst),
    db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1` })
        .from(leadSubmissions)
        .where(where)
        .limit(countUpTo + 1)
        .as('matches'),
    ),
  ]);
  const n = count?.n ?? 0;
  return { rows: rows as ContactRecord[], total: Math.min(n, countUpTo), totalCapped: n > countUpTo };
}

/** Every match, in batches by id (newest first): an export never holds more than one batch. */
export async function* streamContacts(db: Db, actor: Actor, f: ContactsFilter, batch = 1000): AsyncGenerator<ContactRecord> {
  let before: number | undefined;
  const where = await whereOf(db, actor, f);
  for (;;) {
    const rows = (await base(db)
      .where(and(where, before === undefined ? undefined : lt(leadSubmissions.id, before)))
      .orderBy(desc(leadSubmissions.id))
      .limit(batch)) as ContactRecord[];
    yield* rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}

/** A contact with whose it is, whoever asks (the service asks the policy). */
export async function contactById(db: Db, id: number): Promise<ContactRecord | undefined> {
  const [row] = await base(db).where(eq(leadSubmissions.id, id)).limit(1);
  return row as ContactRecord | undefined;
}

/** These contacts, of those the actor sees. */
export async function contactsByIds(db: Db, actor: Actor, ids: number[]): Promise<ContactRecord[]> {
  if (!ids.length) return [];
  return (await base(db)
    .where(and(await scoped(db, actor), inArray(leadSubmissions.id, ids)))
    .orderBy(desc(leadSubmissions.id))) as ContactRecord[];
}

export async function setContactNotes(db: Db, id: number, notes: string): Promise<void> {
  await db.update(leadSubmissions).set({ notes }).where(eq(leadSubmissions.id, id));
}

export async function deleteContact(db: Db, id: number): Promise<void> {
  const gone = await db.delete(leadSubmissions).where(eq(leadSubmissions.id, id)).returning({ cardUploadId: leadSubmissions.cardUploadId });
  await releaseCards(db, gone);
}

/**
 * The scanned cards of contacts just deleted: marked removed, so the hourly sweep deletes the
 * row and the bytes (decision 013); GET /uploads/{key} never served them, and the contact's
 * card route is gone with the contact.
 */
async function releaseCards(db: Db, gone: { cardUploadId: number | null }[]): Promise<void> {
  const ids = gone.flatMap((g) => (g.cardUploadId === null ? [] : [g.cardUploadId]));
  if (ids.length) await db.update(uploads).set({ removedAt: sql`now()` }).where(inArray(uploads.id, ids));
}

/** The profile a contact is kept on when none is named: the actor's own (their first), or undefined. */
export async function ownProfileOf(db: Db, userId: number): Promise<{ id: number; userId: number | null; companyId: number } | undefined> {
  const [p] = await db
    .select({ id: profiles.id, userId: profiles.userId, companyId: profiles.companyId })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), eq(profiles.isMaster, false)))
    .orderBy(asc(profiles.id))
    .limit(1);
  return p;
}

/** A profile as the contact policy sees it (owner, division), or undefined. */
export async function profileForContact(db: Db, id: number): Promise<{ id: number; userId: number | null; companyId: number } | undefined> {
  const [p] = await db.select({ id: profiles.id, userId: profiles.userId, companyId: profiles.companyId }).from(profiles).where(eq(profiles.id, id)).limit(1);
  return p;
}

/** A scanned card's photo still waiting for its contact: uploaded by this person, not removed, kept by no contact. */
export async function unclaimedCard(db: Db, id: number, userId: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        eq(uploads.id, id),
        eq(uploads.userId, userId),
        eq(uploads.purpose, 'contact-card'),
        sql`${uploads.removedAt} is null`,
        sql`not exists (select 1 from ${leadSubmissions} where ${leadSubmissions.cardUploadId} = ${uploads.id})`,
      ),
    )
    .limit(1);
  return row;
}

/** A new contact; its card (if any) now belongs to the contact's division. */
export async function insertContact(
  db: Db,
  row: { profileId: number; companyId: number; data: Record<string, string>; source: ContactSource; notes: string; cardUploadId: number | null },
): Promise<number> {
  const [created] = await db.insert(leadSubmissions).values(row).returning({ id: leadSubmissions.id });
  if (row.cardUploadId !== null) await db.update(uploads).set({ companyId: row.companyId }).where(eq(uploads.id, row.cardUploadId));
  return created!.id;
}

/** Where a contact's card photo is stored. */
export async function cardOf(db: Db, uploadId: number): Promise<{ storageKey: string; mime: string; size: number } | undefined> {
  const [row] = await db
    .select({ storageKey: uploads.storageKey, mime: uploads.mime, size: uploads.size })
    .from(uploads)
    .where(eq(uploads.id, uploadId))
    .limit(1);
  return row;
}

/** Deletes every contact of this address the actor sees; the divisions they were in, for the audit. */
export async function eraseContactsByEmail(db: Db, actor: Actor, email: string): Promise<{ id: number; companyId: number }[]> {
  const mine = db
    .select({ id: leadSubmissions.id })
    .from(leadSubmissions)
    .innerJoin(profiles, eq(profiles.id, leadSubmissions.profileId))
    .where(and(await scoped(db, actor), sql`lower(${leadSubmissions.data}->>'email') = ${email.trim().toLowerCase()}`));
  const gone = await db
    .delete(leadSubmissions)
    .where(inArray(leadSubmissions.id, mine))
    .returning({ id: leadSubmissions.id, companyId: leadSubmissions.companyId, cardUploadId: leadSubmissions.cardUploadId });
  await releaseCards(db, gone);
  return gone;
}

/**
 * The upkeep's retention (issue #29): contacts of a division with a retention period that
 * are older than it; how many left, per division.
 */
export async function deleteExpiredContacts(db: Db, now: Date): Promise<{ companyId: number; n: number }[]> {
  const expired = db
    .select({ id: leadSubmissions.id })
    .from(leadSubmissions)
    .innerJoin(companies, eq(companies.id, leadSubmissions.companyId))
    .where(
      and(
        isNotNull(companies.contactRetentionMonths),
        sql`${leadSubmissions.createdAt} < ${now.toISOString()}::timestamptz - make_interval(months => ${companies.contactRetentionMonths})`,
      ),
    );
  const gone = await db
    .delete(leadSubmissions)
    .where(inArray(leadSubmissions.id, expired))
    .returning({ companyId: leadSubmissions.companyId, cardUploadId: leadSubmissions.cardUploadId });
  await releaseCards(db, gone);
  const counts = new Map<number, number>();
  for (const g of gone) counts.set(g.companyId, (counts.get(g.companyId) ?? 0) + 1);
  return [...counts].map(([companyId, n]) => ({ companyId, n }));
}

/**
 * What an exchange on a public page needs of the profile (issue #29), in one look-up: the page
 * (published, its division live), its owner's address and whether they get lead mails, the
 * division's consent and follow-up settings, and what its mails are branded with.
 * Undefined when there is no such page.
 */
export async function exchangeTarget(db: Db, profileId: number) {
  const [row] = await db
    .select({
      id: profiles.id,
      companyId: profiles.companyId,
      alias: profiles.alias,
      content: profiles.publishedContent,
      ownerEmail: users.email,
      // As divisionLeadEmails decides for a lead: an active member of the division who wants lead mails.
      ownerWantsLeads: sql<boolean>`coalesce(${companyMembers.userId} is not null and ${companyMembers.deactivatedAt} is null and not ${users.blocked} and ${users.mailLeadMessages}, false)`,
      consentEnabled: companies.consentEnabled,
      consentText: companies.consentText,
      followUp: companies.exchangeFollowUp,
      sender: SENDER_COLUMNS,
    })
    .from(profiles)
    .innerJoin(companies, eq(companies.id, profiles.companyId))
    .leftJoin(users, eq(users.id, profiles.userId))
    .leftJoin(companyMembers, and(eq(companyMembers.userId, profiles.userId), eq(companyMembers.companyId, profiles.companyId)))
    .where(and(eq(profiles.id, profileId), isNotNull(profiles.publishedAt), isNotNull(profiles.alias), isNull(companies.archivedAt)))
    .limit(1);
  return row;
}
