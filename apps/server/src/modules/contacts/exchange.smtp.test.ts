/**
 * Issue #29 Follow-up mail, as the visitor's mailbox receives it: sent over SMTP to a real SMTP
 * server and read back with a MIME parser — From the division's brand, the owner's card attached
 * as a .vcf that a vCard parser reads, and the same bytes the page's "Save contact" serves.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, profiles } from '../../db/schema.ts';
import { childDetails, createTemplateDivision, createUser, freshIp, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then(
      (mail) => {
        received.push(mail);
        callback();
      },
      (err: Error) => callback(err),
    );
  },
});
let port = 0;
beforeAll(async () => {
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => smtp.close(() => r())));

const t = useTestApp(() => ({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } }));

const mailTo = async (to: string): Promise<ParsedMail> => {
  for (;;) {
    const mail = received.find((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === to);
    if (mail) return mail;
    await t.app.deps.jobs.idle();
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the follow-up mail of an exchange, as the visitor’s mailbox receives it', () => {
  it('comes from the white-labelled division with Jane’s card attached, the very vCard her page serves', async () => {
    const d = await createTemplateDivision(t.db);
    await t.db
      .update(companies)
      .set({ whiteLabel: { title: 'Acme Widgets', brand_color: '#c2410c' }, exchangeFollowUp: true })
      .where(eq(companies.id, d.company.id));
    const email = `jane-smtp-${d.company.id}@acme.test`;
    const jane = await createUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails('Jane Doe'), email });
    const alias = `jane-smtp-${d.company.id}`;
    await t.db.update(profiles).set({ alias }).where(eq(profiles.id, jane.profileId!));
    const headers = (await signIn(t.app, email)).headers;
    expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.profileId}/publish`, headers })).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/contacts/exchange/${jane.profileId}`,
      remoteAddress: freshIp(),
      payload: { name: 'Vic <b>Visitor</b>', email: 'vic.smtp@example.test', company: 'Globex' },
    });
    expect(res.statusCode).toBe(200);

    const mail = await mailTo('vic.smtp@example.test');
    expect(mail.from?.value).toEqual([{ name: 'Acme Widgets', address: 'no-reply@hub.test' }]);
    expect(mail.subject).toBe('Jane Doe’s contact details');
    expect(`${mail.text}${mail.html}`).not.toContain('Profilehub');
    // What the visitor typed is text in the HTML part, never markup.
    expect(mail.html).toContain('Hello Vic &#60;b&#62;Visitor&#60;/b&#62;,');
    expect(mail.html).not.toContain('<b>Visitor');

    const cards = mail.attachments.filter((a) => a.filename?.endsWith('.vcf'));
    expect(cards).toHaveLength(1);
    const card = cards[0]!;
    expect(card.filename).toBe(`${alias}.vcf`);
    expect(card.contentType).toBe('text/vcard');
    expect(card.contentDisposition).toBe('attachment');
    const vcf = card.content.toString('utf8');
    const read = new ICAL.Component(ICAL.parse(vcf) as never);
    expect(read.name).toBe('vcard');
    expect(read.getFirstPropertyValue('fn')).toBe('Jane Doe');
    expect(String(read.getFirstPropertyValue('url'))).toBe(`http://${d.company.subdomain}.localhost/${alias}`);

    const served = await t.app.inject({ method: 'GET', url: `/${alias}/contact.vcf`, headers: { host: `${d.company.subdomain}.localhost` } });
    expect(served.statusCode).toBe(200);
    expect(vcf).toBe(served.body);
  });
});
