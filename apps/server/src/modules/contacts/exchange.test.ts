/**
 * Issue #29 Contact exchange: a visitor's details left on a published page through "Share my
 * details" — one contact of the profile (source exchange), the lead form's limits and honeypot,
 * the division's consent, the owner's notification and the follow-up card to the visitor.
 */

import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXCHANGE_SCRIPT, EXCHANGE_SCRIPT_VERSION } from '@profilehub/profile-page';
import { EXCHANGE_MESSAGES } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyMembers, leadSubmissions, profiles, users } from '../../db/schema.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { childDetails, createTemplateDivision, createUser, freshIp, lastMailTo, mailCount, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

/** The division's CRM: the webhook deliveries it receives. */
const hooks: { type: string; data: Record<string, unknown> }[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    hooks.push(JSON.parse(body));
    res.writeHead(204).end();
  });
});
let receiverUrl = '';
beforeAll(async () => {
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

const t = useTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });

let n = 0;
/** Jane's published page in a new division, with the division's consent and follow-up as asked. */
async function janesPage(o: { consent?: boolean; followUp?: boolean; published?: boolean } = {}) {
  const d = await createTemplateDivision(t.db);
  await t.db
    .update(companies)
    .set({
      consentEnabled: o.consent ?? false,
      consentText: '<p>I agree that <strong>Acme</strong> keeps my details.</p>',
      exchangeFollowUp: o.followUp ?? false,
    })
    .where(eq(companies.id, d.company.id));
  const email = `jane-${++n}-${d.company.id}@acme.test`;
  const user = await createUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails('Jane Doe'), email });
  const alias = `jane-x-${n}-${d.company.id}`;
  await t.db.update(profiles).set({ alias }).where(eq(profiles.id, user.profileId!));
  const headers = (await signIn(t.app, email)).headers;
  if (o.published !== false) expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${user.profileId}/publish`, headers })).statusCode).toBe(200);
  return { d, id: user.profileId!, email, alias, headers, host: `${d.company.subdomain}.localhost` };
}

const VISITOR = { name: 'Vic Visitor', email: 'vic@example.test', phone: '+27 82 000 0000', company: 'Globex', jobTitle: 'Buyer', note: 'Met at the fair' };
const exchange = (profileId: number, payload: Record<string, unknown>, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: `/api/contacts/exchange/${profileId}`, remoteAddress: ip, payload });
const stored = (profileId: number) => t.db.select().from(leadSubmissions).where(eq(leadSubmissions.profileId, profileId));

describe('POST /api/contacts/exchange/:profileId', () => {
  it('keeps the visitor as a contact of the profile (source exchange), mails the owner, and Jane sees it in /contacts', async () => {
    const jane = await janesPage();
    const hook = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${jane.d.company.id}/webhooks`,
      headers: (await signIn(t.app, (await createUser(t.app, { role: 'superadmin' })).email)).headers,
      payload: { url: receiverUrl, events: ['contact.created'] },
    });
    expect(hook.statusCode).toBe(201);
    const res = await exchange(jane.id, { ...VISITOR, website: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Thank you! Jane now has your details.' });

    const [row, ...more] = await stored(jane.id);
    expect(more).toEqual([]);
    expect(row!.source).toBe('exchange');
    expect(row!.data).toEqual({
      name: 'Vic Visitor',
      email: 'vic@example.test',
      mobile: '+27 82 000 0000',
      company: 'Globex',
      jobTitle: 'Buyer',
      message: 'Met at the fair',
    });

    const mail = await lastMailTo(t.db, jane.email);
    expect(mail?.subject).toBe('Vic Visitor shared their details with you');
    expect(mail?.text).toContain('Company: Globex');
    expect(mail?.text).toContain('Note: Met at the fair');
    // The follow-up is off: the visitor gets nothing.
    expect(await mailCount(t.db, 'vic@example.test')).toBe(0);

    // The division's CRM got the contact (webhook deliveries are rows of their own, decision 033: idle() waits for them too).
    await t.app.deps.jobs.idle();
    expect(hooks).toContainEqual(
      expect.objectContaining({
        type: 'contact.created',
        data: expect.objectContaining({ leadId: row!.id, profileId: jane.id, source: 'exchange', contact: row!.data }),
      }),
    );

    const list = await t.app.inject({ method: 'GET', url: '/api/contacts?source=exchange', headers: jane.headers });
    expect(list.json().data).toEqual([expect.objectContaining({ id: row!.id, name: 'Vic Visitor', company: 'Globex', jobTitle: 'Buyer', source: 'exchange' })]);
  });

  it('leaves the owner’s notification out when they turned lead messages off; the contact is kept', async () => {
    const jane = await janesPage();
    await t.db.update(users).set({ mailLeadMessages: false }).where(eq(users.email, jane.email));
    expect((await exchange(jane.id, VISITOR)).statusCode).toBe(200);
    expect(await mailCount(t.db, jane.email)).toBe(0);
    expect(await stored(jane.id)).toHaveLength(1);
  });

  it('leaves the owner’s notification out when they were deactivated in the division (offboarding)', async () => {
    const jane = await janesPage();
    const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, jane.email));
    await t.db.update(companyMembers).set({ deactivatedAt: new Date() }).where(eq(companyMembers.userId, u!.id));
    expect((await exchange(jane.id, VISITOR)).statusCode).toBe(200);
    expect(await mailCount(t.db, jane.email)).toBe(0);
    expect(await stored(jane.id)).toHaveLength(1);
  });

  it('asks for the consent box when the division asks for consent, and keeps that it was given', async () => {
    const jane = await janesPage({ consent: true });
    const form = await t.app.inject({ method: 'GET', url: `/api/contacts/exchange/${jane.id}` });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toEqual({ firstName: 'Jane', consentHtml: '<p>I agree that <strong>Acme</strong> keeps my details.</p>' });

    for (const consent of [undefined, false]) {
      const res = await exchange(jane.id, { ...VISITOR, ...(consent === undefined ? {} : { consent }) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: EXCHANGE_MESSAGES.consentRequired,
        errors: [{ path: 'consent', message: EXCHANGE_MESSAGES.consentRequired }],
      });
    }
    expect(await stored(jane.id)).toHaveLength(0);
    expect((await exchange(jane.id, { ...VISITOR, consent: true })).statusCode).toBe(200);
    expect((await stored(jane.id))[0]!.data.consent).toBe('agreed');
  });

  it('shows no consent when the division asks for none, and takes the details without the box', async () => {
    const jane = await janesPage({ consent: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/contacts/exchange/${jane.id}` })).json()).toEqual({ firstName: 'Jane', consentHtml: null });
    expect((await exchange(jane.id, { name: 'Ann', email: 'ann@example.test' })).statusCode).toBe(200);
    expect((await stored(jane.id))[0]!.data).toEqual({ name: 'Ann', email: 'ann@example.test' });
  });

  it('answers each wrong field with a message a person can act on, and keeps nothing', async () => {
    const jane = await janesPage();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'vic@example.test' }, 'name', EXCHANGE_MESSAGES.nameRequired],
      [{ name: '  ', email: 'vic@example.test' }, 'name', EXCHANGE_MESSAGES.nameRequired],
      [{ name: 'Vic' }, 'email', EXCHANGE_MESSAGES.emailRequired],
      [{ name: 'Vic', email: 'not-an-address' }, 'email', EXCHANGE_MESSAGES.invalidEmail],
      [{ name: 'Vic', email: 'vic@example.test', phone: 'call me' }, 'phone', EXCHANGE_MESSAGES.invalidPhone],
      [{ name: 'Vic', email: 'vic@example.test', note: 'x'.repeat(2001) }, 'note', 'Note can have at most 2000 characters.'],
    ];
    for (const [payload, path, message] of cases) {
      const res = await exchange(jane.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ path, message }));
    }
    const extra = await exchange(jane.id, { ...VISITOR, admin: true });
    expect(extra.statusCode).toBe(400);
    expect(await stored(jane.id)).toHaveLength(0);
  });

  it('answers a filled honeypot like success but keeps and mails nothing', async () => {
    const jane = await janesPage({ followUp: true });
    const res = await exchange(jane.id, { ...VISITOR, email: 'bot@example.test', website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(await stored(jane.id)).toHaveLength(0);
    expect(await mailCount(t.db, 'bot@example.test')).toBe(0);
    expect(await mailCount(t.db, jane.email)).toBe(0);
  });

  it('answers 404 for an unpublished page or an unknown profile', async () => {
    const jane = await janesPage({ published: false });
    expect((await exchange(jane.id, VISITOR)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/contacts/exchange/${jane.id}` })).statusCode).toBe(404);
    expect((await exchange(2_000_000_000, VISITOR)).statusCode).toBe(404);
  });

  it('holds the per-IP limit under 20 parallel requests: exactly the limit is kept, the rest 429', async () => {
    const jane = await janesPage();
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => exchange(jane.id, { name: `Vic ${i}`, email: `vic${i}@example.test` }, ip)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMITS.leadSubmitPerIp.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - LIMITS.leadSubmitPerIp.max);
    expect(await stored(jane.id)).toHaveLength(LIMITS.leadSubmitPerIp.max);
  });

  it('shares the lead form’s per-IP limit: a sender who used it up on the lead form is refused here', async () => {
    const jane = await janesPage();
    const ip = freshIp();
    for (let i = 0; i < LIMITS.leadSubmitPerIp.max; i++) await t.app.deps.limiter.hit(LIMITS.leadSubmitPerIp, ip);
    expect((await exchange(jane.id, VISITOR, ip)).statusCode).toBe(429);
  });
});

