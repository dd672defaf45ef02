import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { latestOutboxMails } from './mailer.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** /dev/mail: the outbox for people running the hub locally. Registered only outside production with the outbox transport. */
export async function devMailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/dev/mail.json', { schema: { hide: true, querystring: z.object({ to: z.string().max(254).optional() }) } }, async (req) => {
    const mails = await latestOutboxMails(app.deps.db);
    const to = req.query.to?.trim().toLowerCase();
    return { mails: to ? mails.filter((m) => m.to === to) : mails };
  });
  r.get('/dev/mail', { schema: { hide: true } }, async (_req, reply) => {
    const mails = await latestOutboxMails(app.deps.db);
    const rows = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">to <b>${escapeHtml(m.to)}</b> · ${m.createdAt.toISOString()}</p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Outbox · Profilehub</title>
<style>body{font:15px system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1b1f24}article{border:1px solid #d8dee4;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.05rem;margin:0}.meta{color:#57606a;margin:.25rem 0 .75rem}pre{white-space:pre-wrap;font:14px ui-monospace,monospace;background:#f6f8fa;padding:.75rem;border-radius:6px}</style></head>
<body><h1>Outbox</h1><p>Mails the hub sent while no SMTP server is configured (newest first).</p>${rows || '<p>No mail yet.</p>'}</body></html>`;
  });
}
