/**
 * A division's webhooks (issue #29): endpoints subscribed to events, each event queued as one
 * delivery row per endpoint in the caller's transaction, sent by the delivery worker
 * (webhook-worker.ts, decision 033), and logged where the hub shows it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookDeliveryPage,
  type WebhookInput,
  type WebhookList,
  type WebhookPatch,
  type WebhookWithSecret,
} from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { type Actor, canManageWebhooks } from '../../http/policy.ts';
import { audit } from '../audit/audit.service.ts';
import { companyRowById } from '../companies/companies.queries.ts';
import { checkTarget } from './webhook-send.ts';
import {
  type DeliveryRow,
  deleteWebhook,
  deliveriesOf,
  insertDeliveries,
  insertWebhook,
  subscribers,
  updateWebhook,
  type WebhookRow,
  webhookOf,
  webhooksOf,
} from './webhooks.queries.ts';

/** The delivery worker's name with the jobs (`jobs.wakeWorker(WEBHOOK_JOB)` after a commit that queued deliveries). */
export const WEBHOOK_JOB = 'webhook-delivery';

const secretContext = (id: number) => `webhook:${id}`;
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

function shown(row: WebhookRow): Webhook {
  return {
    id: row.id,
    companyId: row.companyId,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A plain user is refused; another division's webhooks answer like a missing division. */
async function manageable(deps: Pick<Deps, 'db'>, actor: Actor, companyId: number) {
  if (actor.role === 'user') throw forbidden();
  if (!canManageWebhooks(actor, companyId) || !(await companyRowById(deps.db, companyId))) throw notFound();
}

async function hookOf(deps: Pick<Deps, 'db'>, actor: Actor, companyId: number, id: number): Promise<WebhookRow> {
  await manageable(deps, actor, companyId);
  const row = await webhookOf(deps.db, companyId, id);
  if (!row) throw notFound();
  return row;
}

/** https only in production (unless the operator allows private targets), and never a private address unless allowed. */
async function checkUrl(config: Deps['config'], raw: string): Promise<void> {
  const url = new URL(raw);
  // Credentials in a URL would be shown in every list: the receiver's secret is the signature.
  if (url.username || url.password) throw badRequest(WEBHOOK_MESSAGES.badUrl, 'url');
  const allowPrivate = config.WEBHOOKS_ALLOW_PRIVATE;
  if (url.protocol !== 'https:' && config.NODE_ENV === 'production' && !allowPrivate) throw badRequest(WEBHOOK_MESSAGES.httpsOnly, 'url');
  const target = await checkTarget(url, allowPrivate);
  if (!target.ok) throw badRequest(target.reason === 'private' ? WEBHOOK_MESSAGES.privateTarget : WEBHOOK_MESSAGES.unresolvable, 'url');
}

export async function listWebhooks(deps: Pick<Deps, 'db'>, actor: Actor, companyId: number): Promise<WebhookList> {
  await manageable(deps, actor, companyId);
  return { webhooks: (await webhooksOf(deps.db, companyId)).map(shown), events: [...WEBHOOK_EVENTS] };
}

/** POST /companies/{id}/webhooks: the secret is in this answer only. */
export async function createWebhook(
  deps: Pick<Deps, 'db' | 'config' | 'secrets'>,
  actor: Actor,
  companyId: number,
  input: WebhookInput,
): Promise<WebhookWithSecret> {
  await manageable(deps, actor, companyId);
  const url = input.url.trim();
  await checkUrl(deps.config, url);
  const secret = newSecret();
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertWebhook(tx as unknown as Db, {
      companyId,
      url,
      events: [...new Set(input.events)],
      enabled: input.enabled ?? true,
      secretSealed: 'pending',
      createdBy: actor.userId,
    });
    const sealed = await updateWebhook(tx as unknown as Db, inserted.id, { secretSealed: deps.secrets.seal(secret, secretContext(inserted.id)) });
    await audit(tx as unknown as Db, actor.userId, 'webhook.created', `company:${companyId} webhook:${inserted.id}`, {
      companyId,
      after: { url, events: sealed.events, enabled: sealed.enabled },
    });
    return sealed;
  });
  return { ...shown(row), secret };
}

