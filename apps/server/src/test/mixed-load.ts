/** The mixed load of the scale-out test and bench/resilience.mjs: reads and acknowledged writes on kept-alive connections. */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { request } from './processes.ts';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

/**
 * `connections` clients on kept-alive connections to `port` (a balancer), each sending in turn
 * a public page view (Leo's card at acme), an API read (the session check) and a visitor
 * beacon for `profileId` (a write: its 204 means it is committed). Every answer other than
 * the expected one is a client-visible error.
 */
export function mixedLoad(port: number, profileId: number, jwt: string, connections = 20) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const errors: { method: string; status: number; error: string }[] = [];
  const acknowledged: string[] = [];
  let answered = 0;
  let running = true;
  const client = async (c: number) => {
    for (let i = c; running; i++) {
      const kind = i % 3;
      const value = randomBytes(8).toString('hex');
      const sent =
        kind === 0
          ? { method: 'GET', expect: 200, go: () => request(port, { path: '/leo-lane', host: 'acme.localhost', agent }) }
          : kind === 1
            ? { method: 'GET', expect: 200, go: () => request(port, { path: '/api/jwts/verify', headers: { authorization: `Bearer ${jwt}` }, agent }) }
            : {
                method: 'POST',
                expect: 204,
                go: () =>
                  request(port, {
                    method: 'POST',
                    path: '/api/events',
                    // Many visitors, not one: the beacon's limit is per client address.
                    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': PHONE, 'x-forwarded-for': `10.9.${c}.${i % 250}` },
                    body: JSON.stringify({ profileId, action: 'click', type: 'url', value }),
                    agent,
                  }),
              };
      const reply = await sent.go().catch((err: Error) => ({ status: 0, body: '', error: err.message }));
      answered++;
      if (reply.status === sent.expect) {
        if (sent.method === 'POST') acknowledged.push(value);
      } else errors.push({ method: sent.method, status: reply.status, error: 'error' in reply ? reply.error : reply.body.slice(0, 200) });
    }
  };
  const loops = Array.from({ length: connections }, (_, c) => client(c));
  return {
    errors,
    acknowledged,
    get answered() {
      return answered;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}
