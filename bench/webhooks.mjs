// Webhook fan-out (issue #29: "Webhook fan-out: 10,000 events to 3 endpoints delivered within 60 s,
// none twice"), with two copies of the server on one PostgreSQL database. One division with 3
// endpoints subscribed to contact.created, created through the API (POST /api/companies/{id}/webhooks
// as a superadmin, each with its own secret). 3 receivers on 127.0.0.1 in a child process
// (bench/lib/webhook-receivers.mjs) verify every signature and keep every webhook-id. Copy 1 runs in
// this process (buildApp); copy 2 in a forked process (bench/lib/webhook-server.mjs) on the same
// database: both delivery workers claim due deliveries in batches with a lease (decision 033).
// Each run emits BENCH_WEBHOOKS_EVENTS (10,000) contact.created events through the webhooks service
// in this process (emitWebhook, one transaction per event as the lead form's route does,
// BENCH_WEBHOOKS_EMITTERS (8) at a time, then wakeWorker, which wakes copy 1; copy 2 finds them at its
// 1-second poll), not through the public lead route, whose own work (form checks, the lead row, its
// mail) would dominate the figure. The clock runs from the first event's transaction to the last of
// the 30,000 requests the receivers get; the emitting alone is timed too. After a run: duplicates per
// endpoint by webhook-id (budget 0), missing ones (0), bad signatures (0), the delivery log's
// statuses and retries, and how many deliveries each copy sent (the log's claimed_by).
// Baseline, same run: the same number of signed POSTs with the same bodies from a bare node:http
// client (a keep-alive agent, 8 in flight) to the same receivers, in this process: what the receivers
// and loopback take. Ratio: fan-out time / baseline time. BENCH_WEBHOOKS_RUNS (3) runs; min / median /
// max with the load average of each. PostgreSQL at 127.0.0.1:5432 (two copies need a server
// database), WEBHOOKS_ALLOW_PRIVATE=true. The receivers are addressed by IP, so no delivery asks DNS.
import { fork } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIR, createPgDatabase, fmt, HOST, heading, main, median, onCleanup, ROOT, spreadOf, table, tempDir, verdict } from './lib/common.mjs';

const EVENTS = Number(process.env.BENCH_WEBHOOKS_EVENTS ?? 10_000);
const ENDPOINTS = 3;
const RUNS = Number(process.env.BENCH_WEBHOOKS_RUNS ?? 3);
const EMITTERS = Number(process.env.BENCH_WEBHOOKS_EMITTERS ?? 8);
/** How long the clock waits for the last request (then the run is OVER, and what arrived by then is printed). */
const TIMEOUT_S = Number(process.env.BENCH_WEBHOOKS_TIMEOUT_S ?? 180);
/** How long queued deliveries may then take to settle before duplicates and missing ones are counted. */
const SETTLE_S = Number(process.env.BENCH_WEBHOOKS_SETTLE_S ?? 300);
const BUDGET_S = 60;
const loadavg = () => Math.round(os.loadavg()[0] * 100) / 100;

/** The receivers' child process: its ports, and a way to talk to it. */
async function startReceivers() {
  const child = fork(path.join(BENCH_DIR, 'lib/webhook-receivers.mjs'), [String(ENDPOINTS)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  onCleanup(() => child.connected && child.disconnect());
  const listeners = new Set();
  child.on('message', (m) => {
    for (const l of [...listeners]) l(m);
  });
  const next = (pick) =>
    new Promise((resolve, reject) => {
      const exited = () => reject(new Error('the webhook receivers exited'));
      const l = (m) => {
        const v = pick(m);
        if (v !== undefined) {
          listeners.delete(l);
          child.off('exit', exited);
          resolve(v);
        }
      };
      listeners.add(l);
      child.once('exit', exited);
    });
  const ports = await next((m) => m.ports);
  return {
    ports,
    listeners,
    next,
    reset: async (secrets, target = 0) => {
      const ready = next((m) => m.ready);
      child.send({ secrets, target });
      await ready;
    },
    stats: async () => {
      const s = next((m) => m.stats);
      child.send({ stats: true });
      return s;
    },
  };
}

const contact = (i) => ({
  leadId: i,
  profileId: 1,
  alias: 'bench-profile',
  leadFormId: null,
  contact: { name: `Visitor ${i}`, email: `visitor${i}@example.test`, mobile: '+27 82 555 0000', message: `Please call me about offer ${i}.` },
});

/** Until the receivers have `n` requests (the time of the last), or the deadline. */
function untilReceived(receivers, n, deadlineMs) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      receivers.listeners.delete(l);
      resolve(null);
    }, deadlineMs);
    const l = (m) => {
      if (m.progress !== undefined && m.progress >= n) {
        clearTimeout(timer);
        receivers.listeners.delete(l);
        resolve(m.at);
      }
    };
    receivers.listeners.add(l);
  });
}

