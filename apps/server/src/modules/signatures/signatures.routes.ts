import { IdParamsSchema, SignatureQuerySchema, SignatureSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/auth.ts';
import { divisionSignatures, profileSignature } from './signatures.service.ts';

const tags = ['signatures'];

/** Email signatures (issue #30, decision 031): one profile's for its editor, a division's as a zip for its supervisors. */
export async function signaturesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    '/profiles/:id/signature',
    {
      schema: {
        tags,
        summary: 'A published profile’s email signature (HTML and plain text) with the layouts it may use; 409 when not published',
        params: IdParamsSchema,
        querystring: SignatureQuerySchema,
        response: { 200: SignatureSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return profileSignature(deps, actorOf(req), req.params.id, req.query.layout);
    },
  );

  r.get(
    '/companies/:id/signatures.zip',
    {
      schema: {
        tags,
        summary: 'Every email signature of a division’s published profiles as a zip of HTML and text files (supervisor, superadmin)',
        params: IdParamsSchema,
        response: { 200: z.any() },
      },
    },
    async (req, reply) => {
      const zip = await divisionSignatures(deps, actorOf(req), req.params.id);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${zip.fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(zip.body);
    },
  );
}
