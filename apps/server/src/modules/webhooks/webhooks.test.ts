import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_MESSAGES } from '@profilehub/shared';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, profiles, webhookEndpoints } from '../../db/schema.ts';
import { childDetails, createTemplateDivision } from '../../test/factories.ts';
import { type Headers, type TestApp, useTestApp } from '../../test/harness.ts';
import { send } from './webhook-send.ts';

/** A webhook receiver on this machine: keeps every request, answers the queued statuses (then 200). */
type Received = { headers: Record<string, string>; body: string };
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
const answers: number[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(answers.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((r) => receiver.close(r));
});

const logLines: string[] = [];
const t = useTestApp({
  env: { WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '0', LOG_LEVEL: 'trace' },
  logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
});

async function division(app: TestApp, flags: NonNullable<Parameters<typeof createTemplateDivision>[1]>['flags'] = {}) {
  const d = await createTemplateDivision(app.db, { flags });
  const sup = await app.signedIn({ role: 'supervisor', companyId: d.company.id });
  const jane = await app.signedIn({ companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
  return { ...d, sup, jane, base: `/api/companies/${d.company.id}/webhooks` };
}

async function createHook(app: TestApp, base: string, headers: Headers, url: string, events: string[]) {
  return app.app.inject({ method: 'POST', url: base, headers, payload: { url, events } });
}

const forMessage = (id: string) => received.filter((r) => r.headers['webhook-id'] === id);
const verifies = (secret: string, r: Received) => {
  try {
    new Webhook(secret).verify(r.body, r.headers);
    return true;
  } catch {
    return false;
  }
};

async function deliveries(app: TestApp, base: string, hookId: number, headers: Headers) {
  const res = await app.app.inject({ method: 'GET', url: `${base}/${hookId}/deliveries`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    deliveries: {
      messageId: string;
      eventType: string;
      status: string;
      attempts: number;
      lastStatusCode: number | null;
      lastResponseMs: number | null;
      lastError: string | null;
    }[];
    total: number;
  };
}

describe('webhooks of a division', () => {
  it('signs a published profile per Standard Webhooks, delivers it once, and logs it', async () => {
    const d = await division(t);
    const created = await createHook(t, d.base, d.sup.headers, receiverUrl, ['profile.published']);
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json() as { id: number; secret: string };
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{40,}={0,2}$/);

    const pub = await t.app.inject({ method: 'PUT', url: `/api/profiles/${d.jane.id}/publish`, headers: d.sup.headers });
    expect(pub.statusCode, pub.body).toBe(200);
    await t.app.deps.jobs.idle();

    const log = await deliveries(t, d.base, hook.id, d.sup.headers);
    expect(log.deliveries).toHaveLength(1);
    const [entry] = log.deliveries;
    expect(entry).toMatchObject({ eventType: 'profile.published', status: 'delivered', attempts: 1, lastStatusCode: 200 });
    expect(entry!.lastResponseMs).toBeGreaterThanOrEqual(0);
    const got = forMessage(entry!.messageId);
    expect(got).toHaveLength(1);
    expect(got[0]!.headers['webhook-id']).toMatch(/^msg_/);
    expect(Math.abs(Number(got[0]!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(verifies(hook.secret, got[0]!)).toBe(true);
    const payload = JSON.parse(got[0]!.body);
    expect(payload).toMatchObject({ type: 'profile.published', data: { companyId: d.company.id, profileId: d.jane.id } });
    expect(got[0]!.body).not.toMatch(/password|secret/i);

    // Not subscribed: unpublish sends nothing to this endpoint.
    await t.app.inject({ method: 'PUT', url: `/api/profiles/${d.jane.id}/unpublish`, headers: d.sup.headers });
    await t.app.deps.jobs.idle();
    expect((await deliveries(t, d.base, hook.id, d.sup.headers)).total).toBe(1);
  });

  it('retries a receiver that answers 500 three times, with the same webhook-id, until it answers 200', async () => {
    const d = await division(t);
    const hook = (await createHook(t, d.base, d.sup.headers, receiverUrl, ['profile.unpublished'])).json() as { id: number; secret: string };
    answers.push(500, 500, 500);
    const res = await t.app.inject({ method: 'PUT', url: `/api/profiles/${d.jane.id}/unpublish`, headers: d.sup.headers });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.deps.jobs.idle();
    const [entry] = (await deliveries(t, d.base, hook.id, d.sup.headers)).deliveries;
    expect(entry).toMatchObject({ eventType: 'profile.unpublished', status: 'delivered', attempts: 4, lastStatusCode: 200 });
    const got = forMessage(entry!.messageId);
    expect(got).toHaveLength(4);
    for (const r of got) expect(verifies(hook.secret, r)).toBe(true);
  });

  it('tells of each person a staff import creates (user.invited), once each, signed', async () => {
    const d = await division(t, { invite_users: true });
    const hook = (await createHook(t, d.base, d.sup.headers, receiverUrl, ['user.invited'])).json() as { id: number; secret: string };
    const k = Date.now().toString(36);
    const file = Buffer.from(
      [
        '"Full name","E-mail","Division"',
        `"Mary Ann","mary-${k}@example.test","${d.company.title}"`,
        `"Joe B","joe-${k}@example.test","${d.company.title}"`,
      ].join('\r\n'),
    ).toString('base64');
    const started = await t.app.inject({ method: 'POST', url: '/api/users/import', headers: d.sup.headers, payload: { fileName: 'staff.csv', file } });
    expect(started.statusCode, started.body).toBe(202);
    await t.app.deps.jobs.idle();
    const log = (await deliveries(t, d.base, hook.id, d.sup.headers)).deliveries;
    expect(log.map((e) => [e.eventType, e.status])).toEqual([
      ['user.invited', 'delivered'],
      ['user.invited', 'delivered'],
    ]);
    const sent = log.flatMap((e) => forMessage(e.messageId));
    expect(sent).toHaveLength(2);
    for (const r of sent) expect(verifies(hook.secret, r)).toBe(true);
  });

  it('tells a superadmin’s endpoint of every event of the division: invitation, approval asked and decided, contact', async () => {
    const d = await division(t, { approvals: true });
    const admin = await t.signedIn({ role: 'superadmin' });
    const all = ['contact.created', 'profile.published', 'profile.unpublished', 'approval.requested', 'approval.decided', 'user.invited'];
    const created = await createHook(t, d.base, admin.headers, receiverUrl, all);
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json() as { id: number; secret: string };

    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/create-profile?notify_user=false',
      headers: admin.headers,
      payload: {
        subscriptionType: 'enterprise',
        company: d.company.id,
        person: { first_name: 'Ada Lovelace' },
        userAccountEmail: `ada-${hook.id}@example.test`,
      },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const asked = await t.app.inject({ method: 'POST', url: '/api/approvals', headers: d.jane.headers, payload: { profileId: d.jane.id } });
    expect(asked.statusCode, asked.body).toBe(200);
    const approvalId = (asked.json() as { data: { id: number } }).data.id;
    const decided = await t.app.inject({
      method: 'PUT',
      url: `/api/approvals/respond/${approvalId}`,
      headers: d.sup.headers,
      payload: { approved: true, rebuild: true },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    // The published page's contact form, sending to a member of the division.
    await t.db
      .update(profiles)
      .set({ publishedContent: { contactForm: { enabled: true, sendToMail: d.sup.user.email, thankYouMessage: 'Thanks!' } } })
      .where(eq(profiles.id, d.jane.id));
    const lead = await t.app.inject({
      method: 'POST',
      url: `/api/lead-forms/submit/${d.jane.id}`,
      remoteAddress: '203.0.113.7',
      payload: { profileId: d.jane.id, fields: { name: 'Vic', email: 'vic@example.test', message: 'Call me' } },
    });
    await t.app.deps.jobs.idle();

    const log = await deliveries(t, d.base, hook.id, admin.headers);
    const types = log.deliveries.map((e) => e.eventType);
    expect(types).toEqual(expect.arrayContaining(['user.invited', 'approval.requested', 'approval.decided', 'profile.published']));
    expect(lead.statusCode, lead.body).toBe(200);
    expect(types).toContain('contact.created');
    const contact = log.deliveries.find((e) => e.eventType === 'contact.created')!;
    expect(JSON.parse(forMessage(contact.messageId)[0]!.body).data).toMatchObject({
      profileId: d.jane.id,
      contact: { name: 'Vic', email: 'vic@example.test' },
    });
    for (const e of log.deliveries) {
      expect(e.status).toBe('delivered');
      const [got] = forMessage(e.messageId);
      expect(verifies(hook.secret, got!)).toBe(true);
      expect(JSON.parse(got!.body).data.companyId).toBe(d.company.id);
    }
    const decidedEvent = log.deliveries.find((e) => e.eventType === 'approval.decided')!;
    expect(JSON.parse(forMessage(decidedEvent.messageId)[0]!.body).data).toMatchObject({ approvalId, approved: true, profileId: d.jane.id });
  });

  it('gives up after its last retry and marks the delivery failed', async () => {
    const d = await division(t);
    const hook = (await createHook(t, d.base, d.sup.headers, receiverUrl, ['profile.published'])).json() as { id: number };
    answers.push(...Array.from({ length: 31 }, () => 503));
    const res = await t.app.inject({ method: 'POST', url: `${d.base}/${hook.id}/test`, headers: d.sup.headers });
    expect(res.statusCode).toBe(200);
    await t.app.deps.jobs.idle();
    const [entry] = (await deliveries(t, d.base, hook.id, d.sup.headers)).deliveries;
    expect(entry).toMatchObject({ status: 'failed', attempts: 31, lastStatusCode: 503, lastError: 'HTTP 503' });
    expect(answers).toHaveLength(0);
  });

  it('sends a test event, and a rotated secret replaces the old one at once', async () => {
    const d = await division(t);
    const hook = (await createHook(t, d.base, d.sup.headers, receiverUrl, ['contact.created'])).json() as { id: number; secret: string };
    const rotated = await t.app.inject({ method: 'POST', url: `${d.base}/${hook.id}/rotate-secret`, headers: d.sup.headers });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = (rotated.json() as { secret: string }).secret;
    expect(fresh).not.toBe(hook.secret);
    const test = await t.app.inject({ method: 'POST', url: `${d.base}/${hook.id}/test`, headers: d.sup.headers });
    expect(test.statusCode, test.body).toBe(200);
    await t.app.deps.jobs.idle();
    const [entry] = (await deliveries(t, d.base, hook.id, d.sup.headers)).deliveries;
    expect(entry).toMatchObject({ eventType: 'webhook.test', status: 'delivered' });
    const [got] = forMessage(entry!.messageId);
    expect(verifies(fresh, got!)).toBe(true);
    expect(verifies(hook.secret, got!)).toBe(false);

    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.companyId, d.company.id));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['webhook.created', 'webhook.secret_rotated']));
  });

  it('never shows a secret again: not in lists, not in the logs, sealed in the database', async () => {
    const d = await division(t);
    const hook = (await createHook(t, d.base, d.sup.headers, receiverUrl, ['user.invited'])).json() as { id: number; secret: string };
    const list = await t.app.inject({ method: 'GET', url: d.base, headers: d.sup.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(hook.secret);
    expect(list.body).not.toContain('secret');
    const patched = await t.app.inject({ method: 'PATCH', url: `${d.base}/${hook.id}`, headers: d.sup.headers, payload: { enabled: false } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ enabled: false });
    expect(patched.body).not.toContain(hook.secret);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
    expect(row!.secretSealed).not.toContain(hook.secret.slice(6));
    expect(logLines.join('\n')).not.toContain(hook.secret.slice(6));
    const del = await t.app.inject({ method: 'DELETE', url: `${d.base}/${hook.id}`, headers: d.sup.headers });
    expect(del.statusCode).toBe(200);
    const gone = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, d.company.id), eq(auditLog.action, 'webhook.deleted')));
    expect(gone).toHaveLength(1);
  });

  it('answers another division’s supervisor 404 and a plain user 403', async () => {
    const d = await division(t);
    const other = await division(t);
    const hook = (await createHook(t, d.base, d.sup.headers, receiverUrl, ['profile.published'])).json() as { id: number };
    expect((await t.app.inject({ method: 'GET', url: d.base, headers: other.sup.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${d.base}/${hook.id}/deliveries`, headers: other.sup.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${other.base}/${hook.id}/test`, headers: other.sup.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: d.base, headers: d.jane.headers })).statusCode).toBe(403);
    expect((await createHook(t, d.base, d.jane.headers, receiverUrl, ['profile.published'])).statusCode).toBe(403);
  });

  it('refuses unknown events and URLs that are not http(s)', async () => {
    const d = await division(t);
    expect((await createHook(t, d.base, d.sup.headers, receiverUrl, ['user.deleted'])).statusCode).toBe(400);
    expect((await createHook(t, d.base, d.sup.headers, 'ftp://example.com/x', ['user.invited'])).statusCode).toBe(400);
    expect((await createHook(t, d.base, d.sup.headers, receiverUrl.replace('//', '//user:pw@'), ['user.invited'])).statusCode).toBe(400);
    expect((await createHook(t, d.base, d.sup.headers, `https://example.com/${'x'.repeat(2000)}`, ['user.invited'])).statusCode).toBe(400);
  });
});

describe('sending one request', () => {
  it('connects to the address that was checked, whatever the name resolves to, and follows no redirect', async () => {
    const before = received.length;
    answers.push(302);
    const url = new URL(receiverUrl.replace('127.0.0.1', 'rebound.invalid'));
    const result = await send(url, { address: '127.0.0.1', family: 4 }, { 'webhook-id': 'msg_x' }, '{}');
    expect(result).toMatchObject({ statusCode: 302, error: null });
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)!.headers.host).toBe(url.host);
  });
});