/** The baseline: the same signed POSTs from a bare client, keep-alive, 8 in flight. */
async function baseline(ports, secrets) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const keys = secrets.map((s) => Buffer.from(s.replace(/^whsec_/, ''), 'base64'));
  const jobs = [];
  for (let i = 0; i < EVENTS; i++) for (let e = 0; e < ENDPOINTS; e++) jobs.push([i, e]);
  const t0 = performance.now();
  let next = 0;
  const post = ([i, e]) =>
    new Promise((resolve, reject) => {
      const id = `msg_${randomUUID().replaceAll('-', '')}`;
      const ts = Math.floor(Date.now() / 1000);
      const body = JSON.stringify({ type: 'contact.created', timestamp: new Date().toISOString(), data: { companyId: 1, ...contact(i) } });
      const sig = `v1,${createHmac('sha256', keys[e]).update(`${id}.${ts}.${body}`).digest('base64')}`;
      const req = http.request(
        {
          host: HOST,
          port: ports[e],
          path: '/hook',
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'webhook-id': id,
            'webhook-timestamp': ts,
            'webhook-signature': sig,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`receiver answered ${res.statusCode}`))));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < jobs.length) await post(jobs[next++]);
    }),
  );
  agent.destroy();
  return (performance.now() - t0) / 1000;
}

