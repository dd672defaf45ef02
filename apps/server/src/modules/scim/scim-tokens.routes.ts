import { MAX_ROW_ID, ScimTokenCreatedSchema, ScimTokenInputSchema, ScimTokenListSchema, SuccessSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/auth.ts';
import { createScimToken, listScimTokens, revokeToken } from './scim-tokens.service.ts';

const tags = ['scim'];
const id = z.coerce.number().int().positive().max(MAX_ROW_ID);

/** A division's SCIM provisioning tokens (issue #28, decision 023): superadmins and the division's supervisors. */
export async function scimTokensRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  r.get(
    '/companies/:id/scim-tokens',
    {
      schema: {
        tags,
        summary: "A division's SCIM tokens (never the tokens themselves) and the SCIM base URL",
        params: z.object({ id }),
        response: { 200: ScimTokenListSchema },
      },
    },
    (req) => listScimTokens(deps, actorOf(req), req.params.id),
  );
  r.post(
    '/companies/:id/scim-tokens',
    {
      schema: {
        tags,
        summary: 'Makes a SCIM token for the division; the answer holds the token, shown this once',
        params: z.object({ id }),
        body: ScimTokenInputSchema,
        response: { 201: ScimTokenCreatedSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await createScimToken(deps, actorOf(req), req.params.id, req.body.name)),
  );
  r.delete(
    '/companies/:id/scim-tokens/:tokenId',
    {
      schema: {
        tags,
        summary: 'Revokes a SCIM token at once',
        params: z.object({ id, tokenId: id }),
        response: { 200: SuccessSchema },
      },
    },
    (req) => revokeToken(deps, actorOf(req), req.params.id, req.params.tokenId),
  );
}
