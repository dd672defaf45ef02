import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/** The security headers of every answer (helmet), with the hub SPA's Content-Security-Policy. */
export function helmetOptions(config: Pick<Config, 'NODE_ENV'> & Partial<Pick<Config, 'PUBLIC_URL' | 'PUBLIC_DOMAIN'>>): FastifyHelmetOptions {
  // The editor's preview shows the page's QR code from the page's own host: https in
  // production ('https:'), plain http on a local hub (`http://acme.localhost:3000`).
  const hub = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : null;
  const localPages = hub?.protocol === 'http:' && config.PUBLIC_DOMAIN ? [`http://*.${config.PUBLIC_DOMAIN}${hub.port ? `:${hub.port}` : ''}`] : [];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine and the white-label CSS inject style elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'https:', 'data:', 'blob:', ...localPages],
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