/** Copy 2: the app in a process of its own on the same database; `stop` closes it. */
async function secondCopy(url, settings) {
  const child = fork(path.join(BENCH_DIR, 'lib/webhook-server.mjs'), [url, JSON.stringify(settings)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((r) => child.once('exit', r));
  onCleanup(() => child.connected && child.kill());
  await new Promise((resolve, reject) => {
    child.once('message', (m) => (m.ready ? resolve() : reject(new Error(`copy 2 said ${JSON.stringify(m)}`))));
    child.once('exit', (code) => reject(new Error(`copy 2 exited (${code}) before it was ready`)));
  });
  return {
    pid: child.pid,
    stop: async () => {
      if (child.connected) child.send({ stop: true });
      await exited;
    },
  };
}

async function runOn(label, dbOptions, receivers) {
  const { openDatabase } = await import(path.join(ROOT, 'apps/server/src/db/client.ts'));
  const { buildApp } = await import(path.join(ROOT, 'apps/server/src/app.ts'));
  const { loadConfig } = await import(path.join(ROOT, 'apps/server/src/config.ts'));
  const { emitWebhook, WEBHOOK_JOB } = await import(path.join(ROOT, 'apps/server/src/modules/webhooks/webhooks.service.ts'));
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase({ url: dbOptions.url });
  await database.migrate();
  const settings = (dataDir) => ({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    // The same secret on both copies: each opens the endpoints' sealed secrets.
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256!!',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'false',
    SEED: 'false',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
  });
  const app = await buildApp({ config: loadConfig(settings(tempDir('webhooks-1'))), database });
  const copy2 = await secondCopy(dbOptions.url, settings(tempDir('webhooks-2')));
  const deps = app.deps;
  const rows = async (q) => {
    const r = await database.db.execute(sql.raw(q));
    return r.rows ?? r;
  };
  const [division] = await rows(
    `insert into companies (name, title, subdomain, description, feature_flags, published_at) values ('hooks', 'Webhooks bench', 'hooks', '', '{}', now()) returning id`,
  );
  const [admin] = await rows(
    `insert into users (email, username, role, registered, confirmed) values ('root@bench.test', 'root', 'superadmin', true, true) returning id`,
  );
  const headers = { authorization: `Bearer ${await deps.sessions.create(admin.id, 'bench')}` };
  const secrets = [];
  for (const port of receivers.ports) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/companies/${division.id}/webhooks`,
      headers,
      payload: { url: `http://127.0.0.1:${port}/hook`, events: ['contact.created'] },
    });
    if (res.statusCode !== 201) throw new Error(`${label}: creating a webhook answered ${res.statusCode}: ${res.body}`);
    secrets.push(res.json().secret);
  }

  /** After a phase: its queue settled (retries too, so a late duplicate is counted), then its counts and the log's, and the log emptied. */
  const settled = async () => {
    const settle = Date.now();
    await Promise.race([deps.jobs.idle(), new Promise((r) => setTimeout(r, SETTLE_S * 1000))]);
    const settleS = (Date.now() - settle) / 1000;
    const stats = await receivers.stats();
    const log = await rows(`select status, count(*)::int as n, sum(attempts - 1)::int as retries from webhook_deliveries group by status order by status`);
    // claimed_by is `host:pid:random` of the copy that tried a delivery last.
    const byCopy = await rows(`select split_part(claimed_by, ':', 2)::int as pid, count(*)::int as n from webhook_deliveries group by 1 order by 1`);
    await rows('delete from webhook_deliveries');
    return {
      settleS,
      duplicates: stats.reduce((a, s) => a + s.duplicates, 0),
      missing: stats.reduce((a, s) => a + (EVENTS - s.unique), 0),
      badSignatures: stats.reduce((a, s) => a + s.badSignature, 0),
      perEndpoint: stats,
      log,
      sentBy: { copy1: byCopy.find((c) => c.pid === process.pid)?.n ?? 0, copy2: byCopy.find((c) => c.pid === copy2.pid)?.n ?? 0 },
    };
  };
  const said = (c) =>
    `duplicates ${c.duplicates}, missing ${c.missing}, bad signatures ${c.badSignatures}; ` +
    `log ${c.log.map((l) => `${l.status} ${l.n} (retries ${l.retries})`).join(', ')}; sent by copy 1 ${fmt(c.sentBy.copy1)}, copy 2 ${fmt(c.sentBy.copy2)}`;

  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    // Baseline first, in the same run, on the same receivers.
    await receivers.reset(secrets);
    const loadBefore = loadavg();
    const baselineS = await baseline(receivers.ports, secrets);
    const base = await receivers.stats();
    if (base.some((s) => s.badSignature || s.unique !== EVENTS))
      throw new Error(`baseline: the receivers did not verify every request: ${JSON.stringify(base)}`);

    const target = EVENTS * ENDPOINTS;
    await receivers.reset(secrets, target);
    const t0 = Date.now();
    const done = untilReceived(receivers, target, TIMEOUT_S * 1000);
    let next = 0;
    await Promise.all(
      Array.from({ length: EMITTERS }, async () => {
        while (next < EVENTS) {
          const i = next++;
          await deps.db.transaction((tx) => emitWebhook(deps, tx, division.id, 'contact.created', contact(i)));
          deps.jobs.wakeWorker(WEBHOOK_JOB);
        }
      }),
    );
    const emitS = (Date.now() - t0) / 1000;
    const lastAt = await done;
    const fanOutS = lastAt === null ? null : (lastAt - t0) / 1000;
    const receivedInTime = lastAt === null ? (await receivers.stats()).reduce((a, s) => a + s.received, 0) : target;
    // Whatever is still queued (retries) settles before the counts, so a late duplicate is counted too.
    const fanOut = await settled();

    // The same number of deliveries queued at once (one statement), drained by both copies: what
    // the workers alone sustain, without the emitting's 10,000 transactions.
    await receivers.reset(secrets, target);
    const t1 = Date.now();
    const drained = untilReceived(receivers, target, TIMEOUT_S * 1000);
    await rows(
      `insert into webhook_deliveries (endpoint_id, event_type, message_id, payload)
       select e.id, 'contact.created', 'msg_' || md5(random()::text || e.id || '-' || i), jsonb_build_object('type', 'contact.created',
         'timestamp', now(), 'data', jsonb_build_object('companyId', ${division.id}, 'leadId', i, 'profileId', 1, 'alias', 'bench-profile',
         'leadFormId', null, 'contact', jsonb_build_object('name', 'Visitor ' || i, 'email', 'visitor' || i || '@example.test',
         'mobile', '+27 82 555 0000', 'message', 'Please call me about offer ' || i || '.')))
       from generate_series(1, ${EVENTS}) i cross join webhook_endpoints e where e.company_id = ${division.id}`,
    );
    deps.jobs.wakeWorker(WEBHOOK_JOB);
    const drainedAt = await drained;
    const drainS = drainedAt === null ? null : (drainedAt - t1) / 1000;
    const backlog = await settled();
    const r = {
      run,
      loadavg1m: loadBefore,
      loadavg1mAtEnd: loadavg(),
      emitS,
      fanOutS,
      baselineS,
      ratio: fanOutS === null ? null : fanOutS / baselineS,
      receivedInTime,
      ...fanOut,
      drainS,
      drainRatio: drainS === null ? null : drainS / baselineS,
      backlog,
    };
    runs.push(r);
    console.log(
      `  ${label} run ${run}: load ${r.loadavg1m} → ${r.loadavg1mAtEnd}; emitted ${fmt(EVENTS)} events in ${fmt(emitS, 1)} s; ` +
        `${fanOutS === null ? `NOT all delivered within ${TIMEOUT_S} s (${fmt(receivedInTime)} of ${fmt(target)})` : `all ${fmt(target)} received after ${fmt(fanOutS, 1)} s`}; ` +
        `settled ${fmt(r.settleS, 1)} s later; baseline ${fmt(baselineS, 1)} s; ${said(fanOut)}`,
    );
    console.log(
      `  ${label} run ${run}, backlog: ${drainS === null ? `NOT all ${fmt(target)} delivered within ${TIMEOUT_S} s` : `${fmt(target)} queued at once, all received after ${fmt(drainS, 1)} s`}; ${said(backlog)}`,
    );
  }
  await copy2.stop();
  await app.close();
  await database.close();
  return { label, runs };
}

