import {
  MAX_ROW_ID,
  SuccessSchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveryPageSchema,
  WebhookInputSchema,
  WebhookListSchema,
  WebhookPatchSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/auth.ts';
import { createWebhook, listDeliveries, listWebhooks, patchWebhook, removeWebhook, rotateSecret, sendTestEvent } from './webhooks.service.ts';

const tags = ['webhooks'];
const id = z.coerce.number().int().positive().max(MAX_ROW_ID);
const hookParams = z.object({ id, hookId: id });
const ok = { 200: SuccessSchema };

/** A division's webhooks (issue #29): superadmins and the division's supervisors. */
export async function webhooksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  r.get(
    '/companies/:id/webhooks',
    { schema: { tags, summary: "A division's webhooks (never their secrets)", params: z.object({ id }), response: { 200: WebhookListSchema } } },
    (req) => listWebhooks(deps, actorOf(req), req.params.id),
  );
  r.post(
    '/companies/:id/webhooks',
    {
      schema: {
        tags,
        summary: 'Subscribes a URL to events of the division; the answer holds its signing secret, shown this once',
        params: z.object({ id }),
        body: WebhookInputSchema,
        response: { 201: WebhookWithSecretSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await createWebhook(deps, actorOf(req), req.params.id, req.body)),
  );
  r.patch(
    '/companies/:id/webhooks/:hookId',
    {
      schema: {
        tags,
        summary: "Changes a webhook's URL, events or whether it is on",
        params: hookParams,
        body: WebhookPatchSchema,
        response: { 200: WebhookSchema },
      },
    },
    (req) => patchWebhook(deps, actorOf(req), req.params.id, req.params.hookId, req.body),
  );
  r.delete(
    '/companies/:id/webhooks/:hookId',
    { schema: { tags, summary: 'Deletes a webhook and its delivery log', params: hookParams, response: ok } },
    (req) => removeWebhook(deps, actorOf(req), req.params.id, req.params.hookId),
  );
  r.post(
    '/companies/:id/webhooks/:hookId/rotate-secret',
    {
      schema: {
        tags,
        summary: 'A new signing secret, shown this once; the old one stops at once',
        params: hookParams,
        response: { 200: WebhookWithSecretSchema },
      },
    },
    (req) => rotateSecret(deps, actorOf(req), req.params.id, req.params.hookId),
  );
  r.post(
    '/companies/:id/webhooks/:hookId/test',
    { schema: { tags, summary: 'Queues a webhook.test event to this webhook', params: hookParams, response: ok } },
    (req) => sendTestEvent(deps, actorOf(req), req.params.id, req.params.hookId),
  );
  r.get(
    '/companies/:id/webhooks/:hookId/deliveries',
    {
      schema: {
        tags,
        summary: "A webhook's delivery log, newest first",
        params: hookParams,
        querystring: WebhookDeliveriesQuerySchema,
        response: { 200: WebhookDeliveryPageSchema },
      },
    },
    (req) => listDeliveries(deps, actorOf(req), req.params.id, req.params.hookId, req.query.page, req.query.pageSize),
  );
}
