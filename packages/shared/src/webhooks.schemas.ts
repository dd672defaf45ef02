import { z } from 'zod';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';

/** The events a division's webhook may subscribe to (issue #29). */
export const WEBHOOK_EVENTS = [
  'contact.created',
  'profile.published',
  'profile.unpublished',
  'approval.requested',
  'approval.decided',
  'user.invited',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What "send test event" sends; no subscription needed. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_MESSAGES = {
  badUrl: 'The webhook URL must be an http(s) URL of at most 2000 characters.',
  httpsOnly: 'The webhook URL must use https.',
  privateTarget: 'The webhook URL points to a loopback, link-local or private address, which the hub does not call.',
  unresolvable: 'The webhook URL’s host could not be resolved.',
  noEvents: 'Choose at least one event.',
} as const;

const url = z
  .string()
  .trim()
  .max(2000, WEBHOOK_MESSAGES.badUrl)
  .refine(hasNoNul, NUL_MESSAGE)
  .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.badUrl }));
const events = z.array(z.enum(WEBHOOK_EVENTS)).min(1, WEBHOOK_MESSAGES.noEvents).max(WEBHOOK_EVENTS.length);

/** A webhook as lists show it: never its secret. */
export const WebhookSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** Creating a webhook, or rotating its secret: the secret (`whsec_…`) is in this answer only. */
export const WebhookWithSecretSchema = WebhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema), events: z.array(z.string()) });
export type WebhookList = z.infer<typeof WebhookListSchema>;

export const WebhookInputSchema = z.strictObject({ url, events, enabled: z.boolean().optional() });
export type WebhookInput = z.input<typeof WebhookInputSchema>;

export const WebhookPatchSchema = z.strictObject({ url: url.optional(), events: events.optional(), enabled: z.boolean().optional() });
export type WebhookPatch = z.input<typeof WebhookPatchSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.number(),
  eventType: z.string(),
  messageId: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastResponseMs: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** When a pending delivery is tried next (after a failed try, with back-off); null once delivered or failed. */
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const WebhookDeliveryPageSchema = z.object({ deliveries: z.array(WebhookDeliverySchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;
