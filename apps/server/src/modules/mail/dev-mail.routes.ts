import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../http/errors.ts';
import { pathOnly } from '../../http/logging.ts';
import { latestOutboxMails } from './mail.queries.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * /dev/mail: the outbox for people running the hub locally. Registered only outside
 * production with the outbox transport, and answers only the machine itself: the
 * outbox holds sign-up codes and reset links, which anyone else could use. The TCP
 * peer decides, not X-Forwarded-For; and the Host must be one of the hub's own names
 * (loopback or PUBLIC_URL's), so a page of another site whose name was made to point
 * at 127.0.0.1 (DNS rebinding) cannot read it from a developer's browser — that browser
 * sends the other site's name. The port is not asked: the name is what a rebinding page cannot fake.
 */
export async function devMailRoutes(app: FastifyInstance, opts: { publicUrl: string }) {
  const ownNames = new Set(['localhost', '127.0.0.1', '[::1]', new URL(opts.publicUrl).hostname.toLowerCase()]);
  app.addHook('onRequest', async (req, reply) => {
    const name = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '') || !ownNames.has(name))
      return reply.code(404).send(errorBody(404, 'not_found', `No route for ${req.method} ${pathOnly(req.url)}`));
  });
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
