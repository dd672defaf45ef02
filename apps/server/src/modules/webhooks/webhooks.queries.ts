/** Database access of division webhooks (issue #29): endpoints and their delivery log. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';

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

/** The division's enabled endpoints subscribed to `type`. */
export function subscribers(db: Db, companyId: number, type: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.enabled, true), sql`${type} = any(${webhookEndpoints.events})`));
}

export async function insertDelivery(db: Db, values: typeof webhookDeliveries.$inferInsert): Promise<DeliveryRow> {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  return row!;
}

export async function deliveryWithEndpoint(db: Db, id: number): Promise<{ delivery: DeliveryRow; endpoint: WebhookRow } | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

export async function recordAttempt(db: Db, id: number, values: Partial<typeof webhookDeliveries.$inferInsert>): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ ...values, attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(eq(webhookDeliveries.id, id));
}

export async function markFailed(db: Db, id: number): Promise<void> {
  await db.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.id, id));
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
