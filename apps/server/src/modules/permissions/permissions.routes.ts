import { CreatePermissionsSchema, IdParamsSchema, PermissionRecordResponseSchema, UpdatePermissionsSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/auth.ts';
import { savePermissions, updatePermissions } from './permissions.service.ts';

const tags = ['permissions'];

export async function permissionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.post(
    '/permissions',
    {
      schema: {
        tags,
        summary: 'Save a template’s permission record {data:{permissions, title, profileId, kind}} (created, or replaced when it exists)',
        description: 'Supervisors of the template’s division with the permissions flag edit the child set; the master set is the superadmin’s.',
        body: CreatePermissionsSchema,
        response: { 200: PermissionRecordResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await savePermissions(deps, actorOf(req), req.body.data) }),
  );

  r.put(
    '/permissions/:id',
    {
      schema: {
        tags,
        summary: 'Replace a record’s entries {data:{permissions}}',
        params: IdParamsSchema,
        body: UpdatePermissionsSchema,
        response: { 200: PermissionRecordResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await updatePermissions(deps, actorOf(req), req.params.id, req.body.data) }),
  );

  r.delete(
    '/permissions/:id/entries',
    {
      schema: {
        tags,
        summary: 'Reset: clear a record’s entries (spec §4 "Reset clears the list")',
        params: IdParamsSchema,
        response: { 200: PermissionRecordResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await updatePermissions(deps, actorOf(req), req.params.id, { permissions: [] }) }),
  );
}
