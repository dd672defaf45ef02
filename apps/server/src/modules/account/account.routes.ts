/**
 * The signed-in person's own account. Settings → Delete Account: deleted after confirming
 * a 4-digit code mailed to them (their profiles stay with their division). Settings →
 * Manage Notifications: which mails they get.
 */
import { AccountMessageSchema, DeleteAccountSchema, NotificationPrefsResponseSchema, NotificationPrefsSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/auth.ts';
import { deleteOwnAccount, issueDeleteCode } from './account.service.ts';
import { notificationPrefs, saveNotificationPrefs } from './notifications.ts';

export async function accountRoutes(app: FastifyInstance) {
  const { deps } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  r.post(
    '/account/delete-code',
    {
      schema: {
        tags,
        summary: 'Mail the signed-in person a 4-digit code that confirms deleting their own account (not for a superadmin)',
        response: { 200: AccountMessageSchema },
      },
    },
    async (req) => issueDeleteCode(deps, actorOf(req)),
  );

  r.post(
    '/account/delete',
    {
      schema: {
        tags,
        summary: 'Delete the signed-in account with the mailed code; its profiles stay with the division, unlinked and offline',
        body: DeleteAccountSchema,
        response: { 200: AccountMessageSchema },
      },
    },
    async (req) => deleteOwnAccount(deps, actorOf(req), req.body.otp, { ip: req.ip }),
  );

  r.get(
    '/account/notifications',
    {
      schema: {
        tags,
        summary: 'The mails the signed-in person chose to get (approval requests, approval decisions, lead messages)',
        response: { 200: NotificationPrefsSchema },
      },
    },
    async (req) => notificationPrefs(deps.db, actorOf(req)),
  );

  r.put(
    '/account/notifications',
    {
      schema: {
        tags,
        summary: 'Save which mails the signed-in person gets; sign-in codes, reset links and invitations always go',
        body: NotificationPrefsSchema,
        response: { 200: NotificationPrefsResponseSchema },
      },
    },
    async (req) => saveNotificationPrefs(deps.db, actorOf(req), req.body),
  );
}
