/**
 * A division's webhooks (issue #29): endpoints subscribed to events, each event queued as one
 * delivery job per endpoint in the caller's transaction, signed per Standard Webhooks, retried with
 * exponential back-off for over 24 hours, and logged where the hub shows it.
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
import type { Jobs } from '../jobs/jobs.ts';
import { checkTarget, send, signature } from './webhook-send.ts';
import {
  type DeliveryRow,
  deleteWebhook,
  deliveriesOf,
  deliveryWithEndpoint,
  insertDelivery,
  insertWebhook,
  markFailed,
  recordAttempt,
  subscribers,
  updateWebhook,
  type WebhookRow,
  webhookOf,
  webhooksOf,
} from './webhooks.queries.ts';

export const WEBHOOK_JOB = 'webhook-delivery';
/**
 * pg-boss's back-off waits retryDelay·2^n·(1+random) before try n+2, capped at retryDelayMax. At
 * 30 s, capped at 3,600 s: the first 7 retries wait at least 30+60+…+1,920 = 3,810 s, and the 23
 * after them an hour each, so 30 retries span at least 86,610 s (24 h 3 min), at most about 25 h.
 */
const WEBHOOK_RETRY_LIMIT = 30;
const retryOptions = (retrySeconds: number) => ({
  retryLimit: WEBHOOK_RETRY_LIMIT,
  retryDelay: retrySeconds,
  retryBackoff: true,
  retryDelayMax: retrySeconds * 120,
});

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

async function queueDelivery(jobs: Jobs, retrySeconds: number, tx: Db, endpointId: number, type: string, data: Record<string, unknown>) {
  const payload = { type, timestamp: new Date().toISOString(), data };
  const row = await insertDelivery(tx, { endpointId, eventType: type, messageId: `msg_${randomUUID().replaceAll('-', '')}`, payload });
  await jobs.queue(tx, WEBHOOK_JOB, { deliveryId: row.id }, { expireInSeconds: 60, heartbeatSeconds: 30, ...retryOptions(retrySeconds) });
}

/** POST …/{hookId}/test: a `webhook.test` event to this endpoint alone. */
export async function sendTestEvent(deps: Pick<Deps, 'db' | 'jobs' | 'config'>, actor: Actor, companyId: number, id: number): Promise<{ success: true }> {
  const hook = await hookOf(deps, actor, companyId, id);
  await deps.db.transaction((tx) =>
    queueDelivery(deps.jobs, deps.config.WEBHOOK_RETRY_SECONDS, tx as unknown as Db, hook.id, WEBHOOK_TEST_EVENT, { companyId, webhookId: hook.id }),
  );
  deps.jobs.wakeWorker(WEBHOOK_JOB);
  return { success: true };
}

export type WebhookEmitter = Pick<Deps, 'jobs' | 'config'>;

/**
 * Tells the division's subscribed endpoints of an event: one delivery per endpoint, queued in `tx`
 * (sent only if the caller's work commits). `data` holds ids and names, never a secret. Call
 * `deps.jobs.wakeWorker(WEBHOOK_JOB)` after the commit to send at once (else the next poll, 2 s).
 */
export async function emitWebhook(
  deps: WebhookEmitter | undefined,
  tx: Db,
  companyId: number,
  type: (typeof WEBHOOK_EVENTS)[number],
  data: Record<string, unknown>,
): Promise<void> {
  if (!deps) return;
  for (const hook of await subscribers(tx, companyId, type))
    await queueDelivery(deps.jobs, deps.config.WEBHOOK_RETRY_SECONDS, tx, hook.id, type, { companyId, ...data });
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

/**
 * The job: one try of one delivery. The target is checked again at each try (its DNS may have
 * changed since it was saved) and connected to at the checked address. 2xx is delivered; anything
 * else is recorded and thrown, so pg-boss tries again after its back-off.
 */
export async function deliverWebhook(deps: Pick<Deps, 'db' | 'config' | 'secrets'>, deliveryId: number): Promise<{ status: string }> {
  const found = await deliveryWithEndpoint(deps.db, deliveryId);
  if (!found) return { status: 'gone' };
  const { delivery, endpoint } = found;
  if (delivery.status !== 'pending') return { status: delivery.status };
  if (!endpoint.enabled && delivery.eventType !== WEBHOOK_TEST_EVENT) {
    await recordAttempt(deps.db, deliveryId, { status: 'failed', lastError: 'The webhook is turned off.', nextAttemptAt: null });
    return { status: 'failed' };
  }
  const url = new URL(endpoint.url);
  const allowPrivate = deps.config.WEBHOOKS_ALLOW_PRIVATE;
  const retryAt = new Date(Date.now() + deps.config.WEBHOOK_RETRY_SECONDS * 1000 * 2 ** Math.min(delivery.attempts, 7));
  if (url.protocol !== 'https:' && deps.config.NODE_ENV === 'production' && !allowPrivate) {
    await recordAttempt(deps.db, deliveryId, { status: 'failed', lastError: WEBHOOK_MESSAGES.httpsOnly, nextAttemptAt: null });
    return { status: 'failed' };
  }
  const target = await checkTarget(url, allowPrivate);
  if (!target.ok) {
    const message = target.reason === 'private' ? WEBHOOK_MESSAGES.privateTarget : WEBHOOK_MESSAGES.unresolvable;
    if (target.reason === 'private') {
      // Never retried: the hub does not call private addresses, and trying again changes nothing it controls.
      await recordAttempt(deps.db, deliveryId, { status: 'failed', lastError: message, lastStatusCode: null, nextAttemptAt: null });
      return { status: 'failed' };
    }
    await recordAttempt(deps.db, deliveryId, { lastError: message, lastStatusCode: null, nextAttemptAt: retryAt });
    throw new Error(message);
  }
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const secret = deps.secrets.open(endpoint.secretSealed, secretContext(endpoint.id));
  const result = await send(
    url,
    target,
    { 'webhook-id': delivery.messageId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature(secret, delivery.messageId, timestamp, body) },
    body,
  );
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  await recordAttempt(deps.db, deliveryId, {
    lastStatusCode: result.statusCode,
    lastResponseMs: result.ms,
    lastError: ok ? null : (result.error ?? `HTTP ${result.statusCode}`),
    ...(ok ? { status: 'delivered', deliveredAt: new Date(), nextAttemptAt: null } : { nextAttemptAt: retryAt }),
  });
  if (!ok) throw new Error(`webhook delivery ${deliveryId}: ${result.error ?? `HTTP ${result.statusCode}`}`);
  return { status: 'delivered' };
}

/** The last try failed (pg-boss gave up): the log says so. */
export const failDelivery = (db: Db, deliveryId: number) => markFailed(db, deliveryId);

/** What a profile event tells: ids and the alias, nothing of the profile's content. */
export const profileEvent = (p: { id: number; alias: string | null; userId: number | null }, at: Date) => ({
  profileId: p.id,
  alias: p.alias,
  userId: p.userId,
  at: at.toISOString(),
});
