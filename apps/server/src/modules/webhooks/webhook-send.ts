/** Sending one webhook request (issue #29): the target checked against SSRF, signed per Standard Webhooks. */
import { createHmac } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../domains/domain-probe.ts';

const TIMEOUT_MS = 10_000;

/**
 * Connections kept open between deliveries (a fan-out of 10,000 events to an endpoint is 10,000
 * requests to one host: bench/webhooks.mjs), closed after 5 s unused. A kept connection goes to an
 * address that passed `checkTarget` when it was opened; whether an address is private never changes.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: 5_000, maxSockets: 16 }),
  'https:': new https.Agent({ keepAlive: true, timeout: 5_000, maxSockets: 16 }),
};

export type TargetCheck = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: 'private' | 'unresolvable' };

/**
 * Resolves the URL's host once (cloud metadata addresses are link-local, CGNAT or unique-local,
 * all in the domain probe's private list) and says whether the hub may call it; the address returned is the one to connect to.
 */
export async function checkTarget(url: URL, allowPrivate: boolean): Promise<TargetCheck> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    return { ok: false, reason: 'unresolvable' };
  }
  if (!addresses.length) return { ok: false, reason: 'unresolvable' };
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) return { ok: false, reason: 'private' };
  const first = addresses[0]!;
  return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A Standard Webhooks secret: `whsec_` and the base64 of its key bytes. */
export function signature(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

export type SendResult = { statusCode: number | null; ms: number; error: string | null };

/**
 * POSTs `body` to `url` at the address `checkTarget` approved (a name that changes its answer in
 * between cannot send the hub elsewhere; TLS still checks the certificate of the URL's host).
 * Redirects are not followed (a 3xx is a failure); the answer's body is not kept; 10 s deadline.
 */
export function send(url: URL, target: { address: string; family: 4 | 6 }, headers: Record<string, string>, body: string): Promise<SendResult> {
  const started = performance.now();
  const client = url.protocol === 'https:' ? https : http;
  const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
  return new Promise((resolve) => {
    let settled = false;
    const done = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      resolve({ statusCode, ms: Math.round(performance.now() - started), error });
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        agent,
        timeout: TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Profilehub-Webhooks/1', ...headers },
        // Connect to the approved address only (Node asks for every address when it races families).
        lookup: ((_host: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) =>
          opts.all ? cb(null, [{ address: target.address, family: target.family }]) : cb(null, target.address, target.family)) as never,
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? null, null));
        res.on('error', () => done(res.statusCode ?? null, null));
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error('no answer within 10 s')), TIMEOUT_MS);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', (err) => done(null, err.message.slice(0, 200)));
    req.end(body);
  });
}
