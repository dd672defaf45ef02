import {
  IdParamsSchema,
  RollbackResponseSchema,
  USER_SUGGESTIONS_PAGE_SIZE,
  UserSuggestionsQuerySchema,
  UserSuggestionsResponseSchema,
  UsersExportQuerySchema,
  UsersListQuerySchema,
  UsersListResponseSchema,
} from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/auth.ts';
import { exportUsers, listUsers, rollbackProfile, userSuggestions } from './users.service.ts';

const tags = ['users'];

/** The users list of spec §2 (supervisors: their divisions; superadmins: all; users: 403). */
export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    '/users',
    {
      schema: {
        tags,
        summary:
          'Profile list fetch of the users list: filter, companyId (comma list), order, orderBy, page (zero-based, 10 a page), isLive (tab); with tab counts',
        querystring: UsersListQuerySchema,
        response: { 200: UsersListResponseSchema },
      },
    },
    (req) => listUsers(deps, actorOf(req), req.query),
  );

  r.get(
    '/users/export',
    {
      schema: {
        tags,
        summary:
          'Excel data of the filtered users list (filter, companyId, isLive): a streamed .xlsx, or CSV with format=csv; user text never becomes a formula',
        querystring: UsersExportQuerySchema,
      },
    },
    (req, reply) => exportUsers(deps, actorOf(req), req.query, reply),
  );

  r.get(
    '/users/suggestions',
    {
      schema: {
        tags,
        summary: 'User suggestions: profiles whose name or email matches filter, a zero-based page of 10',
        querystring: UserSuggestionsQuerySchema,
        response: { 200: UserSuggestionsResponseSchema },
      },
    },
    (req) => userSuggestions(deps, actorOf(req), req.query, USER_SUGGESTIONS_PAGE_SIZE),
  );

  r.post(
    '/profiles/:id/rollback',
    {
      schema: {
        tags,
        summary: 'Roll a published profile back to its previously published version and publish it (supervisor of its division or superadmin)',
        params: IdParamsSchema,
        response: { 200: RollbackResponseSchema },
      },
    },
    (req) => rollbackProfile(deps, actorOf(req), req.params.id),
  );
}
