import { and, asc, eq, isNotNull, not } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import { type CompanyScope, inScope, notPlatformStaff } from '../../http/scope.ts';

/** The published people's profiles of a division, within the actor's scope (none outside it), by alias. */
export async function publishedProfileIds(db: Db, companyId: number, scope: CompanyScope): Promise<number[]> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.companyId, companyId),
        inScope(profiles.companyId, scope),
        not(profiles.isMaster),
        isNotNull(profiles.publishedAt),
        notPlatformStaff(profiles.userId),
      ),
    )
    .orderBy(asc(profiles.alias), asc(profiles.id));
  return rows.map((r) => r.id);
}
