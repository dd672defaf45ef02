import {
  IMPORT_MAX_BYTES,
  ImportJobIdParamsSchema,
  ImportJobSchema,
  ImportPreviewResponseSchema,
  ImportRequestSchema,
  InviteAliasQuerySchema,
  InviteAliasResponseSchema,
  InviteDivisionsQuerySchema,
  InviteDivisionsResponseSchema,
  InviteQuerySchema,
  InviteResponseSchema,
  InviteSchema,
  NewUserSchema,
} from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/auth.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { checkInviteAlias, inviteDivisions, inviteUser } from './invitations.service.ts';
import { importStatus, previewImport, sendImportResult, startImport } from './staff-import.service.ts';

/** The staff file travels base64 in JSON: a third larger, plus the mapping. */
const IMPORT_BODY_LIMIT = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024;

export async function invitationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/users',
    {
      config: { apiKeyScope: 'users:invite' },
      schema: {
        tags: ['users'],
        summary:
          'The add-user call of the invite dialog (spec §3 New user payload {email, name, company, masterProfile, profileAlias}): creates the account and its profile; emails the invitation unless notify_user=false',
        querystring: InviteQuerySchema,
        body: NewUserSchema,
        response: { 200: InviteResponseSchema },
      },
    },
    (req) =>
      inviteUser(
        app.deps,
        actorOf(req),
        {
          company: req.body.company as number,
          masterProfile: req.body.masterProfile ?? undefined,
          person: { first_name: req.body.name },
          profileAlias: req.body.profileAlias ?? undefined,
          userAccountEmail: req.body.email,
          role: req.body.role,
        },
        req.query.notify_user === 'true',
      ),
  );

  r.get(
    '/users/divisions',
    {
      schema: {
        tags: ['users'],
        summary:
          'Divisions for the invite dialog and the list filters: a supervisor’s own; a superadmin’s matching filter (title or description), limit 10 by default; with the public-page host and first template',
        querystring: InviteDivisionsQuerySchema,
        response: { 200: InviteDivisionsResponseSchema },
      },
    },
    async (req) => ({ data: await inviteDivisions(app.deps, actorOf(req), req.query) }),
  );

  r.get(
    '/users/alias-available',
    {
      schema: {
        tags: ['users'],
        summary:
          'Alias test of the invite dialog (spec §5 invite alias rules): success with the cleaned alias as message when it is free; otherwise success false and why. Rate limited per IP',
        querystring: InviteAliasQuerySchema,
        response: { 200: InviteAliasResponseSchema },
      },
    },
    async (req) => {
      await app.deps.limiter.hit(LIMITS.aliasCheckPerIp, req.ip);
      return checkInviteAlias(app.deps, actorOf(req), req.query.alias);
    },
  );

  r.post(
    '/profiles/create-profile',
    {
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

  r.post(
    '/users/import/preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['users'],
        summary:
          'Staff import preview (supervisor: their divisions; superadmin: any): a CSV or .xlsx file (base64) and, once chosen, its column mapping; every row with its errors in the invite dialog’s words',
        body: ImportRequestSchema,
        response: { 200: ImportPreviewResponseSchema },
      },
    },
    (req) => previewImport(app.deps, actorOf(req), req.body),
  );

  r.post(
    '/users/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['users'],
        summary:
          'Staff import: checks the file and queues its import as a job (202 with its status); the job creates each valid row’s person as an invitation would (emailed when notify is true) or updates the one already in that division (by email), in batches',
        body: ImportRequestSchema,
        response: { 202: ImportJobSchema },
      },
    },
    async (req, reply) => reply.code(202).send(await startImport(app.deps, actorOf(req), req.body)),
  );

  r.get(
    '/users/import/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'A staff import’s progress: rows done of the total, created, updated and skipped (another division’s import answers 404)',
        params: ImportJobIdParamsSchema,
        response: { 200: ImportJobSchema },
      },
    },
    (req) => importStatus(app.deps, actorOf(req), req.params.id),
  );

  r.get(
    '/users/import/:id/result',
    {
      schema: {
        tags: ['users'],
        summary: 'A finished staff import’s result: a CSV of every row with its outcome (created, updated or skipped) and the reason (409 while it runs)',
        params: ImportJobIdParamsSchema,
      },
    },
    (req, reply) => sendImportResult(app.deps, actorOf(req), req.params.id, reply),
  );
}
