import { z } from 'zod';
import { AUTH_MESSAGES } from './auth.ts';

/** Texts of the self-service account deletion (settings → Delete Account). */
export const ACCOUNT_MESSAGES = {
  codeSent: 'We emailed you a 4-digit code. Enter it to delete your account.',
  superadminRefused: 'A superadmin account cannot delete itself. Ask another superadmin to remove it.',
  deleted: 'Your account was deleted.',
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
