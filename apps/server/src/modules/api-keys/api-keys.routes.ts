import { ApiKeyCreatedSchema, ApiKeyInputSchema, ApiKeyListSchema, MAX_ROW_ID, SuccessSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/auth.ts';
import { createApiKey, listApiKeys, revokeKey } from './api-keys.service.ts';

const tags = ['api-keys'];
const id = z.coerce.number().int().positive().max(MAX_ROW_ID);

/** A division's keys of the public REST API (issue #29, decision 027): superadmins and the division's supervisors, signed in. */
export async function apiKeysRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  r.get(
    '/companies/:id/api-keys',
    {
      schema: {
        tags,
        summary: "A division's API keys (never the keys themselves: their prefix, name, scopes, maker and last use)",
        params: z.object({ id }),
        response: { 200: ApiKeyListSchema },
      },
    },
    (req) => listApiKeys(deps, actorOf(req), req.params.id),
  );
  r.post(
    '/companies/:id/api-keys',
    {
      schema: {
        tags,
        summary: 'Makes an API key for the division with the scopes given; the answer holds the key, shown this once',
        params: z.object({ id }),
        body: ApiKeyInputSchema,
        response: { 201: ApiKeyCreatedSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await createApiKey(deps, actorOf(req), req.params.id, req.body)),
  );
  r.delete(
    '/companies/:id/api-keys/:keyId',
    {
      schema: {
        tags,
        summary: 'Revokes an API key: it is refused from its next request',
        params: z.object({ id, keyId: id }),
        response: { 200: SuccessSchema },
      },
    },
    (req) => revokeKey(deps, actorOf(req), req.params.id, req.params.keyId),
  );
}
