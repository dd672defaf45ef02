import type { IncomingHttpHeaders, IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { EXCHANGE_SCRIPT, EXCHANGE_SCRIPT_PATH, EXCHANGE_SCRIPT_VERSION } from '@profilehub/profile-page';
import { DOMAIN_VERIFICATION_PATH } from '@profilehub/shared';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '../../db/client.ts';
import { errorBody } from '../../http/errors.ts';
import type { FastPath, FastRoute } from '../../http/fast-path.ts';
import { pathOnly } from '../../http/logging.ts';
import { CARD_FILE_PATH, type CardFile, type createCardFiles } from './card-files.ts';
import { companyCardHtml, PERSON_GONE_HTML, PROFILE_GONE_HTML, PROFILE_NOT_FOUND_HTML } from './not-found-page.ts';
import { chooseEncoding, GONE, type OffboardedPage, PublicSites, type PublishedPageCache, type ServedPage } from './public-pages.service.ts';
import { profileManifest, profileServiceWorker } from './pwa.ts';
import { SITE_FILES } from './site-files.ts';

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
  const held = companyId !== null ? await cache.lookUp(companyId, aliasIn(path)) : null;
  // An archived division's every address is gone: page, card files, app files, anything else.
  if (held === GONE) return reply.code(GONE_ANSWER.status).headers(GONE_ANSWER.headers).send(GONE_ANSWER.body);
  // A deactivated person's page and its card files follow the division's outcome (decision 022).
  if (held && 'offboarded' in held) {
    const answer = offboardedAnswer(held, path);
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  }
  if (path === EXCHANGE_SCRIPT_PATH && companyId !== null) return sendExchangeScript(req, reply);
  const card = CARD_FILE_PATH.exec(path);
  if (card && companyId !== null) {
    const [, alias, file] = card as unknown as [string, string, CardFile];
    if (await cardFiles(req, reply, companyId, alias, file)) return reply;
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
  const answer = page ? pageAnswer(page, req.headers) : NOT_FOUND_ANSWER;
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/** The exchange form's module, compressed once when first asked for. */
let exchangeScript: { raw: Buffer; gzip: Buffer; br: Buffer; etag: string } | null = null;

/**
 * `{host}/_ph/exchange.js`: the "Share my details" form's module (issue #29), which a page
 * imports when a visitor opens it. The version the page names (`?v=`) is kept for good; any
 * other address of it is revalidated, so a page published before a change gets the current one.
 */
function sendExchangeScript(req: FastifyRequest, reply: FastifyReply) {
  if (!exchangeScript) {
    const raw = Buffer.from(EXCHANGE_SCRIPT, 'utf8');
    exchangeScript = { raw, gzip: gzipSync(raw, { level: 9 }), br: brotliCompressSync(raw), etag: `"x-${EXCHANGE_SCRIPT_VERSION}"` };
  }
  const current = new URLSearchParams(req.url.split('?')[1] ?? '').get('v') === EXCHANGE_SCRIPT_VERSION;
  reply
    .type('text/javascript; charset=utf-8')
    .header('etag', exchangeScript.etag)
    .header('vary', 'accept-encoding')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
  if (req.headers['if-none-match'] === exchangeScript.etag) return reply.code(304).send();
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? exchangeScript.br : encoding === 'gzip' ? exchangeScript.gzip : exchangeScript.raw);
}

/** What a host this server does not serve is told (421 Misdirected Request), in the shared error body. */
export const UNKNOWN_HOST_MESSAGE = 'This address is not served here. Check the address, or ask the hub’s administrator for the right one.';

/**
 * An onRequest hook: a Host that is neither a hub host, a white-labelled hub nor a division's
 * public host gets 421 — not the hub's web app, not its API. A page of any site whose name
 * was pointed at this server (DNS rebinding) thus reads nothing. Health checks answer on any
 * Host: load balancers and orchestrators probe by address; a domain's verification path answers
 * its own token only.
 */
export function refuseUnknownHosts(sites: PublicSites): onRequestAsyncHookHandler {
  return async (req, reply) => {
    const path = pathOnly(req.url);
    if (path === '/api/health' || path.startsWith('/api/health/')) return;
    // A division's domain not yet verified is unknown here, but must show the hub its token (the route checks host and token).
    if (path.startsWith(DOMAIN_VERIFICATION_PATH)) return;
    if (await sites.isKnown(PublicSites.hostOf(req.headers.host))) return;
    return reply.code(421).send(errorBody(421, 'unknown_host', UNKNOWN_HOST_MESSAGE));
  };
}

/** The alias a public path is about (`/{alias}`, `/{alias}/{file}`), or '' for any other path. */
const aliasIn = (path: string) => /^\/([a-z0-9][a-z0-9._-]{0,99})(?:\/|$)/.exec(path)?.[1] ?? '';

type Answer = { status: 200 | 302 | 304 | 404 | 410; headers: Record<string, string>; body?: Buffer | string };

/** The 404 a visitor sees for an unknown or unpublished profile. */
const NOT_FOUND_ANSWER: Answer = {
  status: 404,
  headers: {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  },
  body: PROFILE_NOT_FOUND_HTML,
};

/** Every page of an archived division: 410 Gone, never cached (a restore brings the pages back). */
const GONE_ANSWER: Answer = { ...NOT_FOUND_ANSWER, status: 410, body: PROFILE_GONE_HTML };

/** A deactivated person whose division chose "no longer with the company": 410, never cached (a reactivation brings the page back). */
const PERSON_GONE_ANSWER: Answer = { ...NOT_FOUND_ANSWER, status: 410, body: PERSON_GONE_HTML };

/**
 * The answer at a deactivated person's address `path` (decision 022): the same path at the
 * successor's alias on this host (so the page, its vCard and QR code each lead to the
 * successor's), the division's card for the page itself, or 410 "no longer with the company".
 * Never cached: a reactivation or a new successor shows at once.
 */
function offboardedAnswer(held: OffboardedPage, path: string): Answer {
  const fate = held.offboarded;
  if (fate.to === 'successor') {
    const rest = path.replace(/^\/[^/]+/, '');
    return { status: 302, headers: { ...NOT_FOUND_ANSWER.headers, location: `/${fate.alias}${rest}` }, body: '' };
  }
  if (fate.to === 'company' && ALIAS.test(path)) return { ...NOT_FOUND_ANSWER, status: 200, body: companyCardHtml(fate.title) };
  return PERSON_GONE_ANSWER;
}

/**
 * A published page's answer to one request: 304 when the client holds this version, else the
 * bytes in the best encoding it accepts. Revalidated every time: a 304 costs one small request,
 * and an unpublish takes effect at once.
 */
function pageAnswer(page: ServedPage, headers: IncomingHttpHeaders): Answer {
  const own = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    etag: page.etag,
    vary: 'accept-encoding',
    'cache-control': 'public, max-age=0, must-revalidate',
    'content-security-policy': page.csp,
  };
  if (headers['if-none-match'] === page.etag) return { status: 304, headers: own };
  const encoding = chooseEncoding(headers['accept-encoding']);
  // A client that accepts neither (a script, a crawler) gets the gzip form inflated: ~0.1 ms, and the cache holds no HTML.
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : gunzipSync(page.gzip);
  return {
    status: 200,
    headers: { ...own, 'content-type': 'text/html; charset=utf-8', ...(encoding ? { 'content-encoding': encoding } : {}) },
    body,
  };
}

