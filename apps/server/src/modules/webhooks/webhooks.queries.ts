/** Database access of division webhooks (issue #29): endpoints and their delivery log. */
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { rowsOf } from '../events/rollups.ts';

export type WebhookRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertWebhook(db: Db, values: typeof webhookEndpoints.$inferInsert): Promise<WebhookRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export function webhooksOf(db: Db, companyId: number): Promise<WebhookRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId)).orderBy(webhookEndpoints.id);
}

export async function webhookOf(db: Db, companyId: number, id: number): Promise<WebhookRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, companyId)));
  return row;
}

export async function updateWebhook(db: Db, id: number, values: Partial<typeof webhookEndpoints.$inferInsert>): Promise<WebhookRow> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row!;
}

export async function deleteWebhook(db: Db, id: number): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** The ids of the division's enabled endpoints subscribed to `type`. */
export async function subscribers(db: Db, companyId: number, type: string): Promise<number[]> {
  const rows = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.enabled, true), sql`${type} = any(${webhookEndpoints.events})`));
  return rows.map((r) => r.id);
}

export async function insertDeliveries(db: Db, values: (typeof webhookDeliveries.$inferInsert)[]): Promise<void> {
  await db.insert(webhookDeliveries).values(values);
}

/** A delivery a copy has claimed, with what sending it needs of its endpoint. */
export type ClaimedDelivery = {
  id: number;
  endpointId: number;
  eventType: string;
  messageId: string;
  payload: unknown;
  attempts: number;
  url: string;
  enabled: boolean;
  secretSealed: string;
};

/**
 * Takes up to `limit` due deliveries for `worker` until `leaseSeconds` from now (decision 033): the
 * oldest due first, none another copy holds (a live lease, or a row it is claiming right now:
 * SKIP LOCKED), none to an endpoint in `skip`. Expired leases are due like any other.
 */
export async function claimDue(db: Db, worker: string, limit: number, leaseSeconds: number, skip: number[]): Promise<ClaimedDelivery[]> {
  return rowsOf<ClaimedDelivery>(
    await db.execute(sql`
      with picked as (
        select id from webhook_deliveries
        where status = 'pending' and next_attempt_at <= now()
          and (claimed_until is null or claimed_until < now())
          and endpoint_id <> all(${`{${skip.join(',')}}`}::int[])
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      )
      update webhook_deliveries d
      set claimed_until = now() + make_interval(secs => ${leaseSeconds}), claimed_by = ${worker}
      from webhook_endpoints e
      where d.id in (select id from picked) and e.id = d.endpoint_id
      returning d.id::int as "id", d.endpoint_id as "endpointId", d.event_type as "eventType", d.message_id as "messageId",
        d.payload, d.attempts, e.url, e.enabled, e.secret_sealed as "secretSealed"`),
  );
}

/** One try's outcome: `pending` tries again `waitSeconds` after it is recorded. */
export type AttemptResult = {
  id: number;
  status: 'pending' | 'delivered' | 'failed';
  code: number | null;
  ms: number | null;
  error: string | null;
  waitSeconds: number | null;
};

/**
 * Records tries in one statement and lets their leases go (`claimed_by` stays: the copy that tried
 * last); a try whose lease `worker` no longer holds (it expired and another copy claimed the row) is
 * not recorded. Returns how many were.
 */
export async function recordAttempts(db: Db, worker: string, results: AttemptResult[]): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update webhook_deliveries d
      set attempts = d.attempts + 1, status = r.status, last_status_code = r.code, last_response_ms = r.ms, last_error = r.error,
        next_attempt_at = case when r.status = 'pending' then now() + make_interval(secs => r.wait) end,
        delivered_at = case when r.status = 'delivered' then now() else d.delivered_at end,
        claimed_until = null
      from jsonb_to_recordset(${JSON.stringify(results.map((r) => ({ ...r, wait: r.waitSeconds })))}::jsonb)
        as r(id bigint, status text, code int, ms int, error text, wait float8)
      where d.id = r.id and d.claimed_by = ${worker} and d.claimed_until is not null
      returning d.id`),
  );
  return rows.length;
}

/** Moves the leases `worker` holds to `leaseSeconds` from now (it is alive and still has them to send). */
export async function renewLeases(db: Db, worker: string, leaseSeconds: number): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(webhookDeliveries.claimedBy, worker), isNotNull(webhookDeliveries.claimedUntil)));
}

/** Gives back what `worker` claimed and did not try (it stops): due at once on any copy. */
export async function releaseLeases(db: Db, worker: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ claimedUntil: null, claimedBy: null })
    .where(and(eq(webhookDeliveries.claimedBy, worker), isNotNull(webhookDeliveries.claimedUntil)));
}

/** Deliveries not yet delivered nor given up, on every copy. */
export async function pendingDeliveries(db: Db): Promise<number> {
  const [n] = await db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'));
  return n?.n ?? 0;
}

export async function deliveriesOf(db: Db, endpointId: number, page: number, pageSize: number): Promise<{ rows: DeliveryRow[]; total: number }> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [n] = await db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
  return { rows, total: n?.n ?? 0 };
}
