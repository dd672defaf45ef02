/**
 * The HAProxy configuration docs/scaling.md shows, as the scale-out test and
 * bench/scale-out.mjs run it: round robin over the copies, each checked on /api/health,
 * the client's address passed on in X-Forwarded-For (set TRUSTED_PROXIES to the balancer).
 */
export function haproxyConfig(bindPort: number, serverPorts: number[], host = '127.0.0.1'): string {
  return [
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  option forwardfor',
    'frontend hub',
    `  bind ${host}:${bindPort}`,
    '  default_backend servers',
    'backend servers',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    ...serverPorts.map((p, i) => `  server s${i} ${host}:${p} check inter 500ms`),
    '',
  ].join('\n');
}
