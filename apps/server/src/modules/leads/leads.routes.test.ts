import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyMembers, leadSubmissions, profiles, users } from '../../db/schema.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { createCompany, freshIp, lastMailTo } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();

/** Makes `emails` accounts of the division (the only addresses a lead notification may go to). */
async function members(companyId: number, emails: string[]) {
  const db = t.app.deps.db;
  for (const email of emails) {
    await db
      .insert(users)
      .values({ email, username: email.split('@')[0]! })
      .onConflictDoNothing();
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await db.insert(companyMembers).values({ userId: u!.id, companyId }).onConflictDoNothing();
  }
}

async function profileWithForm(contactForm: Record<string, unknown> | null, published = true) {
  const company = await createCompany(t.app.deps.db);
  await members(company.id, ['owner@acme.test', 'boss@acme.test', 'sales@acme.test']);
  const [p] = await t.app.deps.db
    .insert(profiles)
    .values({
      companyId: company.id,
      alias: `lead-${company.subdomain}`,
      publishedAt: published ? new Date() : null,
      publishedContent: contactForm ? { contactForm } : {},
    })
    .returning();
  return p!;
}
const FORM = {
  enabled: true,
  sendToMail: 'owner@acme.test',
  sendToMailCC: 'boss@acme.test; sales@acme.test',
  thankYouMessage: '<p>Thanks, I will call you back!</p>',
  name: { required: true, enabled: true },
  emailAddress: { required: true, enabled: true },
  mobile: { required: false, enabled: true },
  message: { required: true, enabled: true },
};
const submit = (profileId: number, fields: Record<string, string>, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: `/api/lead-forms/submit/${profileId}`, remoteAddress: ip, payload: { profileId, formId: 'f', fields } });
const submissions = (profileId: number) => t.app.deps.db.select().from(leadSubmissions).where(eq(leadSubmissions.profileId, profileId));

