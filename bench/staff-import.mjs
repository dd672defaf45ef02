// Figure of the second-customer issue (#26): import of 10,000 staff rows, end to end on
// PostgreSQL (budget ≤ 30 s), with the server process's peak RSS printed. The file is a
// CSV of 10,000 new people in one division; it is previewed (POST /api/users/import/preview)
// and imported (POST /api/users/import, no invitation mails), then imported again (every
// row an update). The server runs in this process on a fresh database; every call is a real
// HTTP request through node:http. PGlite is used when no PostgreSQL answers (noted).
import http from 'node:http';
import path from 'node:path';
import { createPgDatabase, fmt, HOST, heading, main, ROOT, table, tempDir, verdict } from './lib/common.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const BUDGET_MS = 30_000;

function post(port, urlPath, headers, body) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const data = Buffer.from(JSON.stringify(body));
    const req = http.request(
      {
        host: HOST,
        port,
        path: urlPath,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': data.length },
        agent: false,
        timeout: 600_000,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function runOn(label, dbOptions) {
  const { openDatabase } = await import(path.join(ROOT, 'apps/server/src/db/client.ts'));
  const { buildApp } = await import(path.join(ROOT, 'apps/server/src/app.ts'));
  const { loadConfig } = await import(path.join(ROOT, 'apps/server/src/config.ts'));
  const { sql } = await import('drizzle-orm');
  const dataDir = tempDir('staff-import');
  const database = await openDatabase(dbOptions.url ? { url: dbOptions.url } : { dataDir });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256!!',
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'false',
    SEED: 'false',
  });
  const app = await buildApp({ config, database });
  const rows = (r) => r.rows ?? r;
  const exec = (q) => database.db.execute(sql.raw(q));
  const [company] = rows(
    await exec(
      `insert into companies (name, title, subdomain, feature_flags, published_at) values ('bench', 'Bench Co', 'bench-${process.pid}', '{"invite_users":true}', now()) returning id`,
    ),
  );
  await exec(`insert into profiles (company_id, is_master, template_name) values (${company.id}, true, 'Bench template')`);
  const [sup] = rows(
    await exec(
      `insert into users (email, username, role, registered, confirmed) values ('sup-${process.pid}@bench.test', 'sup', 'supervisor', true, true) returning id`,
    ),
  );
  await exec(`insert into company_members (user_id, company_id, role) values (${sup.id}, ${company.id}, 'supervisor')`);
  await app.listen({ port: 0, host: HOST });
  const port = app.server.address().port;
  const headers = { authorization: `Bearer ${await app.deps.sessions.create(sup.id, 'bench')}` };

  const lines = ['Full name,Email,Alias,Division,Job title,Phone'];
  for (let i = 1; i <= ROWS; i++)
    lines.push(`Person ${i} Staff,person${i}@bench.test,person-${i},Bench Co,Job ${i % 97},+27 21 555 ${String(i).padStart(4, '0')}`);
  const csv = Buffer.from(lines.join('\r\n'));
  const body = { fileName: 'staff.csv', file: csv.toString('base64'), notify: false };

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const preview = await post(port, '/api/users/import/preview', headers, body);
  if (preview.status !== 200) throw new Error(`preview answered ${preview.status}: ${preview.body.slice(0, 200)}`);
  const p = JSON.parse(preview.body);
  if (p.valid !== ROWS) throw new Error(`preview: ${p.valid} valid of ${ROWS}; first errors ${JSON.stringify(p.rows.find((r) => r.errors.length))}`);
  const first = await post(port, '/api/users/import', headers, body);
  if (first.status !== 200) throw new Error(`import answered ${first.status}: ${first.body.slice(0, 200)}`);
  const r1 = JSON.parse(first.body);
  if (r1.created !== ROWS) throw new Error(`import created ${r1.created} of ${ROWS} (failed ${r1.failed})`);
  const again = await post(port, '/api/users/import', headers, body);
  const r2 = JSON.parse(again.body);
  if (r2.updated !== ROWS) throw new Error(`re-import updated ${r2.updated} of ${ROWS}`);
  clearInterval(sampler);
  const [{ n }] = rows(await exec(`select count(*)::int as n from users where email like 'person%@bench.test'`));
  await app.close();
  await database.close();
  return {
    label,
    fileMB: csv.length / 1e6,
    previewMs: preview.ms,
    importMs: first.ms,
    endToEndMs: preview.ms + first.ms,
    reimportMs: again.ms,
    users: n,
    rssBeforeMiB: rssBefore / 2 ** 20,
    peakRssMiB: peak / 2 ** 20,
  };
}

await main('staff-import', async () => {
  heading(`staff import: ${ROWS.toLocaleString('en-US')} new people in one division (CSV, no mails)`);
  const pgDb = await createPgDatabase('bench_import');
  let run;
  if (pgDb) {
    try {
      run = await runOn('PostgreSQL', { url: pgDb.url });
    } finally {
      await pgDb.drop();
    }
  } else {
    console.log('  PostgreSQL: none answers at 127.0.0.1:5432; measured on PGlite instead');
    run = await runOn('PGlite', {});
  }
  const ok = run.endToEndMs <= BUDGET_MS;
  console.log(
    table([
      ['figure', 'database', 'value', 'budget', 'verdict'],
      [`file (${fmt(run.fileMB, 2)} MB): preview`, run.label, `${fmt(run.previewMs)} ms`, 'printed', ''],
      ['import (created every row)', run.label, `${fmt(run.importMs)} ms`, 'printed', ''],
      ['end to end (preview + import)', run.label, `${fmt(run.endToEndMs)} ms`, `≤ ${BUDGET_MS} ms`, run.label === 'PostgreSQL' ? verdict(ok) : ''],
      ['same file again (updated every row)', run.label, `${fmt(run.reimportMs)} ms`, 'printed', ''],
      ['server process peak RSS', run.label, `${fmt(run.peakRssMiB)} MiB (${fmt(run.rssBeforeMiB)} before)`, 'printed', ''],
      ['people afterwards', run.label, String(run.users), `${ROWS}`, verdict(run.users === ROWS)],
    ]),
  );
  return run;
});
