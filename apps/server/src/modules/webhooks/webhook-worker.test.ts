/**
 * The webhook delivery worker (decision 033): two copies of the server on one database share the
 * due deliveries without sending one twice, a lease left by a dead copy is taken over, a live one
 * is not, and a receiver that answers 500 is tried again with back-off — against a local receiver
 * and the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database, Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { createCompany, signedInUser } from '../../test/factories.ts';
import { cloneDatabase, testConfig } from '../../test/harness.ts';
import { rowsOf } from '../events/rollups.ts';
import { retryWait, WEBHOOK_RETRY_LIMIT, WebhookDeliveryWorker } from './webhook-worker.ts';
import { claimDue, recordAttempts } from './webhooks.queries.ts';
import { emitWebhook, WEBHOOK_JOB } from './webhooks.service.ts';

/** A receiver on this machine: every request's path and webhook-id; a path in `failing` answers 500. */
let receiver: http.Server;
let base: string;
const received: { path: string; id: string }[] = [];
const failing = new Set<string>();

let database: Database;
let dataDir: string;
beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ path: req.url ?? '', id: String(req.headers['webhook-id']) });
      res.writeHead(failing.has(req.url ?? '') ? 500 : 200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  database = await cloneDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ph-webhooks-'));
});
afterAll(async () => {
  await new Promise((r) => receiver.close(r));
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const db = (): Db => database.db;

/** A copy of the server on the shared database. */
async function copy(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dataDir, WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '0', ...env }),
    database,
  });
  await app.ready();
  return app;
}

const waitFor = async (done: () => Promise<boolean> | boolean) => {
  while (!(await done())) await new Promise((r) => setTimeout(r, 20));
};

/** A division with one endpoint per path, subscribed to contact.created. */
async function endpoints(app: FastifyInstance, ...paths: string[]) {
  const company = await createCompany(db());
  const hooks = [];
  for (const p of paths) {
    const [row] = await db()
      .insert(webhookEndpoints)
      .values({ companyId: company.id, url: `${base}${p}`, events: ['contact.created'], secretSealed: 'pending' })
      .returning();
    const secretSealed = app.deps.secrets.seal(`whsec_${Buffer.alloc(32, row!.id).toString('base64')}`, `webhook:${row!.id}`);
    await db().update(webhookEndpoints).set({ secretSealed }).where(eq(webhookEndpoints.id, row!.id));
    hooks.push(row!);
  }
  return { company, hooks };
}

const deliveriesTo = (endpointIds: number[]) => db().select().from(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, endpointIds));

describe('the back-off', () => {
  it(`spans at least 24 hours over ${WEBHOOK_RETRY_LIMIT} retries at 30 s, and at most 27`, () => {
    const total = (random: number) => Array.from({ length: WEBHOOK_RETRY_LIMIT }, (_, i) => retryWait(30, i + 1, random)).reduce((a, b) => a + b, 0);
    expect(total(0)).toBeGreaterThanOrEqual(24 * 3600);
    expect(total(1)).toBeLessThanOrEqual(27 * 3600);
    expect([1, 2, 3, 8, 9].map((n) => retryWait(30, n, 0))).toEqual([30, 60, 120, 3600, 3600]);
  });
});

