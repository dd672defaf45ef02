import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import type { MailLogos } from './logo.ts';
import { storeInOutbox } from './mail.queries.ts';

/** Where the HTML part shows the brand's logo; the mailer fills it in (an inline PNG, or a URL) or drops the image. */
export const LOGO_SRC = 'cid:logo@brand';

export type Mail = {
  to: string;
  cc?: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Whom the mail speaks for: the From's display name, and its address when the division
   * has one of its own (else MAIL_FROM's). Absent: MAIL_FROM as it is.
   */
  sender?: { name: string; address: string | null; verifiedDomain?: string | null };
  /** The brand's logo shown at LOGO_SRC: `source` is its path on the hub or its URL, `url` the absolute URL. */
  logo?: { source: string; url: string };
  /** A notification its reader can turn off: where they do it (List-Unsubscribe), and Auto-Submitted. */
  unsubscribeUrl?: string;
  /** Set by the job queue: the same on every retry, so a mail is stored (outbox) or recognised (SMTP) once. */
  messageId?: string;
  /** Files sent with the mail (a vCard), their content base64: a queued mail is JSON in the jobs table. */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

export type Mailer = {
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
};

/** The address of a From such as `Acme <no-reply@acme.example>` or `no-reply@acme.example`. */
function addressOf(from: string): string | null {
  const m = /<([^<>\s@]+@[^<>\s@]+)>\s*$/.exec(from) ?? /^\s*([^<>\s@]+@[^<>\s@]+)\s*$/.exec(from);
  return m?.[1] ?? null;
}

/**
 * The domains a division's own From address may be in: its verified custom domain (its
 * ownership was proven over HTTP) and the hub's mail domain (MAIL_FROM's), exactly — no
 * subdomains, no other division's domain. The console refuses others (400); a mail whose
 * stored address is no longer in one (its custom domain was removed) goes from MAIL_FROM's.
 */
export function senderDomains(verifiedDomain: string | null | undefined, mailFrom: string): string[] {
  const hub = addressOf(mailFrom)?.split('@')[1]?.toLowerCase();
  return [...new Set([verifiedDomain?.toLowerCase(), hub].filter((d): d is string => Boolean(d)))];
}

/** The domain Message-IDs are made in: MAIL_FROM's, a domain the hub sends as (else PUBLIC_URL's host). */
export function messageIdDomain(config: { MAIL_FROM: string; PUBLIC_URL: string }): string {
  return addressOf(config.MAIL_FROM)?.split('@')[1] ?? new URL(config.PUBLIC_URL).hostname;
}

/** A raster logo's URL that a mail client may load itself (an SVG one it would not show). */
const RASTER_URL = /^https:\/\/[^\s"'<>]+\.(?:png|jpe?g|gif)(?:[?#][^\s"'<>]*)?$/i;
/** The logo's <img> as brandedMail writes it. */
const LOGO_IMG = new RegExp(`<img src="${LOGO_SRC}"[^>]*>`);
/** The logo's URL in its src attribute (a function replacer: `$&` in a URL is no pattern). */
const withLogoUrl = (html: string, url: string) => html.replace(LOGO_SRC, () => url.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`));
/** A display name is one line: a title with a line break would start a header of its own. */
const oneLine = (s: string) => s.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

type Options = {
  smtpUrl?: string | undefined;
  /** MAIL_FROM: the sender of product mails, and the address of every mail without a division's own. */
  from: string;
  /** Where Message-IDs are made (messageIdDomain). */
  messageIdDomain: string;
  /** Rasterises brand logos for the inline PNG; without it a logo is shown only from a raster https URL. */
  logos?: MailLogos;
  db: Db;
  log: FastifyBaseLogger;
  printMail?: boolean;
};

/**
 * The message as sent: From in the brand's name, a Message-ID in MAIL_FROM's domain, the
 * logo as an inline PNG (`cid:`) — the form Gmail and Outlook show without loading
 * anything, and offline — and a notification's List-Unsubscribe and Auto-Submitted.
 */
async function compose(mail: Mail, opts: Options) {
  const { sender, logo, unsubscribeUrl, attachments: files, ...rest } = mail;
  const fromAddress = addressOf(opts.from);
  const own = sender?.address && senderDomains(sender.verifiedDomain, opts.from).includes(sender.address.split('@')[1]!.toLowerCase()) ? sender.address : null;
  const from = sender && fromAddress ? { name: oneLine(sender.name), address: own ?? fromAddress } : opts.from;
  let html = mail.html;
  const attachments: { cid?: string; filename: string; content: Buffer; contentType: string; contentDisposition: 'inline' | 'attachment' }[] = (
    files ?? []
  ).map((f) => ({ filename: f.filename, content: Buffer.from(f.contentBase64, 'base64'), contentType: f.contentType, contentDisposition: 'attachment' }));
  if (html?.includes(LOGO_SRC)) {
    const png = logo && opts.logos ? await opts.logos(logo.source) : null;
    if (png) attachments.push({ cid: LOGO_SRC.slice(4), filename: 'logo.png', content: png, contentType: 'image/png', contentDisposition: 'inline' });
    else if (logo && RASTER_URL.test(logo.url)) html = withLogoUrl(html, logo.url);
    else html = html.replace(LOGO_IMG, '');
  }
  return {
    ...rest,
    ...(html === undefined ? {} : { html }),
    from,
    messageId: mail.messageId ?? `<${randomUUID()}@${opts.messageIdDomain}>`,
    attachments,
    headers: unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'Auto-Submitted': 'auto-generated' } : {},
  };
}

/**
 * SMTP when `SMTP_URL` is set; otherwise the outbox: mails are stored, printed
 * to the console and listed at /dev/mail, so a newcomer can read their code.
 */
export function createMailer(opts: Options): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail(await compose(mail, opts));
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      const attached = mail.attachments?.length ? `\n\nAttached: ${mail.attachments.map((f) => f.filename).join(', ')}` : '';
      const text = `${mail.cc ? `Cc: ${mail.cc}\n\n` : ''}${mail.text}${attached}`;
      // The outbox is read in a browser on the hub: the logo is shown from its URL there.
      const html = mail.html && mail.logo ? withLogoUrl(mail.html, mail.logo.url) : (mail.html?.replace(LOGO_IMG, '') ?? null);
      await storeInOutbox(opts.db, { to: mail.to, subject: mail.subject, text, html, messageId: mail.messageId ?? null });
      // Codes and reset links are secrets: printed for a developer reading their console, never in production.
      if (opts.printMail) console.log(`\n--- mail (outbox) to ${mail.to}: ${mail.subject}\n${mail.text}\n---`);
      // Not the subject either: a code's mail names the code there.
      else opts.log.info({ to: mail.to }, 'mail stored in the outbox');
    },
    close() {},
  };
}
