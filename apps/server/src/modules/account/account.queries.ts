/** Database access of the signed-in person's own account: its deletion and its mail choices. */
import type { NotificationPrefs } from '@profilehub/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';
import { PAGE_DOWN } from '../publishing/publishing.queries.ts';

/** Takes the user's published profiles offline; the division and alias of each, to forget their held pages. */
export async function takeProfilesOffline(db: Db, userId: number) {
  return db
    .update(profiles)
    .set(PAGE_DOWN)
    .where(and(eq(profiles.userId, userId), isNotNull(profiles.publishedAt)))
    .returning({ companyId: profiles.companyId, alias: profiles.alias });
}

/** The user's profiles stay with their division, owned by nobody. */
export async function unlinkProfiles(db: Db, userId: number) {
  await db.update(profiles).set({ userId: null }).where(eq(profiles.userId, userId));
}

/** Sessions and memberships go with the row (cascade). */
export async function deleteUser(db: Db, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
}

/** The columns behind each choice: a mail's query filters on its own one. */
const MAIL_CHOICE = {
  approvalRequests: users.mailApprovalRequests,
  approvalDecisions: users.mailApprovalDecisions,
  leadMessages: users.mailLeadMessages,
} as const;

/** The user's mail choices, or undefined for no such user. */
export async function mailChoicesOf(db: Db, userId: number): Promise<NotificationPrefs | undefined> {
  const [row] = await db.select(MAIL_CHOICE).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Saves the user's mail choices; as stored, or undefined for no such user. */
export async function saveMailChoices(db: Db, userId: number, prefs: NotificationPrefs): Promise<NotificationPrefs | undefined> {
  const [row] = await db
    .update(users)
    .set({
      mailApprovalRequests: prefs.approvalRequests,
      mailApprovalDecisions: prefs.approvalDecisions,
      mailLeadMessages: prefs.leadMessages,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning(MAIL_CHOICE);
  return row;
}
