/**
 * Settings → Delete Account: a person deletes their own account after confirming
 * a 4-digit code mailed to them. Their profiles stay with their division.
 */
import { AccountMessageSchema, DeleteAccountSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/auth.ts';
import { deleteOwnAccount, issueDeleteCode } from './account.service.ts';

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
}