await main('webhooks', async () => {
  heading(`webhook fan-out: ${fmt(EVENTS)} events × ${ENDPOINTS} endpoints, 2 copies of the server, ${RUNS} runs`);
  const receivers = await startReceivers();
  const results = [];
  const pgDb = await createPgDatabase('bench_webhooks');
  if (pgDb) {
    // Ctrl-C drops it too (a run can take minutes); dropping twice is harmless.
    onCleanup(() => pgDb.drop());
    try {
      results.push(await runOn('PostgreSQL, 2 copies', { url: pgDb.url }, receivers));
    } finally {
      await pgDb.drop();
    }
  } else console.log('  PostgreSQL: none answers at 127.0.0.1:5432, skipped');

  const out = [['figure', 'database', 'min / median / max', 'budget', 'verdict']];
  for (const r of results) {
    const timed = r.runs.map((x) => x.fanOutS);
    const all = timed.every((x) => x !== null);
    const t = all ? spreadOf(timed) : null;
    const ratio = all ? spreadOf(r.runs.map((x) => x.ratio)) : null;
    const emit = spreadOf(r.runs.map((x) => x.emitS));
    const base = spreadOf(r.runs.map((x) => x.baselineS));
    const s3 = (x, d = 1, u = ' s') => `${fmt(x.min, d)} / ${fmt(x.median, d)} / ${fmt(x.max, d)}${u}`;
    out.push([
      `${fmt(EVENTS)} events to ${ENDPOINTS} endpoints: first emit → last received`,
      r.label,
      t ? s3(t) : `not all within ${TIMEOUT_S} s`,
      `≤ ${BUDGET_S} s`,
      verdict(Boolean(t) && t.median <= BUDGET_S),
    ]);
    out.push(['  of which emitting the events', r.label, s3(emit), 'printed', '']);
    out.push([`  baseline: ${fmt(EVENTS * ENDPOINTS)} signed POSTs from a bare client`, r.label, s3(base), 'printed', '']);
    out.push(['  fan-out / baseline', r.label, ratio ? s3(ratio, 1, '×') : '–', 'printed', '']);
    const drained = r.runs.every((x) => x.drainS !== null);
    out.push([
      `  backlog: ${fmt(EVENTS * ENDPOINTS)} deliveries queued at once → last received`,
      r.label,
      drained ? s3(spreadOf(r.runs.map((x) => x.drainS))) : `not all within ${TIMEOUT_S} s`,
      'printed',
      '',
    ]);
    out.push(['  backlog / baseline', r.label, drained ? s3(spreadOf(r.runs.map((x) => x.drainRatio)), 1, '×') : '–', 'printed', '']);
    out.push([
      '  backlog: sent by copy 1 / copy 2 (median)',
      r.label,
      `${fmt(median(r.runs.map((x) => x.backlog.sentBy.copy1)))} / ${fmt(median(r.runs.map((x) => x.backlog.sentBy.copy2)))}`,
      'printed',
      '',
    ]);
    const both = (f) => spreadOf(r.runs.map((x) => f(x) + f(x.backlog)));
    const dup = both((x) => x.duplicates);
    const miss = both((x) => x.missing);
    const bad = both((x) => x.badSignatures);
    out.push(['  delivered twice (by webhook-id, per endpoint; both phases)', r.label, s3(dup, 0, ''), '0', verdict(dup.max === 0)]);
    out.push(['  missing', r.label, s3(miss, 0, ''), '0', verdict(miss.max === 0)]);
    out.push(['  bad signatures', r.label, s3(bad, 0, ''), '0', verdict(bad.max === 0)]);
  }
  console.log(table(out, { align: ['l', 'l', 'r', 'r', 'l'] }));
  for (const r of results) console.log(`  ${r.label}: load average (1 min) per run ${r.runs.map((x) => `${x.loadavg1m}→${x.loadavg1mAtEnd}`).join(', ')}`);
  return { events: EVENTS, endpoints: ENDPOINTS, runs: RUNS, emitters: EMITTERS, budgetS: BUDGET_S, results };
});
