/**
 * Mail as a mailbox receives it (issue 25 row 11): sent over SMTP to a real SMTP server and
 * read back with a MIME parser — who it is from, its logo, its Message-ID, its links and
 * the headers that tell a notification from a code.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPORTS } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema.ts';
import { childDetails, createCompany, createTemplateDivision, createUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

/** The web app's own files (its `public/`, which the build copies into the served dist): the seed's Acme logo is an SVG there. */
const WEB_FILES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');

const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    // Keeps `cid:` references as sent (by default the parser inlines them as data: URLs).
    simpleParser(stream, { keepCidLinks: true }).then(
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

// testConfig's PUBLIC_URL is http://hub.test, so MAIL_FROM defaults to Profilehub <no-reply@hub.test>.
const t = useTestApp(() => ({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, WEB_DIST: WEB_FILES } }));

const mailTo = async (to: string, subject: string | RegExp): Promise<ParsedMail> => {
  const matches = (m: ParsedMail) =>
    m.to && !Array.isArray(m.to) && m.to.value[0]?.address === to && (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject ?? ''));
  for (;;) {
    const mail = received.find(matches);
    if (mail) return mail;
    await t.app.deps.jobs.idle();
    await new Promise((r) => setTimeout(r, 20));
  }
};
const header = (mail: ParsedMail, name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '') ?? null;

