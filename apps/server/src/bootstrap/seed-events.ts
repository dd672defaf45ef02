import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { ensureEventPartitions } from '../modules/events/partitions.ts';
import { generateEvents, generateViewSources, rebuildRollups, rowsOf } from '../modules/events/rollups.ts';

/**
 * `npm run seed:events -- --events 10000000`: the benchmark data set. Creates (once)
 * `--divisions` companies of `--profiles` published profiles in all (subdomains
 * bench-01 …), adds `--events` generated events over `--days` days to them, then
 * rebuilds the rollups from `events`. Uses DATA_DIR / DATABASE_URL like the server.
 */
const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000000' },
    profiles: { type: 'string', default: '1000' },
    divisions: { type: 'string', default: '10' },
    days: { type: 'string', default: '365' },
  },
});
const count = Number(values.events);
const profileCount = Number(values.profiles);
const divisions = Number(values.divisions);
const days = Number(values.days);
for (const [name, n] of Object.entries({ events: count, profiles: profileCount, divisions, days })) {
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a whole number of at least 1`);
    process.exit(2);
  }
}

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, maintenance: true });
await database.migrate();
await ensureEventPartitions(database.db);
const { db } = database;
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

// Divisions and profiles: idempotent by subdomain and alias.
await db.execute(sql`
  insert into companies (name, title, description, subdomain, published_at)
  select 'bench-' || lpad(d::text, 2, '0'), 'Bench ' || d, 'Benchmark division ' || d, 'bench-' || lpad(d::text, 2, '0'), now()
  from generate_series(1, ${divisions}) d
  on conflict (subdomain) do nothing
`);
await db.execute(sql`
  insert into profiles (company_id, alias, published_at, content, template_name)
  select c.id, 'bench-' || i, now(), jsonb_build_object('firstName', 'Bench', 'lastName', 'Person ' || i), null
  from generate_series(1, ${profileCount}) i
  join companies c on c.subdomain = 'bench-' || lpad((1 + (i - 1) % ${divisions})::text, 2, '0')
  on conflict (alias) do nothing
`);
const ids = rowsOf<{ id: number }>(await db.execute(sql`select id from profiles where alias like 'bench-%' order by id`)).map((r) => r.id);
console.log(`${ids.length} benchmark profiles in ${divisions} divisions (${seconds()} s)`);

await generateEvents(db, {
  profileIds: ids,
  count,
  days,
  onProgress: (done) => console.log(`  ${done.toLocaleString('en')} events (${seconds()} s)`),
});
await db.execute(sql`analyze events`);
const { rows } = await rebuildRollups(db);
await db.execute(sql`delete from daily_view_sources where profile_id = any(${sql.param(ids)}::int[])`);
await generateViewSources(db, { profileIds: ids });
await db.execute(sql`vacuum analyze daily_view_sources, company_view_sources`);
const [total] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from events`));
console.log(`events: ${Number(total?.n).toLocaleString('en')}; daily_stats rows: ${rows.toLocaleString('en')}; done in ${seconds()} s`);
await database.close();
