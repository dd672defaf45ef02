import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from '../../http/errors.ts';
import type { ByteRange, FileStore } from './file-store.ts';
import { KEY_PATTERN } from './rules.ts';
import { servedUpload } from './uploads.queries.ts';

/**
 * Even a file that slipped through as something else cannot act as a page:
 * no sniffing, nothing may load, scripts and forms are sandboxed away.
 */
export const UPLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` against a file of `size` bytes; 'unsatisfiable', or null to send it all (absent, malformed or multi-range). */
function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

const notFound = (reply: FastifyReply) =>
  reply
    .code(404)
    .header('cache-control', 'no-store')
    .send(errorBody(404, 'not_found', 'File not found'));

/**
 * `GET /uploads/{key}`: public, because published profile pages embed these.
 * Only keys of the generated shape that have a row are served (a deleted
 * upload is gone even if its bytes linger); the type comes from the row.
 */
export async function uploadsServeRoutes(app: FastifyInstance, opts: { store: FileStore }) {
  const { store } = opts;
  const { db } = app.deps;

  // A wildcard, so `/uploads/../x`, `/uploads/a/b` and encoded slashes reach this check instead of the SPA fallback.
  app.get<{ Params: { '*': string } }>('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
    const key = req.params['*'];
    if (!KEY_PATTERN.test(key)) return notFound(reply);
    const row = await servedUpload(db, key);
    if (!row) return notFound(reply);

    const etag = `"${key}"`;
    reply
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', UPLOAD_CSP)
      // Profile pages on custom domains embed these, so they are not same-origin only.
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-disposition', `${row.mime.startsWith('image/') ? 'inline' : 'attachment'}; filename="${key}"`)
      // A key never names other bytes: cache for good.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('accept-ranges', 'bytes');
    if (req.headers['if-none-match']?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();

    const range = parseRange(req.headers.range, row.size);
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${row.size}`).send();
    const stream = await store.read(key, range ?? undefined);
    if (!stream) {
      req.log.warn({ key }, 'an upload row has no stored file');
      return notFound(reply);
    }
    reply.type(row.mime);
    if (range) {
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${row.size}`)
        .header('content-length', range.end - range.start + 1);
    } else reply.header('content-length', row.size);
    return reply.send(stream);
  });
}
