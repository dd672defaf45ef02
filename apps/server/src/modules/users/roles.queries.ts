/**
 * Database access of role changes: a person's role in one division
 * (company_members.role), the account's role that follows from it (users.role),
 * and the superadmins list. users.role is 'supervisor' exactly when the person
 * supervises at least one division, unless they are a superadmin.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyMembers, users } from '../../db/schema.ts';

/**
 * The account, locked until the transaction ends: role changes of one person run one
 * after another, so the account's role is always computed from committed memberships.
 */
export async function lockAccount(db: Db, userId: number) {
  const [row] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** The person's membership role in the division; undefined when they are not in it. */
export async function memberRole(db: Db, userId: number, companyId: number) {
  const [row] = await db
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, companyId)));
  return row?.role;
}

export async function setMemberRole(db: Db, userId: number, companyId: number, role: 'supervisor' | 'member') {
  await db
    .update(companyMembers)
    .set({ role })
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, companyId)));
}

/** What the account's role follows from its memberships: supervisor of at least one division, else user. */
const roleFromMemberships = (userId: number) =>
  sql`case when exists (select 1 from company_members as cm where cm.user_id = ${userId} and cm.role = 'supervisor') then 'supervisor' else 'user' end`;

/** Brings a non-superadmin account's role in line with its memberships. */
export async function syncAccountRole(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ role: roleFromMemberships(userId), updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`${users.role} <> 'superadmin'`));
}

/** Platform staff, by email. */
export async function superadminRows(db: Db) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.role, 'superadmin'))
    .orderBy(asc(users.email));
}

/** Every superadmin account, locked: removing one counts the rest without a race. */
export async function lockSuperadmins(db: Db): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).orderBy(asc(users.id)).for('update');
  return rows.map((r) => r.id);
}

export async function accountByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email)).for('update');
  return row;
}

export async function makeSuperadmin(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ role: 'superadmin', updatedAt: new Date() }).where(eq(users.id, userId));
}

/** A superadmin no more: their role follows their memberships again. */
export async function dropSuperadmin(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ role: roleFromMemberships(userId), updatedAt: new Date() })
    .where(eq(users.id, userId));
}