/** Acme as the seed has it: white-labelled with its SVG logo and its own hub host, with a supervisor and Jane, whose changes need approval. */
async function acme(logo = '/demo/acme-logo.svg') {
  const d = await createTemplateDivision(t.db, { flags: { approvals: true } });
  const domain = `hub.acme-${d.company.id}.localhost`;
  await t.db
    .update(companies)
    .set({ whiteLabel: { title: 'Acme', logo, brand_color: '#c2410c', domain }, hubDomain: domain })
    .where(eq(companies.id, d.company.id));
  const jane = await t.signedIn({ companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
  const sup = await t.signedIn({ role: 'supervisor', companyId: d.company.id });
  return { ...d, domain, jane, sup };
}

describe('an Acme notification, as the mailbox receives it', () => {
  it('comes From “Acme” at MAIL_FROM’s address, its Message-ID in that domain, its logo an inline PNG by cid, unsubscribe and auto-submitted headers on', async () => {
    const d = await acme();
    const approval = (await t.app.inject({ method: 'POST', url: '/api/approvals', headers: d.jane.headers, payload: { profileId: d.jane.id } })).json().data;
    const mail = await mailTo(d.sup.user.email, /asks for approval of profile changes$/);

    expect(mail.from?.value).toEqual([{ name: 'Acme', address: 'no-reply@hub.test' }]);
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@hub\.test>$/);

    const [logo, ...others] = mail.attachments;
    expect(others).toEqual([]);
    expect(logo?.contentType).toBe('image/png');
    expect(logo?.contentDisposition).toBe('inline');
    expect(logo?.related).toBe(true);
    expect((await sharp(logo!.content).metadata()).format).toBe('png');
    // The HTML shows the attached PNG, and no SVG from anywhere.
    expect(mail.html).toContain(`src="cid:${logo!.cid}"`);
    expect(mail.html).not.toMatch(/\.svg/);

    const settings = `http://${d.domain}/home#manage-notifications`;
    expect(header(mail, 'list-unsubscribe')).toBe(`<${settings}>`);
    expect(header(mail, 'auto-submitted')).toBe('auto-generated');
    expect(header(mail, 'list-unsubscribe-post')).toBeNull();
    expect(mail.text).toContain(settings);
    expect(approval.id).toBeGreaterThan(0);
  });

  it('the declined mail links to the editor, /self-service, a route of the web app', async () => {
    const d = await acme();
    const approval = (await t.app.inject({ method: 'POST', url: '/api/approvals', headers: d.jane.headers, payload: { profileId: d.jane.id } })).json().data;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/approvals/respond/${approval.id}`,
      headers: d.sup.headers,
      payload: { approved: false, message: 'Please use a professional photo.' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await mailTo(d.jane.user.email, 'Your profile changes were not approved');
    const link = new URL(/^Open your profile: (\S+)$/m.exec(mail.text ?? '')![1]!);
    expect(link.origin).toBe(`http://${d.domain}`);
    expect(link.pathname).toBe('/self-service');
    // The dashboard's pages are the REPORTS routes (apps/web/src/app/router.tsx).
    expect(REPORTS).toContain(link.pathname.slice(1));
    expect(mail.html).toContain(`href="http://${d.domain}/self-service"`);
    expect(mail.from?.value[0]?.name).toBe('Acme');
    expect(header(mail, 'list-unsubscribe')).toBe(`<http://${d.domain}/home#manage-notifications>`);
  });

  it('a logo that cannot be read is left out, never shown broken', async () => {
    const d = await acme('/demo/no-such-logo.svg');
    await t.app.inject({ method: 'POST', url: '/api/approvals', headers: d.jane.headers, payload: { profileId: d.jane.id } });
    const mail = await mailTo(d.sup.user.email, /asks for approval of profile changes$/);
    expect(mail.attachments).toEqual([]);
    expect(mail.html).not.toContain('<img');
    expect(mail.from?.value[0]?.name).toBe('Acme');
  });
});

describe('a code mail, as the mailbox receives it', () => {
  it('comes From “Acme” for an Acme account and from MAIL_FROM otherwise, with no List-Unsubscribe or Auto-Submitted', async () => {
    const d = await acme();
    const branded = await createUser(t.app, { companyId: d.company.id });
    const plain = await createUser(t.app, { companyId: (await createCompany(t.db)).id });
    for (const user of [branded, plain]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/profiles/generate-login-otp', payload: { email: user.email } });
      expect(res.statusCode).toBe(200);
    }
    const acmeCode = await mailTo(branded.email, /^Your Acme code: \d{4}$/);
    const productCode = await mailTo(plain.email, /^Your Profilehub code: \d{4}$/);
    expect(acmeCode.from?.value).toEqual([{ name: 'Acme', address: 'no-reply@hub.test' }]);
    expect(productCode.from?.value).toEqual([{ name: 'Profilehub', address: 'no-reply@hub.test' }]);
    for (const mail of [acmeCode, productCode]) {
      expect(mail.messageId).toMatch(/@hub\.test>$/);
      expect(header(mail, 'list-unsubscribe')).toBeNull();
      expect(header(mail, 'auto-submitted')).toBeNull();
    }
  });
});

describe('a division with a sender of its own, as the mailbox receives it', () => {
  it('comes From its display name at its own address in its verified domain; without that domain, at MAIL_FROM’s address', async () => {
    const d = await acme();
    await t.db
      .update(companies)
      .set({ mailFromName: 'Acme Sales Team', mailFromAddress: 'team@cards.acme.example', customDomain: `cards-${d.company.id}.acme.example` })
      .where(eq(companies.id, d.company.id));
    // The stored address is not in the division's verified domain (it changed): MAIL_FROM's address, its name kept.
    await t.app.inject({ method: 'POST', url: '/api/approvals', headers: d.jane.headers, payload: { profileId: d.jane.id } });
    const fallback = await mailTo(d.sup.user.email, /asks for approval of profile changes$/);
    expect(fallback.from?.value).toEqual([{ name: 'Acme Sales Team', address: 'no-reply@hub.test' }]);

    const own = `team@cards-${d.company.id}.acme.example`;
    await t.db.update(companies).set({ mailFromAddress: own }).where(eq(companies.id, d.company.id));
    const res = await t.app.inject({ method: 'POST', url: '/api/profiles/generate-login-otp', payload: { email: d.jane.user.email } });
    expect(res.statusCode).toBe(200);
    const code = await mailTo(d.jane.user.email, /^Your Acme code: \d{4}$/);
    expect(code.from?.value).toEqual([{ name: 'Acme Sales Team', address: own }]);
    // Message-IDs stay in the hub's domain: the hub made the message.
    expect(code.messageId).toMatch(/@hub\.test>$/);
  });
});
