import { lookup } from 'node:dns/promises';
import http from 'node:http';
import { BlockList, isIPv4 } from 'node:net';

/** Where a domain's HTTP answers: its addresses, and the port (80 in the world; tests point a name at their own listener). */
export type ResolveDomain = (domain: string) => Promise<{ address: string; port: number }[]>;

export const resolveByDns: ResolveDomain = async (domain) => (await lookup(domain, { all: true })).map((a) => ({ address: a.address, port: 80 }));

/** DOMAIN_VERIFY_VIA: every domain answers at this one `host:port` (development and tests). */
export function resolveVia(hostPort: string): ResolveDomain {
  const at = hostPort.lastIndexOf(':');
  const target = { address: hostPort.slice(0, at), port: Number(hostPort.slice(at + 1)) };
  return async () => [target];
}

/** Addresses the hub never fetches from unless the operator allows it: its own machine and private networks. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

export type ProbeResult = 'ok' | 'unreachable' | 'wrong' | 'private';

const TIMEOUT_MS = 5000;

/**
 * Fetches `http://{domain}{path}` from the domain itself and says whether it answered 200 with
 * `expected`. The address is resolved once, checked, and connected to as it was (a name that
 * changes its answer in between cannot send the hub elsewhere); redirects are not followed; the
 * body read is capped; the whole exchange has a deadline.
 */
export async function probeDomain(domain: string, path: string, expected: string, o: { resolve: ResolveDomain; allowPrivate: boolean }): Promise<ProbeResult> {
  let targets: { address: string; port: number }[];
  let timer: NodeJS.Timeout | undefined;
  try {
    // A resolver that does not answer counts against the same deadline as the request.
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('deadline')), TIMEOUT_MS);
    });
    targets = await Promise.race([o.resolve(domain), late]);
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
  if (!targets.length) return 'unreachable';
  if (!o.allowPrivate && targets.some((t) => isPrivateAddress(t.address))) return 'private';
  const { address, port } = targets[0]!;
  return new Promise<ProbeResult>((resolve) => {
    const req = http.get({ host: address, port, path, headers: { host: domain, accept: 'text/plain' }, agent: false, timeout: TIMEOUT_MS }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (body.length > 1024) req.destroy();
      });
      res.on('end', () => resolve(res.statusCode === 200 && body.trim() === expected ? 'ok' : 'wrong'));
      res.on('error', () => resolve('wrong'));
    });
    const deadline = setTimeout(() => req.destroy(new Error('deadline')), TIMEOUT_MS);
    req.on('close', () => {
      clearTimeout(deadline);
      // A request cut short (body too long, deadline) ends here without 'end'; a finished one has already resolved.
      setImmediate(() => resolve('unreachable'));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve('unreachable'));
  });
}