/**
 * `GET {host}/{alias}` on a division's public host before Fastify (http/fast-path.ts): the
 * page's bytes held in memory, or the 404 page, with the same headers Fastify's path gives
 * them, helmet's included. Card files, hub hosts and unknown hosts go on to Fastify.
 */
export function publicPageFastRoute(o: {
  sites: PublicSites;
  pages: PublishedPageCache;
  securityHeaders: Record<string, string>;
  fast: FastPath;
  log: FastifyBaseLogger;
}): FastRoute {
  const serve = async (req: IncomingMessage, res: ServerResponse, fastify: RequestListener, host: string, alias: string) => {
    try {
      const site = await o.sites.siteOf(host);
      if (!site) return fastify(req, res);
      const page = site.companyId !== null ? await o.pages.lookUp(site.companyId, alias) : null;
      const answer =
        page === GONE
          ? GONE_ANSWER
          : page && 'offboarded' in page
            ? offboardedAnswer(page, `/${alias}`)
            : page
              ? pageAnswer(page, req.headers)
              : NOT_FOUND_ANSWER;
      const headers = { ...o.securityHeaders, ...answer.headers, ...(answer.body ? { 'content-length': Buffer.byteLength(answer.body) } : {}) };
      o.fast.send(res, answer.status, headers, req.method === 'HEAD' ? undefined : answer.body);
    } catch (err) {
      o.fast.sendError(res, err, o.log);
    }
  };
  return (req, res, fastify) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const host = PublicSites.hostOf(req.headers.host);
    if (o.sites.isHub(host)) return false;
    let path: string;
    try {
      path = decodeURIComponent(pathOnly(req.url ?? '/').toLowerCase());
    } catch {
      return false;
    }
    const alias = ALIAS.exec(path)?.[1];
    // `/robots.txt` and `/favicon.ico` look like aliases; Fastify's path answers them (site-files.ts).
    if (!alias || SITE_FILES.has(path)) return false;
    void serve(req, res, fastify, host, alias);
    return true;
  };
}