describe('two copies on one database', () => {
  it('deliver 400 events to 2 endpoints: each once, none missing', async () => {
    const [one, two] = await Promise.all([copy(), copy()]);
    try {
      const { company, hooks } = await endpoints(one, '/a', '/b');
      const events = 400;
      let next = 0;
      // Emitted through both copies, 4 at a time, each waking its own worker as a route does.
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < events) {
            const i = next++;
            const app = i % 2 ? one : two;
            await app.deps.db.transaction((tx) => emitWebhook(app.deps, tx as unknown as Db, company.id, 'contact.created', { leadId: i }));
            app.deps.jobs.wakeWorker(WEBHOOK_JOB);
          }
        }),
      );
      await one.deps.jobs.idle();

      const rows = await deliveriesTo(hooks.map((h) => h.id));
      expect(rows).toHaveLength(events * 2);
      expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1 && r.lastStatusCode === 200 && r.claimedUntil === null)).toBe(true);
      const ids = new Set(rows.map((r) => r.messageId));
      const got = received.filter((r) => ids.has(r.id));
      expect(got).toHaveLength(events * 2);
      expect(new Set(got.map((r) => r.id)).size).toBe(events * 2);
      for (const hook of hooks) expect(got.filter((r) => `${base}${r.path}` === hook.url)).toHaveLength(events);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('take over the rows of a copy whose lease expired, and leave alone those whose lease runs', async () => {
    const app = await copy();
    try {
      const { company, hooks } = await endpoints(app, '/lease');
      // Claimed in the transaction that queues them: no worker sees them unclaimed.
      await app.deps.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        for (let i = 0; i < 20; i++) await emitWebhook(app.deps, tx, company.id, 'contact.created', { leadId: i });
        await tx.execute(sql`
          update webhook_deliveries set claimed_by = case when id % 2 = 0 then 'dead-copy' else 'busy-copy' end,
            claimed_until = case when id % 2 = 0 then now() - interval '1 second' else now() + interval '1 hour' end
          where endpoint_id = ${hooks[0]!.id}`);
      });
      app.deps.jobs.wakeWorker(WEBHOOK_JOB);
      const rows = async () => deliveriesTo([hooks[0]!.id]);
      await waitFor(async () => (await rows()).filter((r) => r.id % 2 === 0).every((r) => r.status === 'delivered'));
      const after = await rows();
      const dead = after.filter((r) => r.id % 2 === 0);
      const busy = after.filter((r) => r.id % 2 === 1);
      expect(dead).toHaveLength(10);
      expect(dead.every((r) => r.status === 'delivered' && r.attempts === 1 && r.claimedBy !== 'busy-copy')).toBe(true);
      expect(busy.every((r) => r.status === 'pending' && r.attempts === 0 && r.claimedBy === 'busy-copy')).toBe(true);
      const sent = new Set(received.map((r) => r.id));
      expect(dead.every((r) => sent.has(r.messageId))).toBe(true);
      expect(busy.some((r) => sent.has(r.messageId))).toBe(false);

      // The busy copy's lease expired while it was sending: what it then records is dropped, the row is tried again.
      await db().execute(sql`update webhook_deliveries set claimed_until = now() - interval '1 second' where claimed_by = 'busy-copy'`);
      await app.deps.jobs.idle();
      const late = await recordAttempts(
        db(),
        'busy-copy',
        busy.map((r) => ({ id: r.id, status: 'failed', code: 500, ms: 1, error: 'HTTP 500', waitSeconds: null })),
      );
      expect(late).toBe(0);
      expect((await rows()).every((r) => r.status === 'delivered')).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('never hand one row to two claims at once', async () => {
    const app = await copy();
    // Stopped: only the claims below take rows.
    await app.close();
    const { company, hooks } = await endpoints(app, '/claims');
    await db().transaction(async (t) => {
      for (let i = 0; i < 60; i++) await emitWebhook(app.deps, t as unknown as Db, company.id, 'contact.created', { leadId: i });
    });
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((w) => claimDue(db(), w, 30, 60, [])));
    const ids = [...a!, ...b!, ...c!].filter((r) => r.endpointId === hooks[0]!.id).map((r) => r.id);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    const none = await claimDue(db(), 'd', 30, 60, []);
    expect(none.filter((r) => r.endpointId === hooks[0]!.id)).toHaveLength(0);
    await db().update(webhookDeliveries).set({ status: 'failed', claimedUntil: null }).where(eq(webhookDeliveries.endpointId, hooks[0]!.id));
  });
});

