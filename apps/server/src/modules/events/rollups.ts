import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Rebuilds `daily_stats`, `company_daily_stats`, `industry_daily_stats` and `profile_totals` from the raw `events`, for a set
 * of profiles or for everything: after an import, a bug fix in the ingest, or when
 * the rollups are in doubt. One transaction, so reports see the old or the new
 * figures, never a half-built mix. Visitors per key and day are the distinct hashes.
 * (Bot hits are not stored as events, so `daily_filtered` stays as it is.)
 */
export async function rebuildRollups(db: Db, scope: { profileIds?: number[] } = {}): Promise<{ rows: number }> {
  const ids = scope.profileIds;
  const only = ids ? sql`where profile_id = any(${sql.param(ids)}::int[])` : sql``;
  const onlyEvents = ids ? sql`where e.profile_id = any(${sql.param(ids)}::int[])` : sql``;
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`delete from daily_stats ${only}`);
    await tx.execute(sql`
      insert into daily_stats (day, company_id, profile_id, action, type, label, count, visitors)
      select (e.occurred_at at time zone 'UTC')::date, e.company_id, e.profile_id, e.action, e.type, coalesce(e.label, ''),
        count(*)::int, count(distinct e.visitor_hash)::int
      from events e ${onlyEvents}
      group by 1, 2, 3, 4, 5, 6
    `);
    // The company rollup is rebuilt for the companies those profiles belong to, from the fresh profile rollup.
    const companies = ids ? sql`where company_id in (select company_id from profiles where id = any(${sql.param(ids)}::int[]))` : sql``;
    await tx.execute(sql`delete from company_daily_stats ${companies}`);
    await tx.execute(sql`
      insert into company_daily_stats (day, company_id, action, type, label, count, visitors)
      select day, company_id, action, type, label, sum(count)::int, sum(visitors)::int
      from daily_stats ${companies}
      group by 1, 2, 3, 4, 5
    `);
    // The industry rollup sums every division: rebuilt whole from the company rollup.
    await tx.execute(sql`delete from industry_daily_stats`);
    await tx.execute(sql`
      insert into industry_daily_stats (day, action, type, label, count, visitors)
      select day, action, type, label, sum(count)::int, sum(visitors)::int from company_daily_stats group by 1, 2, 3, 4
    `);
    await tx.execute(sql`delete from profile_totals ${only}`);
    await tx.execute(sql`
      insert into profile_totals (profile_id, company_id, views)
      select profile_id, min(company_id), sum(count)::int from daily_stats
      where action = 'view' ${ids ? sql`and profile_id = any(${sql.param(ids)}::int[])` : sql``}
      group by profile_id
    `);
    const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from daily_stats ${only}`));
    return { rows: Number(row?.n ?? 0) };
  });
  // After a whole rebuild the planner's statistics are stale (it would scan instead of using the indexes),
  // and index-only scans need the visibility map that VACUUM sets.
  if (!ids) await db.execute(sql`vacuum analyze daily_stats, company_daily_stats, industry_daily_stats, profile_totals`);
  return result;
}

/**
 * What visitors do on a page, as weights out of 100: mostly views, then the
 * contact buttons, a little of everything else (spec §7 actions × types).
 */
/** The labels are those the public page sends (packages/profile-page/src/client/page.ts). */
const INTERACTION_MIX: [weight: number, action: string, type: string, label: string][] = [
  [48, 'view', 'page', ''],
  [4, 'scroll', 'page', '50%'],
  [8, 'click', 'phone', 'Call me'],
  [6, 'click', 'url', 'Website'],
  [4, 'click', 'url', 'Book a meeting'],
  [5, 'click', 'email', 'Email'],
  [4, 'click', 'whatsapp', 'WhatsApp'],
  [2, 'click', 'sms', 'SMS'],
  [3, 'click', 'socialmedia', 'LinkedIn'],
  [2, 'click', 'socialmedia', 'Instagram'],
  [1, 'click', 'socialmedia', 'Facebook'],
  [2, 'click', 'url', 'Directions'],
  [2, 'open', 'dropdown', 'About me'],
  [1, 'open', 'dropdown', 'Our services'],
  [1, 'open', 'modal', 'Opening hours'],
  [1, 'view-media', 'video', 'Company intro'],
  [1, 'view-media', 'image', 'Gallery'],
  [1, 'click', 'copy-link', 'Copy link'],
  [1, 'share', 'page', 'Share'],
  [1, 'click', 'save-to-contacts', 'Add to contacts'],
  [1, 'click', 'pwa-install', 'Add to home screen'],
  [1, 'submit', 'lead-form', 'Contact us'],
];

/**
 * Generates `count` realistic events over the last `days` days for the given
 * profiles, inside the database (generate_series), in chunks: a few profiles get
 * most of the traffic (a power law), traffic grows towards today, weekends are
 * quieter, and about one visitor in three comes back. Exactly `count` events.
 */
export async function generateEvents(
  db: Db,
  o: { profileIds: number[]; count: number; days: number; seed?: number; chunk?: number; onProgress?: (done: number) => void },
): Promise<void> {
  if (o.profileIds.length === 0 || o.count <= 0) return;
  const mix = INTERACTION_MIX.flatMap(([w, ...key]) => Array.from({ length: w }, () => key));
  const chunk = o.chunk ?? 500_000;
  await db.execute(sql`select setseed(${(o.seed ?? 0.42) % 1})`);
  for (let done = 0; done < o.count; done += chunk) {
    const n = Math.min(chunk, o.count - done);
    await db.execute(sql`
      with picks as (
        select
          (${sql.param(o.profileIds)}::int[])[1 + floor(${o.profileIds.length} * power(random(), 3))::int] as profile_id,
          1 + floor(random() * ${mix.length})::int as k,
          now() - (${o.days} * power(random(), 1.4)) * interval '1 day' as at,
          floor(random() * greatest(${o.count} / 3, 1))::int as visitor
        from generate_series(1, ${n})
      ),
      shaped as (
        -- A third of the weekend traffic moves to the working days before it: quieter weekends, same total.
        select profile_id, k, visitor,
          case when extract(isodow from at) >= 6 and random() < 0.33 then at - interval '2 days' else at end as at
        from picks
      )
      insert into events (occurred_at, company_id, profile_id, action, type, label, visitor_hash)
      select s.at, p.company_id, s.profile_id,
        (${sql.param(mix.map((m) => m[0]))}::text[])[s.k], (${sql.param(mix.map((m) => m[1]))}::text[])[s.k],
        nullif((${sql.param(mix.map((m) => m[2]))}::text[])[s.k], ''), 'v' || s.visitor
      from shaped s join profiles p on p.id = s.profile_id
    `);
    o.onProgress?.(done + n);
  }
}

/** Where demo and benchmark views come from: value and weight out of 100 per dimension. */
const VIEW_SOURCE_MIX: Record<string, [value: string, weight: number][]> = {
  source: [
    ['qr', 34],
    ['direct', 20],
    ['link', 16],
    ['nfc', 12],
    ['signature', 10],
    ['wallet', 8],
  ],
  referrer: [
    ['', 64],
    ['linkedin.com', 14],
    ['google.com', 9],
    ['outlook.office.com', 6],
    ['facebook.com', 4],
    ['instagram.com', 3],
  ],
  campaign: [
    ['', 80],
    ['spring-fair', 9],
    ['newsletter-06', 7],
    ['trade-show', 4],
  ],
  device: [
    ['mobile', 71],
    ['desktop', 24],
    ['tablet', 5],
  ],
  os: [
    ['iOS', 41],
    ['Android', 31],
    ['Windows', 16],
    ['macOS', 10],
    ['Linux', 2],
  ],
  browser: [
    ['Safari', 38],
    ['Chrome', 44],
    ['Edge', 8],
    ['Firefox', 5],
    ['Samsung Internet', 5],
  ],
  country: [
    ['NL', 38],
    ['DE', 17],
    ['BE', 12],
    ['GB', 11],
    ['US', 9],
    ['FR', 7],
    ['ES', 6],
  ],
};

/**
 * Demo and benchmark view sources: the views already in `daily_stats` of these profiles (all
 * when none are named), each profile's day given one value per dimension, drawn by
 * `VIEW_SOURCE_MIX`. Real views get theirs from the ingest; `events` does not keep them
 * (decision 032), so `rebuildRollups` cannot.
 */
export async function generateViewSources(db: Db, scope: { profileIds?: number[] } = {}): Promise<void> {
  const picks = Object.entries(VIEW_SOURCE_MIX).flatMap(([dimension, values]) =>
    values.flatMap(([value, weight]) => Array.from({ length: weight }, () => [dimension, value] as const)),
  );
  const only = scope.profileIds ? sql`and s.profile_id = any(${sql.param(scope.profileIds)}::int[])` : sql``;
  await db.execute(sql`
    insert into daily_view_sources (day, company_id, profile_id, dimension, value, count)
    select s.day, s.company_id, s.profile_id, m.dimension, m.value, sum(s.count)::int
    from daily_stats s
    -- s.profile_id inside makes the draw one per row, not one for the whole statement.
    cross join lateral (select d.dimension, 1 + floor(random() * 100)::int + 0 * s.profile_id as k from unnest(${sql.param(Object.keys(VIEW_SOURCE_MIX))}::text[]) d(dimension)) r
    join (
      select dimension, value, row_number() over (partition by dimension order by ord)::int as k
      from unnest(${sql.param(picks.map((p) => p[0]))}::text[], ${sql.param(picks.map((p) => p[1]))}::text[]) with ordinality as t(dimension, value, ord)
    ) m on m.dimension = r.dimension and m.k = r.k
    where s.action = 'view' ${only}
    group by 1, 2, 3, 4, 5
    on conflict (profile_id, day, dimension, value) do update set count = daily_view_sources.count + excluded.count
  `);
  const companies = scope.profileIds ? sql`where company_id in (select company_id from profiles where id = any(${sql.param(scope.profileIds)}::int[]))` : sql``;
  await db.execute(sql`delete from company_view_sources ${companies}`);
  await db.execute(sql`
    insert into company_view_sources (day, company_id, dimension, value, count)
    select day, company_id, dimension, value, sum(count)::int from daily_view_sources ${companies} group by 1, 2, 3, 4
  `);
}

/**
 * Twelve months of demo traffic for every published profile of the seeded
 * companies, so the statistics page is alive on first start. Only when those
 * profiles have no events yet (the seed runs on every start).
 */
export async function seedDemoEvents(db: Db, companyIds: number[]): Promise<void> {
  const published = rowsOf<{ id: number; has: boolean }>(
    await db.execute(sql`
      select p.id, exists (select 1 from events e where e.profile_id = p.id) as has
      from profiles p where p.company_id = any(${sql.param(companyIds)}::int[]) and p.published_at is not null and not p.is_master
    `),
  );
  const fresh = published.filter((p) => !p.has).map((p) => p.id);
  if (fresh.length === 0) return;
  await generateEvents(db, { profileIds: fresh, count: 6000 * fresh.length, days: 365 });
  // Every generated lead-form submit gets its submission, so the count and the download agree.
  await db.execute(sql`
    insert into lead_submissions (profile_id, company_id, data, created_at)
    select e.profile_id, e.company_id,
      jsonb_build_object('name', 'Demo visitor ' || e.id, 'email', 'visitor' || e.id || '@example.com', 'message', 'Please call me back about your services.'),
      e.occurred_at
    from events e
    where e.profile_id = any(${sql.param(fresh)}::int[]) and e.action = 'submit' and e.type = 'lead-form'
  `);
  await rebuildRollups(db, { profileIds: fresh });
  await generateViewSources(db, { profileIds: fresh });
}

/** Drizzle's `execute` result differs per driver; both carry `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
