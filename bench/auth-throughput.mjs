// Figure: "Sign-in throughput is bounded by argon2 on purpose: print logins/s on 2 cores
// with the argon2 parameters chosen, and the GET /api/jwts/verify req/s beside raw
// Node http in the same run."
//
// One server (RATE_LIMITS=false, so the abuse limits do not turn this into a 429
// benchmark) on a prepared DATA_DIR; autocannon on POST /api/auth/local as jane, then on
// GET /api/jwts/verify with her bearer token, then on a bare node:http server in a child
// process answering the same JSON. autocannon runs on the same 2 cores as the servers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  cannon,
  fmt,
  freePort,
  HOST,
  heading,
  httpPostJson,
  JANE,
  machine,
  main,
  prepareDataDir,
  ROOT,
  SEED_PASSWORD,
  startRawHttpServer,
  startServer,
  stopProcess,
  table,
} from './lib/common.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const LOGIN_CONNECTIONS = 4;
const READ_CONNECTIONS = 10;

/** The argon2id cost the server runs with: env override, else the default in config.ts. */
function argon2Params() {
  const src = readFileSync(path.join(ROOT, 'apps/server/src/config.ts'), 'utf8');
  const def = (name, fallback) => Number(new RegExp(`${name}:[^\\n]*?\\.default\\((\\d+)\\)`).exec(src)?.[1] ?? fallback);
  const pick = (name, fallback) => ({ value: Number(process.env[name] || def(name, fallback)), from: process.env[name] ? 'env' : 'config.ts default' });
  const passwords = readFileSync(path.join(ROOT, 'apps/server/src/modules/auth/passwords.ts'), 'utf8');
  const parallelism = Number(/parallelism:\s*(\d+)/.exec(passwords)?.[1] ?? 1);
  return { algorithm: 'argon2id', memoryKib: pick('ARGON2_MEMORY_KIB', 19456), passes: pick('ARGON2_PASSES', 2), parallelism };
}

function line(label, r) {
  const bad =
    r.non2xx || r.errors || r.timeouts ? `  (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}; codes ${JSON.stringify(r.statusCodes)})` : '';
  return `  ${label}: ${fmt(r.rps, r.rps < 100 ? 1 : 0)} req/s  p50 ${fmt(r.latencyMs.p50)} ms  p99 ${fmt(r.latencyMs.p99)} ms  (${fmt(r.ok)} × 2xx in ${fmt(r.durationS, 1)} s, ${r.connections} connections)${bad}`;
}

