import { z } from 'zod';
import { AUTH_MESSAGES } from './auth.ts';

/** Texts of the self-service account deletion (settings → Delete Account). */
export const ACCOUNT_MESSAGES = {
  codeSent: 'We emailed you a 4-digit code. Enter it to delete your account.',
  superadminRefused: 'A superadmin account cannot delete itself. Ask another superadmin to remove it.',
  deleted: 'Your account was deleted.',
  notificationsSaved: 'Your email choices were saved.',
} as const;

/** POST /api/account/delete: the code mailed by POST /api/account/delete-code. */
export const DeleteAccountSchema = z.strictObject({
  otp: z
    .string()
    .trim()
    .regex(/^\d{4}$/, AUTH_MESSAGES.codeFormat),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountSchema>;

export const AccountMessageSchema = z.object({ success: z.literal(true), message: z.string() });
export type AccountMessage = z.infer<typeof AccountMessageSchema>;

/**
 * Settings → Manage Notifications: which mails a person gets. Sign-in codes, reset links
 * and invitations always go; these are the ones a person may turn off (all on by default).
 */
export const NotificationPrefsSchema = z.strictObject({
  /** Supervisors: someone of the division asks for approval of their changes. */
  approvalRequests: z.boolean({ error: 'Choose on or off for approval requests.' }),
  /** The answer to one's own approval request (approved, or declined with a message). */
  approvalDecisions: z.boolean({ error: 'Choose on or off for approval decisions.' }),
  /** A visitor's message from one's profile page (when the lead form sends to this address). */
  leadMessages: z.boolean({ error: 'Choose on or off for messages from your profile page.' }),
});
export type NotificationPrefs = z.infer<typeof NotificationPrefsSchema>;
export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = { approvalRequests: true, approvalDecisions: true, leadMessages: true };
export const NotificationPrefsResponseSchema = z.object({ success: z.literal(true), message: z.string(), prefs: NotificationPrefsSchema });
export type NotificationPrefsResponse = z.infer<typeof NotificationPrefsResponseSchema>;