export async function patchWebhook(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, companyId: number, id: number, patch: WebhookPatch): Promise<Webhook> {
  const before = await hookOf(deps, actor, companyId, id);
  if (patch.url !== undefined) await checkUrl(deps.config, patch.url.trim());
  const values = {
    ...(patch.url !== undefined ? { url: patch.url.trim() } : {}),
    ...(patch.events !== undefined ? { events: [...new Set(patch.events)] } : {}),
    ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
  };
  const row = await updateWebhook(deps.db, id, values);
  await audit(deps.db, actor.userId, 'webhook.updated', `company:${companyId} webhook:${id}`, {
    companyId,
    before: { url: before.url, events: before.events, enabled: before.enabled },
    after: { url: row.url, events: row.events, enabled: row.enabled },
  });
  return shown(row);
}

export async function removeWebhook(deps: Pick<Deps, 'db'>, actor: Actor, companyId: number, id: number): Promise<{ success: true }> {
  const before = await hookOf(deps, actor, companyId, id);
  await deleteWebhook(deps.db, id);
  await audit(deps.db, actor.userId, 'webhook.deleted', `company:${companyId} webhook:${id}`, {
    companyId,
    before: { url: before.url, events: before.events, enabled: before.enabled },
  });
  return { success: true };
}

/** A new secret, in this answer only; the old one signs nothing from now on (pending retries included). */
export async function rotateSecret(deps: Pick<Deps, 'db' | 'secrets'>, actor: Actor, companyId: number, id: number): Promise<WebhookWithSecret> {
  await hookOf(deps, actor, companyId, id);
  const secret = newSecret();
  const row = await updateWebhook(deps.db, id, { secretSealed: deps.secrets.seal(secret, secretContext(id)) });
  await audit(deps.db, actor.userId, 'webhook.secret_rotated', `company:${companyId} webhook:${id}`, { companyId });
  return { ...shown(row), secret };
}

/** One delivery row per endpoint, in one statement, due at once: the delivery worker of some copy claims and sends them (decision 033). */
async function queueDeliveries(tx: Db, endpointIds: number[], type: string, data: Record<string, unknown>) {
  const payload = { type, timestamp: new Date().toISOString(), data };
  await insertDeliveries(
    tx,
    endpointIds.map((endpointId) => ({ endpointId, eventType: type, messageId: `msg_${randomUUID().replaceAll('-', '')}`, payload })),
  );
}

/** POST …/{hookId}/test: a `webhook.test` event to this endpoint alone. */
export async function sendTestEvent(deps: Pick<Deps, 'db' | 'jobs'>, actor: Actor, companyId: number, id: number): Promise<{ success: true }> {
  const hook = await hookOf(deps, actor, companyId, id);
  await queueDeliveries(deps.db, [hook.id], WEBHOOK_TEST_EVENT, { companyId, webhookId: hook.id });
  deps.jobs.wakeWorker(WEBHOOK_JOB);
  return { success: true };
}

export type WebhookEmitter = Pick<Deps, 'jobs'>;

/**
 * Tells the division's subscribed endpoints of an event: one delivery per endpoint, queued in `tx`
 * (sent only if the caller's work commits). `data` holds ids and names, never a secret. Call
 * `deps.jobs.wakeWorker(WEBHOOK_JOB)` after the commit to send at once (else another copy's next poll, 1 s).
 */
export async function emitWebhook(
  deps: WebhookEmitter | undefined,
  tx: Db,
  companyId: number,
  type: (typeof WEBHOOK_EVENTS)[number],
  data: Record<string, unknown>,
): Promise<void> {
  if (!deps) return;
  const endpointIds = await subscribers(tx, companyId, type);
  if (endpointIds.length) await queueDeliveries(tx, endpointIds, type, { companyId, ...data });
}

const shownDelivery = (d: DeliveryRow) => ({
  id: d.id,
  eventType: d.eventType,
  messageId: d.messageId,
  status: d.status as 'pending' | 'delivered' | 'failed',
  attempts: d.attempts,
  lastStatusCode: d.lastStatusCode,
  lastResponseMs: d.lastResponseMs,
  lastError: d.lastError,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
  nextAttemptAt: d.status === 'pending' ? (d.nextAttemptAt?.toISOString() ?? null) : null,
});

export async function listDeliveries(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  companyId: number,
  id: number,
  page: number,
  pageSize: number,
): Promise<WebhookDeliveryPage> {
  await hookOf(deps, actor, companyId, id);
  const { rows, total } = await deliveriesOf(deps.db, id, page, pageSize);
  return { deliveries: rows.map(shownDelivery), total, page, pageSize };
}

/** What a profile event tells: ids and the alias, nothing of the profile's content. */
export const profileEvent = (p: { id: number; alias: string | null; userId: number | null }, at: Date) => ({
  profileId: p.id,
  alias: p.alias,
  userId: p.userId,
  at: at.toISOString(),
});