await main('auth-throughput', async () => {
  heading('Auth throughput: argon2-bound sign-in, token verify vs raw node:http');
  const notes = [];
  const argon2 = argon2Params();
  const { cores } = machine();
  console.log(
    `argon2id: memory ${fmt(argon2.memoryKib.value)} KiB (${argon2.memoryKib.from}), passes ${argon2.passes.value} (${argon2.passes.from}), parallelism ${argon2.parallelism}. ` +
      `${cores} cores shared by the server and autocannon.`,
  );
  console.log('RATE_LIMITS=false for this run: the per-IP/per-email abuse limits would otherwise answer 429 after a few logins.');

  const prep = await prepareDataDir('auth');
  const server = await startServer({ dataDir: prep.dataDir, env: { RATE_LIMITS: 'false' } });
  const base = `http://${HOST}:${server.port}`;
  console.log(`Server up on ${base} (prepare ${fmt(prep.ms)} ms, start ${fmt(server.startMs)} ms).\n`);

  const credentials = JSON.stringify({ identifier: JANE, password: SEED_PASSWORD });
  const first = await httpPostJson(server.port, '/api/auth/local', { identifier: JANE, password: SEED_PASSWORD });
  if (first.status !== 200) throw new Error(`sign-in as ${JANE} answered ${first.status}: ${first.body.slice(0, 300)}`);
  const { jwt } = JSON.parse(first.body);
  if (!jwt) throw new Error('sign-in answered 200 without a jwt');

  // 1. Sign-in: every request is one argon2id verify + a session insert.
  const loginOpts = { url: `${base}/api/auth/local`, method: 'POST', headers: { 'content-type': 'application/json' }, body: credentials };
  await cannon({ ...loginOpts, connections: LOGIN_CONNECTIONS, amount: 8 }); // warm-up
  const login = await cannon({ ...loginOpts, connections: LOGIN_CONNECTIONS, duration: DURATION_S });
  console.log(line('POST /api/auth/local', login));
  if (login.ok === 0) throw new Error('no successful sign-in during the run');

  // 2. Token check: JWT signature + session, user and membership lookups in the database.
  const verifyOpts = { url: `${base}/api/jwts/verify`, headers: { authorization: `Bearer ${jwt}` }, connections: READ_CONNECTIONS };
  await cannon({ ...verifyOpts, amount: 500 }); // warm-up (JIT)
  const verify = await cannon({ ...verifyOpts, duration: DURATION_S });
  console.log(line('GET /api/jwts/verify', verify));
  if (verify.ok === 0) throw new Error('no successful verify during the run');
  // SIGTERM straight after the load, while the server may still drain requests: a clean stop is exit 0.
  const stopped = await server.stop();
  const shutdownAfterLoad = { exitCode: stopped.code, signal: stopped.signal, ms: stopped.ms, killedAfterTimeout: stopped.killed };
  console.log(`  server SIGTERM right after the load: exit ${stopped.code ?? stopped.signal} in ${fmt(stopped.ms)} ms`);
  if (stopped.code !== 0) notes.push(`The server did not stop cleanly after the load (exit ${stopped.code ?? stopped.signal}).`);

  // 3. Baseline: bare node:http on the same machine, same load, same headers.
  const rawPort = await freePort();
  const raw = await startRawHttpServer('raw-http-server.mjs', rawPort);
  const rawOpts = { ...verifyOpts, url: `http://${HOST}:${rawPort}/api/jwts/verify` };
  await cannon({ ...rawOpts, amount: 500 });
  const rawRes = await cannon({ ...rawOpts, duration: DURATION_S });
  console.log(line('raw node:http       ', rawRes));
  await stopProcess(raw);

  const ratio = verify.rps / rawRes.rps;
  const coreMsPerLogin = (cores * 1000) / login.rps;
  console.log('\nResult:');
  console.log(
    table(
      [
        ['figure', 'value', 'latency p50 / p99'],
        [
          `logins/s on ${cores} cores (argon2id m=${argon2.memoryKib.value} KiB, t=${argon2.passes.value}, p=${argon2.parallelism})`,
          fmt(login.rps, 1),
          `${fmt(login.latencyMs.p50)} / ${fmt(login.latencyMs.p99)} ms`,
        ],
        ['  ≈ core-time per login (cores / logins/s; includes autocannon)', `${fmt(coreMsPerLogin)} ms`, ''],
        ['GET /api/jwts/verify req/s', fmt(verify.rps), `${fmt(verify.latencyMs.p50)} / ${fmt(verify.latencyMs.p99)} ms`],
        ['raw node:http req/s (same run)', fmt(rawRes.rps), `${fmt(rawRes.latencyMs.p50)} / ${fmt(rawRes.latencyMs.p99)} ms`],
        ['verify / raw', `${fmt(ratio * 100, 1)} %`, ''],
      ],
      { align: ['l', 'r', 'r'] },
    ),
  );
  console.log('Budgets: none for these figures; they are printed so a change in argon2 cost or in the auth path shows up.');
  for (const n of notes) console.log(`Note: ${n}`);

  return {
    rateLimits: false,
    argon2: { algorithm: argon2.algorithm, memoryKib: argon2.memoryKib.value, passes: argon2.passes.value, parallelism: argon2.parallelism },
    durationS: DURATION_S,
    loginsPerS: login.rps,
    verifyRps: verify.rps,
    rawRps: rawRes.rps,
    verifyToRaw: ratio,
    shutdownAfterLoad,
    notes,
    runs: { login, verify, raw: rawRes },
  };
});
