/**
 * Settings → Manage Notifications: the mails a person chooses to get. Each mail that may
 * be turned off asks here, at the moment it is queued, whether its reader still wants it.
 */
import { ACCOUNT_MESSAGES, type NotificationPrefs } from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../http/policy.ts';
import { mailChoicesOf, saveMailChoices } from './account.queries.ts';

export async function notificationPrefs(db: Db, actor: Actor): Promise<NotificationPrefs> {
  const row = await mailChoicesOf(db, actor.userId);
  if (!row) throw notFound('This account no longer exists.');
  return row;
}

/** Only the person's own choices: there is no way to name another account. */
export async function saveNotificationPrefs(db: Db, actor: Actor, prefs: NotificationPrefs) {
  const row = await saveMailChoices(db, actor.userId, prefs);
  if (!row) throw notFound('This account no longer exists.');
  return { success: true as const, message: ACCOUNT_MESSAGES.notificationsSaved, prefs: row };
}
