/** Database access of the public API's keys (issue #29, decision 027). */
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys, companies, companyMembers, users } from '../../db/schema.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyListRow = ApiKeyRow & { createdByEmail: string };

/** Stores a key's hash; the row comes back with its maker's email, as lists show it. */
export async function insertApiKey(db: Db, values: typeof apiKeys.$inferInsert): Promise<ApiKeyListRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  const [maker] = await db.select({ email: users.email }).from(users).where(eq(users.id, values.createdBy));
  return { ...row!, createdByEmail: maker!.email };
}

/** A division's keys, oldest first, each with its maker's email. */
export async function apiKeysOf(db: Db, companyId: number): Promise<ApiKeyListRow[]> {
  const rows = await db
    .select({ key: apiKeys, createdByEmail: users.email })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.companyId, companyId))
    .orderBy(asc(apiKeys.id));
  return rows.map((r) => ({ ...r.key, createdByEmail: r.createdByEmail }));
}

/** Revokes a live key of the division; undefined when there is none (another division's, or revoked already). */
export async function revokeApiKey(db: Db, companyId: number, id: number): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
}

/** Offboarding (issue #28): every live key a person made in a division is revoked with their membership. */
export async function revokeApiKeysOfMember(db: Db, userId: number, companyId: number): Promise<ApiKeyRow[]> {
  return db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.createdBy, userId), eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)))
    .returning();
}

/**
 * The live key of this hash, noting its use at most once a minute. A key acts as its maker, so it
 * works only while they may still make one (policy `canManageApiKeys`): a superadmin, or an active
 * supervisor of the division; never in an archived division, nor for a blocked maker. Read on every
 * request (no cache), so a revoked key, or an offboarded maker's, is refused from the next request.
 */
export async function liveApiKey(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
  const [found] = await db
    .select({ key: apiKeys })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .leftJoin(companyMembers, and(eq(companyMembers.userId, apiKeys.createdBy), eq(companyMembers.companyId, apiKeys.companyId)))
    .where(
      and(
        eq(apiKeys.keyHash, keyHash),
        isNull(apiKeys.revokedAt),
        isNull(companies.archivedAt),
        eq(users.blocked, false),
        or(eq(users.role, 'superadmin'), and(eq(users.role, 'supervisor'), eq(companyMembers.role, 'supervisor'), isNull(companyMembers.deactivatedAt))),
      ),
    )
    .limit(1);
  const row = found?.key;
  if (!row) return undefined;
  const minuteAgo = new Date(Date.now() - 60_000);
  if (!row.lastUsedAt || row.lastUsedAt < minuteAgo)
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))));
  return row;
}
