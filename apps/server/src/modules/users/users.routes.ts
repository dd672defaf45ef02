import {
  AddSuperadminSchema,
  DeactivateMemberSchema,
  IdParamsSchema,
  OffboardingResponseSchema,
  ReactivateMemberSchema,
  RoleChangeResponseSchema,
  RollbackResponseSchema,
  SetDivisionRoleResponseSchema,
  SetDivisionRoleSchema,
  SuperadminsResponseSchema,
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
import { deactivateMember, reactivateMember } from './offboarding.service.ts';
import { addSuperadmin, listSuperadmins, removeSuperadmin, setDivisionRole } from './roles.service.ts';
import { exportUsers, listUsers, rollbackProfile, userSuggestions } from './users.service.ts';

const tags = ['users'];

/** The users list of spec §2 (supervisors: their divisions; superadmins: all; users: 403). */
export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    '/users',
    {
      config: { apiKeyScope: 'profiles:read' },
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

  r.put(
    '/users/:id/role',
    {
      schema: {
        tags,
        summary:
          'Make the person (user id) a supervisor of the division, or a plain user of it again: a superadmin, or a supervisor of that division; never a superadmin, never oneself. Recorded in the audit log',
        params: IdParamsSchema,
        body: SetDivisionRoleSchema,
        response: { 200: SetDivisionRoleResponseSchema },
      },
    },
    (req) => setDivisionRole(deps, actorOf(req), req.params.id, req.body.companyId, req.body.role),
  );

  r.post(
    '/users/:id/deactivate',
    {
      schema: {
        tags,
        summary:
          'Offboarding: deactivate the person (user id) in the division. Their page redirects to the successor’s page (outcome successor: their contacts and statistics move there), shows the division’s card (company) or says they are no longer with the company (gone); the division’s default outcome when none is given. Their access to the division ends at once, and every session when no active division is left. A superadmin, or a supervisor of that division; never oneself, never a superadmin by a supervisor. Recorded in the audit log',
        params: IdParamsSchema,
        body: DeactivateMemberSchema,
        response: { 200: OffboardingResponseSchema },
      },
    },
    (req) => deactivateMember(deps, actorOf(req), { userId: req.params.id, ...req.body }),
  );

  r.post(
    '/users/:id/reactivate',
    {
      schema: {
        tags,
        summary:
          'Reactivate a person deactivated in the division: their access, page, and exactly the contacts and statistics moved to the successor come back. Same rules as deactivate; recorded in the audit log',
        params: IdParamsSchema,
        body: ReactivateMemberSchema,
        response: { 200: OffboardingResponseSchema },
      },
    },
    (req) => reactivateMember(deps, actorOf(req), { userId: req.params.id, companyId: req.body.companyId }),
  );

  r.get(
    '/superadmins',
    { schema: { tags, summary: 'The platform staff (superadmins): superadmins only', response: { 200: SuperadminsResponseSchema } } },
    (req) => listSuperadmins(deps, actorOf(req)),
  );

  r.post(
    '/superadmins',
    {
      schema: {
        tags,
        summary: 'Make an existing account (by email) a superadmin: superadmins only; recorded in the audit log',
        body: AddSuperadminSchema,
        response: { 200: RoleChangeResponseSchema },
      },
    },
    (req) => addSuperadmin(deps, actorOf(req), req.body.email),
  );

  r.delete(
    '/superadmins/:id',
    {
      schema: {
        tags,
        summary: 'Remove a superadmin (never oneself, never the last one); their divisions’ roles stay. Superadmins only; recorded in the audit log',
        params: IdParamsSchema,
        response: { 200: RoleChangeResponseSchema },
      },
    },
    (req) => removeSuperadmin(deps, actorOf(req), req.params.id),
  );
}
