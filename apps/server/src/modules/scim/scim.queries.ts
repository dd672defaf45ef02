/** Database access of SCIM provisioning (issue #28, decision 023): tokens, and a division's people and templates as SCIM sees them. */
import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyMembers, profiles, scimTokens, users } from '../../db/schema.ts';

export type ScimTokenRow = typeof scimTokens.$inferSelect;

export async function insertScimToken(db: Db, values: typeof scimTokens.$inferInsert): Promise<ScimTokenRow> {
  const [row] = await db.insert(scimTokens).values(values).returning();
  return row!;
}

export function scimTokensOf(db: Db, companyId: number): Promise<ScimTokenRow[]> {
  return db.select().from(scimTokens).where(eq(scimTokens.companyId, companyId)).orderBy(asc(scimTokens.id));
}

/** Revokes a live token of the division; undefined when there is none (another division's, or revoked already). */
export async function revokeScimToken(db: Db, companyId: number, id: number): Promise<ScimTokenRow | undefined> {
  const [row] = await db
    .update(scimTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(scimTokens.id, id), eq(scimTokens.companyId, companyId), isNull(scimTokens.revokedAt)))
    .returning();
  return row;
}

/**
 * The live token of this hash, noting its use at most once a minute. A token acts as its maker, so
 * it works only while they may still make one (policy `canManageScimTokens`): a superadmin, or an
 * active supervisor of the division; never in an archived division, nor for a blocked maker.
 * Offboarding the maker ends the token's access with theirs.
 */
export async function liveScimToken(db: Db, tokenHash: string): Promise<ScimTokenRow | undefined> {
  const [found] = await db
    .select({ token: scimTokens })
    .from(scimTokens)
    .innerJoin(users, eq(users.id, scimTokens.createdBy))
    .innerJoin(companies, eq(companies.id, scimTokens.companyId))
    .leftJoin(companyMembers, and(eq(companyMembers.userId, scimTokens.createdBy), eq(companyMembers.companyId, scimTokens.companyId)))
    .where(
      and(
        eq(scimTokens.tokenHash, tokenHash),
        isNull(scimTokens.revokedAt),
        isNull(companies.archivedAt),
        eq(users.blocked, false),
        or(eq(users.role, 'superadmin'), and(eq(users.role, 'supervisor'), eq(companyMembers.role, 'supervisor'), isNull(companyMembers.deactivatedAt))),
      ),
    )
    .limit(1);
  const row = found?.token;
  if (!row) return undefined;
  const minuteAgo = new Date(Date.now() - 60_000);
  if (!row.lastUsedAt || row.lastUsedAt < minuteAgo)
    await db
      .update(scimTokens)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(scimTokens.id, row.id), or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, minuteAgo))));
  return row;
}

/** A member of the division with what SCIM shows of them: account, membership, and their card's template. */
export type ScimMember = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
  updatedAt: Date;
  deactivatedAt: Date | null;
  externalId: string | null;
  templateId: number | null;
  templateName: string | null;
};

const templateOf = sql<
  number | null
>`(select min(p.master_profile_id) from ${profiles} as p where p.user_id = ${users.id} and p.company_id = ${companyMembers.companyId} and not p.is_master)`;
const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  deactivatedAt: companyMembers.deactivatedAt,
  externalId: companyMembers.scimExternalId,
  templateId: templateOf,
};

export type MemberFilter = { attribute: 'userName' | 'externalId'; value: string } | null;

function memberWhere(companyId: number, filter: MemberFilter) {
  const where = [eq(companyMembers.companyId, companyId)];
  if (filter?.attribute === 'userName') where.push(eq(users.email, filter.value.toLowerCase()));
  if (filter?.attribute === 'externalId') where.push(eq(companyMembers.scimExternalId, filter.value));
  return and(...where);
}

async function withTemplateNames(db: Db, rows: Omit<ScimMember, 'templateName'>[]): Promise<ScimMember[]> {
  const ids = [...new Set(rows.map((r) => r.templateId).filter((id): id is number => id !== null))];
  const names = ids.length
    ? new Map((await db.select({ id: profiles.id, name: profiles.templateName }).from(profiles).where(inArray(profiles.id, ids))).map((r) => [r.id, r.name]))
    : new Map<number, string | null>();
  return rows.map((r) => ({ ...r, templateName: r.templateId === null ? null : (names.get(r.templateId) ?? null) }));
}

