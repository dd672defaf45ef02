import type { FastifyServerOptions } from 'fastify';

/**
 * What a request looks like in the log: method, path and who asked — never the query
 * string (spec §7 carries emails, one-time codes, passwords and id tokens there), never
 * a header (authorization, cookies). Errors keep their message and stack only.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    serializers: {
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: pathOnly(req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
    // Belt and braces for objects logged by hand.
    redact: {
      paths: [
        'headers.authorization',
        'headers.cookie',
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.otp',
        '*.id_token',
        '*.jwt',
        '*.code',
        '*.ticket',
      ],
      censor: '[redacted]',
    },
  };
}

/** A URL without its query string or fragment. */
export function pathOnly(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}