describe('webhooks without WEBHOOKS_ALLOW_PRIVATE (no SSRF)', () => {
  const s = useTestApp();

  it.each([
    'https://127.0.0.1/hook',
    'https://10.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://localhost/hook',
  ])('refuses %s when it is saved', async (url) => {
    const d = await division(s);
    const res = await createHook(s, d.base, d.sup.headers, url, ['profile.published']);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(WEBHOOK_MESSAGES.privateTarget);
  });

  it('refuses a private target at delivery too (a URL saved before its name pointed inward)', async () => {
    const d = await division(s);
    const [row] = await s.db
      .insert(webhookEndpoints)
      .values({ companyId: d.company.id, url: receiverUrl, events: ['profile.published'], secretSealed: s.app.deps.secrets.seal('whsec_AAAA', 'webhook:0') })
      .returning();
    const before = received.length;
    const res = await s.app.inject({ method: 'POST', url: `${d.base}/${row!.id}/test`, headers: d.sup.headers });
    expect(res.statusCode, res.body).toBe(200);
    await s.app.deps.jobs.idle();
    const [entry] = (await deliveries(s, d.base, row!.id, d.sup.headers)).deliveries;
    expect(entry).toMatchObject({ status: 'failed', lastStatusCode: null, lastError: WEBHOOK_MESSAGES.privateTarget, attempts: 1 });
    expect(received.length).toBe(before);
  });
});

describe('webhooks in production', () => {
  const p = useTestApp({ env: { NODE_ENV: 'production', MAIL_OUTBOX: 'true' } });

  it('refuses plain http', async () => {
    const d = await division(p);
    const res = await createHook(p, d.base, d.sup.headers, 'http://example.com/hook', ['profile.published']);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(WEBHOOK_MESSAGES.httpsOnly);
  });
});