/** One page of the division's members (offset from 0), and how many there are in all. */
export async function scimMembers(db: Db, companyId: number, filter: MemberFilter, offset: number, limit: number) {
  const where = memberWhere(companyId, filter);
  const [total] = await db.select({ n: count() }).from(companyMembers).innerJoin(users, eq(users.id, companyMembers.userId)).where(where);
  const rows =
    limit > 0
      ? await db
          .select(memberColumns)
          .from(companyMembers)
          .innerJoin(users, eq(users.id, companyMembers.userId))
          .where(where)
          .orderBy(asc(users.id))
          .offset(offset)
          .limit(limit)
      : [];
  return { total: total?.n ?? 0, members: await withTemplateNames(db, rows) };
}

export async function scimMember(db: Db, companyId: number, userId: number): Promise<ScimMember | undefined> {
  const rows = await db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  return (await withTemplateNames(db, rows))[0];
}

export async function setMemberNames(db: Db, userId: number, names: { firstName: string | null; lastName: string | null }) {
  await db
    .update(users)
    .set({ ...names, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function setExternalId(db: Db, companyId: number, userId: number, externalId: string | null) {
  await db
    .update(companyMembers)
    .set({ scimExternalId: externalId })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  // The resource's version (its ETag) follows the account's updatedAt.
  await db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function deleteMembership(db: Db, companyId: number, userId: number) {
  await db.delete(companyMembers).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
}

/** The division's templates (SCIM groups), first one first, optionally by name. */
export function divisionTemplates(db: Db, companyId: number, name?: string) {
  const where = [eq(profiles.companyId, companyId), eq(profiles.isMaster, true)];
  if (name !== undefined) where.push(sql`lower(${profiles.templateName}) = lower(${name})`);
  return db
    .select({ id: profiles.id, name: profiles.templateName, createdAt: profiles.createdAt, updatedAt: profiles.updatedAt })
    .from(profiles)
    .where(and(...where))
    .orderBy(asc(profiles.id));
}

/** Who is under each of these templates (members of the division with a card under it). */
export async function templateMembers(db: Db, companyId: number, templateIds: number[]) {
  if (!templateIds.length) return [];
  return db
    .selectDistinct({ templateId: profiles.masterProfileId, userId: users.id, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(companyMembers, and(eq(companyMembers.userId, users.id), eq(companyMembers.companyId, companyId)))
    .where(and(eq(profiles.companyId, companyId), eq(profiles.isMaster, false), inArray(profiles.masterProfileId, templateIds)))
    .orderBy(asc(users.id));
}

/**
 * Moves a member's cards of the division under another template of it: the version goes up, so an
 * editor open on the card saves against the new template only after reloading. Answers the moved
 * cards (with whether each is published) and the templates they left.
 */
export async function moveMemberCards(db: Db, companyId: number, userId: number, templateId: number, onlyFrom?: number) {
  const where = [eq(profiles.companyId, companyId), eq(profiles.userId, userId), eq(profiles.isMaster, false)];
  if (onlyFrom !== undefined) where.push(eq(profiles.masterProfileId, onlyFrom));
  const before = await db
    .select({ id: profiles.id, from: profiles.masterProfileId })
    .from(profiles)
    .where(and(...where))
    .for('update');
  const moving = before.filter((p) => p.from !== templateId);
  if (!moving.length) return [];
  const moved = await db
    .update(profiles)
    .set({ masterProfileId: templateId, version: sql`${profiles.version} + 1`, updatedAt: new Date() })
    .where(
      inArray(
        profiles.id,
        moving.map((p) => p.id),
      ),
    )
    .returning({ id: profiles.id, publishedAt: profiles.publishedAt });
  await db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));
  return moved.map((m) => ({ ...m, from: moving.find((p) => p.id === m.id)?.from ?? null }));
}
