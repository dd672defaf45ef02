/** Database access of company single sign-on (issue #28). */
import { and, arrayContains, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { divisionSso, ssoLogins, users } from '../../db/schema.ts';

export type SsoRow = typeof divisionSso.$inferSelect;

export async function ssoOfCompany(db: Db, companyId: number): Promise<SsoRow | undefined> {
  const [row] = await db.select().from(divisionSso).where(eq(divisionSso.companyId, companyId));
  return row;
}

/** The enabled SSO of the division that signs in this email domain (one at most: saving refuses a second). */
export async function enabledSsoOfDomain(db: Db, domain: string): Promise<SsoRow | undefined> {
  const [row] = await db
    .select()
    .from(divisionSso)
    .where(and(eq(divisionSso.enabled, true), arrayContains(divisionSso.allowedDomains, [domain])))
    .limit(1);
  return row;
}

/** Another division's SSO that already claims one of these domains (enabled or not). */
export async function domainClaimedElsewhere(db: Db, companyId: number, domains: string[]): Promise<boolean> {
  const [row] = await db
    .select({ companyId: divisionSso.companyId })
    .from(divisionSso)
    .where(and(ne(divisionSso.companyId, companyId), sql`${divisionSso.allowedDomains} && ${sql.param(domains)}::text[]`))
    .limit(1);
  return Boolean(row);
}

export async function upsertSso(db: Db, values: Omit<typeof divisionSso.$inferInsert, 'updatedAt'>): Promise<SsoRow> {
  const now = new Date();
  const [row] = await db
    .insert(divisionSso)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({ target: divisionSso.companyId, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

export async function deleteSso(db: Db, companyId: number): Promise<SsoRow | undefined> {
  const [row] = await db.delete(divisionSso).where(eq(divisionSso.companyId, companyId)).returning();
  return row;
}

export async function insertSsoLogin(db: Db, values: typeof ssoLogins.$inferInsert): Promise<void> {
  // Old attempts nobody finished leave with each new one.
  await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, new Date()));
  await db.insert(ssoLogins).values(values);
}

/** Takes a live attempt by its state, once: the row is deleted in the same statement, so a replayed state finds nothing. */
export async function takeSsoLogin(db: Db, stateHash: string) {
  const [row] = await db
    .delete(ssoLogins)
    .where(and(eq(ssoLogins.stateHash, stateHash), gt(ssoLogins.expiresAt, new Date())))
    .returning();
  return row;
}

/** An SSO sign-in proves the mailbox like a code does: registration is complete and no password is needed. */
export async function markSignedInBySso(db: Db, userId: number) {
  const [row] = await db
    .update(users)
    .set({ registered: true, confirmed: true, verificationRequired: false, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}
