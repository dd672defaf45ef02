import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { CARD_FILE_PATH, type CardFile, type createCardFiles } from './card-files.ts';
import { PROFILE_NOT_FOUND_HTML } from './not-found-page.ts';
import { chooseEncoding, type PublishedPageCache } from './public-pages.service.ts';
import { profileManifest, profileServiceWorker } from './pwa.ts';

type CardFiles = ReturnType<typeof createCardFiles>;

const ALIAS = /^\/([a-z0-9][a-z0-9._-]{0,99})\/?$/;
const PWA_FILE = /^\/([a-z0-9][a-z0-9._-]{0,99})\/(manifest\.webmanifest|sw\.js)$/;

/**
 * Serves `{host}/{alias}` of a division's public host: the page stored at
 * publish time, compressed, with ETag revalidation. Anything else is the 404 page.
 */
export async function servePublicPage(
  cache: PublishedPageCache,
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  companyId: number | null,
  cardFiles: CardFiles,
) {
  const path = decodeURIComponent((req.url.split('?')[0] ?? '/').toLowerCase());
  const card = CARD_FILE_PATH.exec(path);
  if (card && companyId !== null) {
    const [, alias, file] = card as unknown as [string, string, CardFile];
    const sent = await cardFiles(req, reply, companyId, alias, file);
    if (sent) return sent;
  }
  const pwa = PWA_FILE.exec(path);
  if (pwa && companyId !== null) {
    const [, alias, file] = pwa as unknown as [string, string, string];
    const body = file === 'sw.js' ? await profileServiceWorker(db, companyId, alias) : await profileManifest(db, companyId, alias);
    if (body !== null) {
      reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-cache');
      if (file === 'sw.js') return reply.type('text/javascript; charset=utf-8').header('service-worker-allowed', `/${alias}`).send(body);
      return reply.type('application/manifest+json; charset=utf-8').send(body);
    }
  }
  const alias = ALIAS.exec(path)?.[1];
  const page = companyId !== null && alias ? await cache.get(companyId, alias) : null;
  reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'strict-origin-when-cross-origin');
  if (!page) {
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
      .send(PROFILE_NOT_FOUND_HTML);
  }
  reply
    .header('etag', page.etag)
    .header('vary', 'accept-encoding')
    // Revalidate every time: a 304 costs one small request, and an unpublish takes effect at once.
    .header('cache-control', 'public, max-age=0, must-revalidate')
    .header('content-security-policy', page.csp);
  if (req.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  reply.type('text/html; charset=utf-8');
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}
