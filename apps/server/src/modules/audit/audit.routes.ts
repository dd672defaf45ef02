import { AuditExportQuerySchema, AuditListResponseSchema, AuditQuerySchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/auth.ts';
import { exportAudit, listAudit } from './audit.service.ts';

const tags = ['audit'];

/** The audit trail of operator actions (issue #26): superadmins only; supervisors and users get 403. */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    '/audit',
    {
      schema: {
        tags,
        summary:
          'The audit log, newest first: actor (user id, or part of an email or name), action (comma list), companyId (comma list), from and to (yyyy-MM-dd, UTC, inclusive), q (free text); a zero-based page. Superadmins only',
        querystring: AuditQuerySchema,
        response: { 200: AuditListResponseSchema },
      },
    },
    (req) => listAudit(deps, actorOf(req), req.query),
  );

  r.get(
    '/audit/export',
    {
      schema: {
        tags,
        summary: 'The filtered audit log (same filters, every row) as a streamed .xlsx, or CSV with format=csv; text never becomes a formula. Superadmins only',
        querystring: AuditExportQuerySchema,
      },
    },
    (req, reply) => exportAudit(deps, actorOf(req), req.query, reply),
  );
}