describe('the follow-up mail', () => {
  it('is turned on in the divisions console (PATCH /api/companies/{id} exchangeFollowUp), and off by default', async () => {
    const jane = await janesPage();
    const admin = (await signIn(t.app, (await createUser(t.app, { role: 'superadmin' })).email)).headers;
    const row = (await t.app.inject({ method: 'GET', url: `/api/companies/console/${jane.d.company.id}`, headers: admin })).json();
    expect(row.exchangeFollowUp).toBe(false);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${jane.d.company.id}`,
      headers: admin,
      payload: { updatedAt: row.updatedAt, exchangeFollowUp: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('exchangeFollowUp is true or false.');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${jane.d.company.id}`,
      headers: admin,
      payload: { updatedAt: row.updatedAt, exchangeFollowUp: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().exchangeFollowUp).toBe(true);
    const visitor = `console-${jane.id}@example.test`;
    expect((await exchange(jane.id, { ...VISITOR, email: visitor })).statusCode).toBe(200);
    expect((await lastMailTo(t.db, visitor))?.subject).toBe('Jane Doe’s contact details');
  });

  it('sends the visitor the owner’s card (the page’s own vCard) when the division turns it on', async () => {
    const jane = await janesPage({ followUp: true });
    const visitor = `follow-${jane.id}@example.test`;
    expect((await exchange(jane.id, { ...VISITOR, email: visitor })).statusCode).toBe(200);
    const mail = await lastMailTo(t.db, visitor);
    expect(mail?.subject).toBe('Jane Doe’s contact details');
    expect(mail?.text).toContain('Hello Vic Visitor,');
    expect(mail?.text).toContain(`Attached: ${jane.alias}.vcf`);
  });

  it('sends at most a few cards an hour to one address; the contacts are still kept', async () => {
    const jane = await janesPage({ followUp: true });
    const visitor = `flood-${jane.id}@example.test`;
    for (let i = 0; i < LIMITS.exchangeMailPerAddress.max + 2; i++) expect((await exchange(jane.id, { ...VISITOR, email: visitor })).statusCode).toBe(200);
    expect(await mailCount(t.db, visitor)).toBe(LIMITS.exchangeMailPerAddress.max);
    expect(await stored(jane.id)).toHaveLength(LIMITS.exchangeMailPerAddress.max + 2);
  });
});

