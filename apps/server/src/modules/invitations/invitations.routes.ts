import { InviteQuerySchema, InviteResponseSchema, InviteSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requireAuth } from '../../http/auth.ts';
import { inviteUser } from './invitations.service.ts';

export async function invitationsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/profiles/create-profile',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['profiles'],
        summary: 'Invite a user: creates the account and a profile under the division’s template; emails the invitation when notify_user is true',
        querystring: InviteQuerySchema,
        body: InviteSchema,
        response: { 200: InviteResponseSchema },
      },
    },
    (req) => inviteUser(app.deps, actorOf(req), req.body, req.query.notify_user === 'true'),
  );
}
