import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/** The security headers of every answer (helmet), with the hub SPA's Content-Security-Policy. */
export function helmetOptions(config: Pick<Config, 'NODE_ENV'> & Partial<Pick<Config, 'PUBLIC_URL' | 'PUBLIC_DOMAIN'>>): FastifyHelmetOptions {
  // The editor's preview shows the page's QR code from the page's own host (our server, not a
  // URL a user chose): `https://*.{PUBLIC_DOMAIN}`, or plain http on a local hub (`http://acme.localhost:3000`).
  const hub = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : null;
  const pageHosts = config.PUBLIC_DOMAIN ? [`${hub?.protocol ?? 'https:'}//*.${config.PUBLIC_DOMAIN}${hub?.port ? `:${hub.port}` : ''}`] : [];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine and the white-label CSS inject style elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // No remote images: a user-set image URL (a consent text, a logo) would tell its owner when and
        // from where someone opened the hub. Uploads, S3 ones included, are served from our own origin;
        // YouTube's thumbnails (the editor preview's videos) come from YouTube's own host, which no user picks.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', ...pageHosts],
        // 'self': the editor's live preview frame (/{product}-app-preview).
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.NODE_ENV === 'production',
  };
}

/**
 * The headers helmet gives an answer with these options, once, as a plain object: answers
 * sent before Fastify (http/fast-path.ts) carry exactly what its helmet hook would add.
 */
export function helmetHeaders(options: FastifyHelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options as HelmetOptions)({} as IncomingMessage, res as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}
