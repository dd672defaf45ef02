/**
 * Settings → Manage Notifications: the mails a person chooses to get. Each mail that may
 * be turned off asks here, at the moment it is queued, whether its reader still wants it.
 */
import { ACCOUNT_MESSAGES, type NotificationPrefs } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../http/policy.ts';

/** The columns behind each choice: a mail's query filters on its own one. */
const MAIL_CHOICE = {
  approvalRequests: users.mailApprovalRequests,
  approvalDecisions: users.mailApprovalDecisions,
  leadMessages: users.mailLeadMessages,
} as const;

export async function notificationPrefs(db: Db, actor: Actor): Promise<NotificationPrefs> {
  const [row] = await db.select(MAIL_CHOICE).from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!row) throw notFound('This account no longer exists.');
  return row;
}

/** Only the person's own choices: there is no way to name another account. */
export async function saveNotificationPrefs(db: Db, actor: Actor, prefs: NotificationPrefs) {
  const [row] = await db
    .update(users)
    .set({
      mailApprovalRequests: prefs.approvalRequests,
      mailApprovalDecisions: prefs.approvalDecisions,
      mailLeadMessages: prefs.leadMessages,
      updatedAt: new Date(),
    })
    .where(eq(users.id, actor.userId))
    .returning(MAIL_CHOICE);
  if (!row) throw notFound('This account no longer exists.');
  return { success: true as const, message: ACCOUNT_MESSAGES.notificationsSaved, prefs: row };
}