describe('POST /api/lead-forms/submit/:profileId', () => {
  it('stores the message, mails the owner with CC and reply-to, and answers the thank-you text', async () => {
    const p = await profileWithForm(FORM);
    const res = await submit(p.id, { name: 'Vic Visitor', email: 'vic@example.test', mobile: '+27 82 000 0000', message: 'Call me', website: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Thanks, I will call you back!' });
    const rows = await submissions(p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toEqual({ name: 'Vic Visitor', email: 'vic@example.test', mobile: '+27 82 000 0000', message: 'Call me' });
    const mail = await lastMailTo(t.app.deps.db, 'owner@acme.test');
    expect(mail?.text).toContain('Cc: boss@acme.test, sales@acme.test');
    expect(mail?.text).toContain('Name: Vic Visitor');
    // In the product's (or the division's) brand, with the visitor's words escaped in the HTML part.
    expect(mail?.text).toContain('— Profilehub');
    expect(mail?.html).toContain('Name: Vic Visitor');
  });

  it('escapes what a visitor writes in the HTML of the mail', async () => {
    const p = await profileWithForm(FORM);
    await submit(p.id, { name: '<img src=x onerror=alert(1)>', email: 'vic@example.test', message: '<script>alert(1)</script>' });
    const mail = await lastMailTo(t.app.deps.db, 'owner@acme.test');
    expect(mail?.html).not.toContain('<img src=x');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).toContain('&#60;script&#62;');
  });

  it('leaves out a member who turned lead messages off (Manage Notifications); the CC still gets it and the lead is kept', async () => {
    const p = await profileWithForm({ ...FORM, sendToMail: 'quiet@acme.test', sendToMailCC: 'boss@acme.test' });
    await members(p.companyId, ['quiet@acme.test']);
    await t.app.deps.db.update(users).set({ mailLeadMessages: false }).where(eq(users.email, 'quiet@acme.test'));
    const res = await submit(p.id, { name: 'Quiet Visitor', email: 'vic@example.test', message: 'Hello' });
    expect(res.statusCode).toBe(200);
    expect(await lastMailTo(t.app.deps.db, 'quiet@acme.test')).toBeUndefined();
    const mail = await lastMailTo(t.app.deps.db, 'boss@acme.test');
    expect(mail?.text).toContain('Name: Quiet Visitor');
    expect(mail?.text).not.toContain('quiet@acme.test');
    expect(await submissions(p.id)).toHaveLength(1);
  });

  it('leaves out a member deactivated in the division (offboarding): a visitor’s details never reach someone who left', async () => {
    const p = await profileWithForm({ ...FORM, sendToMail: 'gone@acme.test', sendToMailCC: 'boss@acme.test' });
    await members(p.companyId, ['gone@acme.test']);
    const [gone] = await t.app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'gone@acme.test'));
    await t.app.deps.db.update(companyMembers).set({ deactivatedAt: new Date() }).where(eq(companyMembers.userId, gone!.id));
    expect((await submit(p.id, { name: 'Late Visitor', email: 'vic@example.test', message: 'Hello' })).statusCode).toBe(200);
    expect(await lastMailTo(t.app.deps.db, 'gone@acme.test')).toBeUndefined();
    expect((await lastMailTo(t.app.deps.db, 'boss@acme.test'))?.text).toContain('Name: Late Visitor');
  });

  it('is not a mail relay: addresses outside the division get nothing, whatever the form says', async () => {
    const p = await profileWithForm({ ...FORM, sendToMail: 'victim@elsewhere.test', sendToMailCC: 'a@elsewhere.test; boss@acme.test; b@elsewhere.test' });
    const res = await submit(p.id, { name: 'Spam', email: 'spammer@example.test', message: 'Buy now' });
    expect(res.statusCode).toBe(200);
    expect(await lastMailTo(t.app.deps.db, 'victim@elsewhere.test')).toBeUndefined();
    const mail = await lastMailTo(t.app.deps.db, 'boss@acme.test');
    expect(mail?.text).not.toContain('elsewhere.test');
    // The message is still kept for the owner to read in the hub.
    expect(await submissions(p.id)).toHaveLength(1);
  });

  it('asks for each missing required field and for a valid email, storing nothing', async () => {
    const p = await profileWithForm(FORM);
    const missing = await submit(p.id, { name: 'Vic', email: 'vic@example.test' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please fill in Message.');
    const bad = await submit(p.id, { name: 'Vic', email: 'not-an-email', message: 'hi' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address.');
    const extra = await t.app.inject({ method: 'POST', url: `/api/lead-forms/submit/${p.id}`, payload: { fields: { name: 'x', admin: 'yes' } } });
    expect(extra.statusCode).toBe(400);
    expect(await submissions(p.id)).toHaveLength(0);
  });

  it('answers a filled honeypot like success but keeps and mails nothing', async () => {
    const p = await profileWithForm({ ...FORM, sendToMail: 'honeypot-owner@acme.test' });
    const res = await submit(p.id, { name: 'Bot', email: 'bot@example.test', message: 'spam', website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(await submissions(p.id)).toHaveLength(0);
    expect(await lastMailTo(t.app.deps.db, 'honeypot-owner@acme.test')).toBeUndefined();
  });

  it('answers 404 when the form is disabled, has no send-to address, or the profile is unpublished', async () => {
    for (const p of [
      await profileWithForm({ ...FORM, enabled: false }),
      await profileWithForm({ ...FORM, sendToMail: undefined }),
      await profileWithForm(FORM, false),
    ]) {
      expect((await submit(p.id, { name: 'Vic', email: 'vic@example.test', message: 'hi' })).statusCode).toBe(404);
    }
  });

  it('throttles one sender', async () => {
    const p = await profileWithForm(FORM);
    const ip = freshIp();
    for (let i = 0; i < LIMITS.leadSubmitPerIp.max; i++) await t.app.deps.limiter.hit(LIMITS.leadSubmitPerIp, ip);
    expect((await submit(p.id, { name: 'Vic', email: 'vic@example.test', message: 'hi' }, ip)).statusCode).toBe(429);
  });
});
