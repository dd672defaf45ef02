// Webhook receivers of bench/webhooks.mjs, in a child process of their own (forked, with IPC), so
// the hub's process does not also carry them: `count` bare node:http servers on 127.0.0.1, each
// verifying every request's Standard Webhooks signature (HMAC-SHA256 of `id.timestamp.body` with
// the secret's key bytes, as the spec says; the webhook tests check the hub against the
// `standardwebhooks` package itself) and keeping every webhook-id it got. Messages from the parent:
//   { secrets: [s0, s1, …], target } → each receiver's secret for the next run; clears the counts
//   { stats: true }          → { stats: [{ received, unique, duplicates, badSignature, lastAt }] }
// The first message to the parent is { ports: [...] }; while a run is on, { progress } every
// 1,000 requests and at the `target`-th lets the parent stop its clock at the last one without polling.
import { createHmac } from 'node:crypto';
import http from 'node:http';

/** Throws unless one of the request's `v1,` signatures is the HMAC of this id, timestamp and body. */
function verifier(secret) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return {
    verify(body, headers) {
      const id = headers['webhook-id'];
      const ts = headers['webhook-timestamp'];
      if (!id || !ts || Math.abs(Date.now() / 1000 - Number(ts)) > 300) throw new Error('bad headers');
      const expected = `v1,${createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest('base64')}`;
      if (
        !String(headers['webhook-signature'] ?? '')
          .split(' ')
          .includes(expected)
      )
        throw new Error('bad signature');
    },
  };
}

const count = Number(process.argv[2] ?? 3);
let state = [];
const reset = (secrets) => {
  state = secrets.map((s) => ({ verifier: s ? verifier(s) : null, ids: new Set(), received: 0, duplicates: 0, badSignature: 0, lastAt: 0 }));
};
reset(Array.from({ length: count }, () => null));
let total = 0;
/** The number of requests the run expects: its arrival is always reported. */
let target = 0;

const servers = [];
for (let i = 0; i < count; i++) {
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const s = state[i];
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        s.verifier.verify(body, req.headers);
      } catch {
        s.badSignature++;
      }
      const id = req.headers['webhook-id'];
      if (s.ids.has(id)) s.duplicates++;
      else s.ids.add(id);
      s.received++;
      s.lastAt = performance.timeOrigin + performance.now();
      total++;
      if (total % 1000 === 0 || total === target) process.send({ progress: total, at: s.lastAt });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.keepAliveTimeout = 5_000;
  servers.push(server);
}
await Promise.all(servers.map((s) => new Promise((r) => s.listen(0, '127.0.0.1', r))));
process.on('message', (m) => {
  if (m.secrets) {
    reset(m.secrets);
    total = 0;
    target = m.target ?? 0;
    process.send({ ready: true });
  }
  if (m.stats)
    process.send({
      stats: state.map((s) => ({ received: s.received, unique: s.ids.size, duplicates: s.duplicates, badSignature: s.badSignature, lastAt: s.lastAt })),
    });
});
process.on('disconnect', () => process.exit(0));
process.send({ ports: servers.map((s) => s.address().port) });
