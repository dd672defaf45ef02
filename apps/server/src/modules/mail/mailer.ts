import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { storeInOutbox } from './mail.queries.ts';

export type Mail = {
  to: string;
  cc?: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** Set by the job queue: the same on every retry, so a mail is stored (outbox) or recognised (SMTP) once. */
  messageId?: string;
};

export type Mailer = {
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
};

/**
 * SMTP when `SMTP_URL` is set; otherwise the outbox: mails are stored, printed
 * to the console and listed at /dev/mail, so a newcomer can read their code.
 */
export function createMailer(opts: { smtpUrl?: string | undefined; from: string; db: Db; log: FastifyBaseLogger; printMail?: boolean }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      const text = mail.cc ? `Cc: ${mail.cc}\n\n${mail.text}` : mail.text;
      await storeInOutbox(opts.db, { to: mail.to, subject: mail.subject, text, html: mail.html ?? null, messageId: mail.messageId ?? null });
      // Codes and reset links are secrets: printed for a developer reading their console, never in production.
      if (opts.printMail) console.log(`\n--- mail (outbox) to ${mail.to}: ${mail.subject}\n${mail.text}\n---`);
      // Not the subject either: a code's mail names the code there.
      else opts.log.info({ to: mail.to }, 'mail stored in the outbox');
    },
    close() {},
  };
}
