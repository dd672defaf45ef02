import {
  ApprovalResponseSchema,
  ApprovalsCountResponseSchema,
  ApprovalsListQuerySchema,
  ApprovalsListResponseSchema,
  CreateApprovalSchema,
  IdParamsSchema,
  PublishBlockedBodySchema,
  ReRequestApprovalSchema,
  RespondApprovalSchema,
} from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/auth.ts';
import { requestApproval, reRequestApproval, respondToApproval } from './approvals.service.ts';
import { listApprovals, pendingCount } from './approvals-list.ts';

const tags = ['approvals'];

export async function approvalsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    '/approvals',
    {
      schema: {
        tags,
        summary:
          'The approvals queue: status active (pending) or resolved; filter (name or alias), companyId (comma list), orderBy NAME / DIVISION / ALIAS / REQUESTDATE (default, newest first), order, page (zero-based, 25 a page). Supervisors: their divisions; superadmins: all; users: 403',
        querystring: ApprovalsListQuerySchema,
        response: { 200: ApprovalsListResponseSchema },
      },
    },
    (req) => listApprovals(deps, actorOf(req), req.query),
  );

  r.get(
    '/approvals/count',
    {
      schema: { tags, summary: 'Pending approvals the caller answers (the side navigation badge)', response: { 200: ApprovalsCountResponseSchema } },
    },
    async (req) => ({ pending: await pendingCount(deps.db, actorOf(req)) }),
  );

  r.post(
    '/approvals',
    {
      schema: {
        tags,
        summary: 'Request approval to publish {targetProfile, requestedAt, company, profileId}; re-requests the pending one when it exists',
        body: CreateApprovalSchema,
        response: { 200: ApprovalResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await requestApproval({ ...deps, webhooks: deps }, actorOf(req), req.body) }),
  );

  r.put(
    '/approvals/single/:id',
    {
      schema: {
        tags,
        summary: 'Re-request an approval {approved: null, requestedAt}',
        params: IdParamsSchema,
        body: ReRequestApprovalSchema,
        response: { 200: ApprovalResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await reRequestApproval({ ...deps, webhooks: deps }, actorOf(req), req.params.id) }),
  );

  r.put(
    '/approvals/respond/:id',
    {
      schema: {
        tags,
        summary: 'Answer an approval {approved, message, rebuild}: approved with rebuild publishes at once; declined mails the owner',
        params: IdParamsSchema,
        body: RespondApprovalSchema,
        response: { 200: ApprovalResponseSchema, 400: PublishBlockedBodySchema },
      },
    },
    async (req, reply) => {
      const result = await respondToApproval({ ...deps, webhooks: deps }, actorOf(req), req.params.id, req.body);
      if ('blocked' in result) return reply.code(400).send(result.blocked);
      return { success: true as const, data: result.approval };
    },
  );
}