describe('the form on the public page', () => {
  it('is a button on the published page; its module is served by the page’s host, kept for good at the version the page names', async () => {
    const jane = await janesPage();
    const page = await t.app.inject({ method: 'GET', url: `/${jane.alias}`, headers: { host: jane.host } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-action="exchange"');
    expect(page.body).toContain(`data-exchange-url="/api/contacts/exchange/${jane.id}"`);
    const src = /data-exchange-js="([^"]+)"/.exec(page.body)![1]!;
    expect(src).toBe(`/_ph/exchange.js?v=${EXCHANGE_SCRIPT_VERSION}`);
    // The page's CSP allows its own host's scripts and the one inline script's hash, nothing else.
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+';/);
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");

    const js = await t.app.inject({ method: 'GET', url: src, headers: { host: jane.host } });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).toBe(EXCHANGE_SCRIPT);
    const gz = await t.app.inject({ method: 'GET', url: src, headers: { host: jane.host, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    // Another version's address (a page published before a change) is revalidated, never kept.
    const old = await t.app.inject({ method: 'GET', url: '/_ph/exchange.js?v=old', headers: { host: jane.host } });
    expect(old.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await t.app.inject({ method: 'GET', url: src, headers: { host: jane.host, 'if-none-match': js.headers.etag as string } })).statusCode).toBe(304);
  });
});