describe('a receiver that answers 500', () => {
  it('is tried again after 30, 60 and 120 s with the same webhook-id, and the log says so', async () => {
    const app = await copy({ WEBHOOK_RETRY_SECONDS: '30' });
    try {
      const { company, hooks } = await endpoints(app, '/down');
      const hook = hooks[0]!;
      failing.add('/down');
      const sup = await signedInUser(app, { role: 'supervisor', companyId: company.id });
      const log = async () => {
        const res = await app.inject({ method: 'GET', url: `/api/companies/${company.id}/webhooks/${hook.id}/deliveries`, headers: sup.headers });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().deliveries;
      };
      await app.deps.db.transaction((tx) => emitWebhook(app.deps, tx as unknown as Db, company.id, 'contact.created', { leadId: 1 }));
      app.deps.jobs.wakeWorker(WEBHOOK_JOB);
      const row = async () => {
        const [r] = rowsOf<{ attempts: number; status: string; code: number | null; error: string | null; wait: number | null; delivered: boolean }>(
          await db().execute(sql`
            select attempts, status, last_status_code as code, last_error as error, delivered_at is not null as delivered,
              extract(epoch from next_attempt_at - now())::float8 as wait
            from webhook_deliveries where endpoint_id = ${hook.id}`),
        );
        return r!;
      };
      // The clock is moved by making the delivery due; each wait is read just after its try.
      for (const [attempts, wait] of [
        [1, 30],
        [2, 60],
        [3, 120],
      ] as const) {
        if (attempts > 1)
          await db()
            .update(webhookDeliveries)
            .set({ nextAttemptAt: new Date(0) })
            .where(eq(webhookDeliveries.endpointId, hook.id));
        app.deps.jobs.wakeWorker(WEBHOOK_JOB);
        await waitFor(async () => (await row()).attempts === attempts);
        const r = await row();
        expect(r).toMatchObject({ status: 'pending', code: 500, error: 'HTTP 500', delivered: false });
        expect(r.wait).toBeGreaterThan(wait - 10);
        expect(r.wait).toBeLessThanOrEqual(wait * 1.1);
        const [shown] = await log();
        expect(shown).toMatchObject({ status: 'pending', attempts, lastStatusCode: 500, lastError: 'HTTP 500', deliveredAt: null });
        expect(Date.parse(shown.nextAttemptAt)).toBeGreaterThan(Date.now());
      }
      failing.delete('/down');
      await db()
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(webhookDeliveries.endpointId, hook.id));
      await app.deps.jobs.idle();
      expect(await row()).toMatchObject({ attempts: 4, status: 'delivered', code: 200, error: null, wait: null, delivered: true });

      const [delivery] = await deliveriesTo([hook.id]);
      expect(received.filter((r) => r.id === delivery!.messageId).map((r) => r.path)).toEqual(['/down', '/down', '/down', '/down']);
      expect(await log()).toEqual([
        expect.objectContaining({
          messageId: delivery!.messageId,
          status: 'delivered',
          attempts: 4,
          lastStatusCode: 200,
          lastError: null,
          nextAttemptAt: null,
        }),
      ]);
    } finally {
      failing.delete('/down');
      await app.close();
    }
  });
});

describe('a database that fails every claim', () => {
  it('is logged once when the claims start failing and once when they work again, not at every poll', async () => {
    const app = await copy();
    const lines: { level: string; msg: string }[] = [];
    const record = (level: string) => (_obj: unknown, msg?: string) => void lines.push({ level, msg: msg ?? '' });
    const log = {
      warn: record('warn'),
      info: record('info'),
      error: record('error'),
      debug: () => {},
      trace: () => {},
      fatal: record('fatal'),
    } as unknown as FastifyBaseLogger;
    const worker = new WebhookDeliveryWorker(app.deps, log, { pollMs: 5 });
    // The table goes missing under the worker: every claim fails at the database, as when it is away.
    await db().execute(sql`alter table webhook_deliveries rename to webhook_deliveries_away`);
    let polls = 0;
    try {
      worker.start();
      const failed = () => lines.filter((l) => l.level === 'warn').length;
      await waitFor(() => failed() === 1);
      // Many more polls fail: still one warning.
      const spin = setInterval(() => {
        polls += 1;
        worker.wake();
      }, 5);
      await waitFor(() => polls >= 20);
      clearInterval(spin);
      expect(lines.filter((l) => l.level === 'warn')).toEqual([{ level: 'warn', msg: expect.stringContaining('claiming deliveries failed') }]);
    } finally {
      await db().execute(sql`alter table webhook_deliveries_away rename to webhook_deliveries`);
    }
    worker.wake();
    await waitFor(() => lines.some((l) => l.level === 'info'));
    await worker.stop(1_000);
    await app.close();
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info']);
    expect(lines[1]!.msg).toContain('works again');
  });
});
