import {
  applyChildEdit,
  type EditorContent,
  effectiveContent,
  PermissionEntriesSchema,
  ProfileContentOverridesSchema,
  ProfileContentSchema,
} from '@profilehub/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Actor } from '../http/policy.ts';
import { requestApproval } from '../modules/approvals/approvals.service.ts';
import { ensureEventPartitions } from '../modules/events/partitions.ts';
import { generateEvents, rebuildRollups, rowsOf } from '../modules/events/rollups.ts';
import { NO_MAIL } from '../modules/jobs/jobs.ts';
import { loadProfileContext } from '../modules/profiles/profiles.queries.ts';
import { publishProfile, type SiteConfig } from '../modules/publishing/publishing.service.ts';
import { ensureDefaultThemes } from './seed.ts';
import { ACME_CHILD_PERMISSIONS, acmeTemplate } from './seed-profiles.ts';

/**
 * The enterprise data set (issue #27, `npm run seed:enterprise`): `divisions` divisions of
 * `staffPerDivision` staff each (1,000 × 100 by default), every one with an account, a
 * membership and a profile under one of their division's templates; the first of each
 * division supervises it. Bulk steps are single `insert … select generate_series` statements
 * in batches; pages are published through the publishing service (the real renderer), and
 * pending approvals through the approvals service. A year of events goes through
 * `generateEvents` and the rollups, as `seed:events` does.
 */
type EnterpriseOptions = {
  divisions: number;
  staffPerDivision: number;
  templatesPerDivision: number;
  /** Share of staff profiles published (0..1). */
  publishedShare: number;
  /** At most this many published pages are rendered; the rest of the planned ones stay unpublished (null: all). */
  renderLimit: number | null;
  /** Pending approval requests per division. */
  approvalsPerDivision: number;
  events: number;
  days: number;
  /** Hash every staff account gets (null: accounts without a password). */
  passwordHash: string | null;
  site: SiteConfig;
  /** How many publishes run at once (PostgreSQL pool; PGlite serialises them anyway). */
  concurrency: number;
  log: (line: string) => void;
};

const ENTERPRISE_MARKER = 'enterprise-seed';
export const ENTERPRISE_ADMIN = 'admin@enterprise.example';
/** `ent-0001` … : the divisions' subdomains. */
export const divisionSubdomain = (n: number) => `ent-${String(n).padStart(4, '0')}`;

const FIRST = [
  'Aisha',
  'Ben',
  'Carla',
  'Daniel',
  'Elif',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kagiso',
  'Lerato',
  'Mateo',
  'Naledi',
  'Olga',
  'Pieter',
  'Quinn',
  'Rosa',
  'Sipho',
  'Thandi',
  'Umar',
  'Vera',
  'Wei',
  'Ximena',
  'Yusuf',
  'Zanele',
  'Anna',
  'Bongani',
  'Chloe',
  'Dmitri',
  'Emma',
  'Felix',
  'Gugu',
  'Hannah',
  'Ivan',
  'Julia',
  'Kenji',
  'Lina',
  'Mandla',
  'Nora',
  'Oscar',
  'Priya',
  'Rahul',
  'Sofia',
  'Tom',
  'Ursula',
  'Victor',
  'Willem',
  'Yara',
  'Zoe',
];
const LAST = [
  'Abrahams',
  'Botha',
  'Chen',
  'Dlamini',
  'Erasmus',
  'Fischer',
  'Garcia',
  'Hendricks',
  'Ivanova',
  'Jacobs',
  'Khumalo',
  'Lopez',
  'Mokoena',
  'Naidoo',
  'Okafor',
  'Pillay',
  'Quispe',
  'Rossi',
  'Smit',
  'Tshabalala',
  'Umeh',
  'van der Merwe',
  'Williams',
  'Xaba',
  'Yilmaz',
  'Zulu',
  'Adams',
  'Berg',
  'Coetzee',
  'Dube',
  'Esterhuizen',
  'Ferreira',
  'Govender',
  'Huang',
  'Isaacs',
  'Joubert',
  'Kruger',
  'Le Roux',
  'Mahlangu',
  'Nel',
  'Olivier',
  'Petersen',
  'Reddy',
  'Steyn',
  'Taylor',
  'Venter',
  'Wang',
  'Nkosi',
  'Moodley',
  'Visser',
];
const JOBS = [
  'Account Manager',
  'Sales Consultant',
  'Financial Adviser',
  'Branch Manager',
  'Claims Specialist',
  'Underwriter',
  'Broker',
  'Relationship Manager',
  'Customer Success Lead',
  'Regional Director',
  'Business Analyst',
  'Team Lead',
];
const PLACES = ['Cape Town', 'Johannesburg', 'Durban', 'Pretoria', 'Gqeberha', 'Bloemfontein', 'Windhoek', 'Gaborone', 'Nairobi', 'Lagos'];
const LINES = ['Insurance', 'Wealth', 'Logistics', 'Health', 'Property', 'Retail', 'Energy', 'Advisory'];
const TEMPLATE_NAMES = ['Standard', 'Sales', 'Leadership', 'Service', 'Partners'];

/** A staff member's own content over the template: the lists point at the template's items, as the editor leaves them. */
function childBase(templateDoc: Record<string, unknown>): Record<string, unknown> {
  const permissions = PermissionEntriesSchema.parse(ACME_CHILD_PERMISSIONS);
  const edit = (view: EditorContent): EditorContent => ({ ...view, firstName: 'X', lastName: 'X', fullName: 'X X' });
  const edited = ProfileContentOverridesSchema.parse(edit(effectiveContent(templateDoc, {}, permissions)));
  const own = ProfileContentOverridesSchema.parse(applyChildEdit(templateDoc, {}, edited, permissions)) as Record<string, unknown>;
  const { firstName: _f, lastName: _l, fullName: _n, ...lists } = own;
  return lists;
}

/** A whole number written into the statement (never a parameter: generate_series and arithmetic need its type). */
const int = (n: number) => sql.raw(String(Math.trunc(n)));
const textArray = (xs: readonly string[]) => sql`${sql.param([...xs])}::text[]`;

/** Runs `work` over `items`, `n` at a time. */
async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, n) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Rows in the tables the data set fills (the production guard and the summary). */
export async function countRows(db: Db): Promise<Record<string, number>> {
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`select
      (select count(*)::int from users) as users,
      (select count(*)::int from companies) as divisions,
      (select count(*)::int from profiles where is_master) as templates,
      (select count(*)::int from profiles where not is_master) as profiles,
      (select count(*)::int from profiles where published_html is not null) as pages,
      (select count(*)::int from approvals where approved is null) as "pendingApprovals",
      (select count(*)::int from events) as events`),
  );
  return row!;
}

export async function alreadySeeded(db: Db): Promise<boolean> {
  const rows = rowsOf<{ key: string }>(await db.execute(sql`select key from app_state where key = ${ENTERPRISE_MARKER}`));
  return rows.length > 0;
}

/** Writes the data set; returns the seconds each step took. Call on a migrated database without it. */
export async function seedEnterprise(db: Db, o: EnterpriseOptions): Promise<Record<string, number>> {
  const steps: Record<string, number> = {};
  const step = async (name: string, work: () => Promise<string | undefined>) => {
    const t0 = performance.now();
    const note = await work();
    const s = (performance.now() - t0) / 1000;
    steps[name] = s;
    o.log(`  ${name.padEnd(22)} ${s.toFixed(1).padStart(7)} s${note ? `  ${note}` : ''}`);
  };
  const D = o.divisions;
  const per = o.staffPerDivision;
  const staff = D * per;
  const T = o.templatesPerDivision;
  const sub = (d: SQL) => sql`'ent-' || lpad((${d})::text, 4, '0')`;

  let themeId = 0;
  let templateDoc: Record<string, unknown> = {};
  await step('themes', async () => {
    themeId = (await ensureDefaultThemes(db))[0]!;
    const { variableChangeRecords: _none, ...doc } = ProfileContentSchema.parse(acmeTemplate(themeId)) as Record<string, unknown>;
    templateDoc = doc;
    return undefined;
  });

  await step('divisions', async () => {
    const flags = JSON.stringify({ templates: true, approvals: true, permissions: true, invite_users: true, rte: true });
    await db.execute(sql`
      insert into companies (name, title, description, subdomain, feature_flags, payment_structure, published_at, created_at)
      select ${sub(sql`d`)},
        (${textArray(LINES)})[1 + d % ${int(LINES.length)}] || ' ' || (${textArray(PLACES)})[1 + (d / ${int(LINES.length)}) % ${int(PLACES.length)}] || ' ' || d,
        'Enterprise division ' || d, ${sub(sql`d`)}, ${flags}::jsonb, 'corporate', now(), now() - (d % 700) * interval '1 day'
      from generate_series(1, ${int(D)}) d`);
    await db.execute(sql`
      insert into users (email, username, first_name, last_name, title, role, password_hash, registered, confirmed)
      values (${ENTERPRISE_ADMIN}, 'enterprise-admin', 'Erin', 'Enterprise', 'Erin', 'superadmin', ${o.passwordHash}, true, true)
      on conflict (email) do nothing`);
    return `${D.toLocaleString('en')} divisions`;
  });

  let masterIds: number[] = [];
  await step('templates', async () => {
    await db.execute(sql`
      insert into profiles (company_id, is_master, template_name, content, styling_id)
      select c.id, true, c.title || ' ' || (${textArray(TEMPLATE_NAMES)})[t], ${JSON.stringify(templateDoc)}::jsonb, ${themeId}
      from companies c, generate_series(1, ${int(T)}) t
      where c.subdomain like 'ent-%'
      order by c.subdomain, t`);
    masterIds = rowsOf<{ id: number }>(
      await db.execute(sql`
        select p.id from profiles p join companies c on c.id = p.company_id
        where p.is_master and c.subdomain like 'ent-%' order by c.subdomain, p.id`),
    ).map((r) => r.id);
    await db.execute(sql`
      insert into permission_records (profile_id, kind, title, permissions)
      select id, 'child', template_name || ' - Permissions', ${JSON.stringify(PermissionEntriesSchema.parse(ACME_CHILD_PERMISSIONS))}::jsonb
      from profiles where id = any(${sql.param(masterIds)}::int[])
      on conflict do nothing`);
    return `${masterIds.length.toLocaleString('en')} templates with child permissions`;
  });

  // Staff i (1 … staff) is in division 1 + (i-1)/per; the first of each division supervises it.
  const first = sql`(${textArray(FIRST)})[1 + (hashint4(i) & 2147483647) % ${int(FIRST.length)}]`;
  const last = sql`(${textArray(LAST)})[1 + (hashint4(i + 7919) & 2147483647) % ${int(LAST.length)}]`;
  const division = sql`(1 + (i - 1) / ${int(per)})`;
  const email = sql`lower(replace(${first} || '.' || ${last}, ' ', '')) || '.' || i || '@' || ${sub(division)} || '.example'`;
  const batch = 20_000;
  await step('staff accounts', async () => {
    for (let from = 1; from <= staff; from += batch) {
      const to = Math.min(staff, from + batch - 1);
      await db.execute(sql`
        insert into users (email, username, first_name, last_name, title, role, password_hash, registered, confirmed, created_at)
        select ${email}, 'staff' || i, ${first}, ${last}, ${first},
          case when (i - 1) % ${int(per)} = 0 then 'supervisor' else 'user' end, ${o.passwordHash}, true, true,
          now() - ((hashint4(i + 3) & 2147483647) % 700) * interval '1 day'
        from generate_series(${int(from)}, ${int(to)}) i`);
      await db.execute(sql`
        insert into company_members (user_id, company_id, role)
        select u.id, c.id, case when (i - 1) % ${int(per)} = 0 then 'supervisor' else 'member' end
        from generate_series(${int(from)}, ${int(to)}) i
        join users u on u.email = ${email}
        join companies c on c.subdomain = ${sub(division)}`);
    }
    return `${staff.toLocaleString('en')} accounts and memberships`;
  });

  const base = childBase(templateDoc);
  await step('staff profiles', async () => {
    for (let from = 1; from <= staff; from += batch) {
      const to = Math.min(staff, from + batch - 1);
      await db.execute(sql`
        insert into profiles (user_id, company_id, alias, master_profile_id, content, styling_id, created_at, updated_at)
        select u.id, c.id,
          lower(replace(${first} || '-' || ${last}, ' ', '-')) || '-' || i,
          (${sql.param(masterIds)}::int[])[(${division} - 1) * ${int(T)} + 1 + (hashint4(i + 11) & 2147483647) % ${int(T)}],
          ${JSON.stringify(base)}::jsonb || jsonb_build_object(
            'firstName', ${first}, 'lastName', ${last}, 'fullName', ${first} || ' ' || ${last},
            'jobTitle', (${textArray(JOBS)})[1 + (hashint4(i + 5) & 2147483647) % ${int(JOBS.length)}],
            'emailAddress', u.email,
            'mainContactNumber', '+27 82 ' || lpad(((hashint4(i + 13) & 2147483647) % 10000000)::text, 7, '0')),
          ${themeId},
          u.created_at,
          now() - ((hashint4(i + 17) & 2147483647) % 525600) * interval '1 minute'
        from generate_series(${int(from)}, ${int(to)}) i
        join users u on u.email = ${email}
        join companies c on c.subdomain = ${sub(division)}
        -- Ids in staff order, whatever the join's plan: which profiles get published picks by id (below). Without it
        -- PostgreSQL's hash join numbered them otherwise than PGlite, and gave 1,772 pending approvals instead of 2,000.
        order by i`);
    }
    return `${staff.toLocaleString('en')} profiles`;
  });

  // Which profiles get published: a deterministic share, spread over every division.
  const planned = rowsOf<{ id: number }>(
    await db.execute(sql`
      select p.id from profiles p join companies c on c.id = p.company_id
      where c.subdomain like 'ent-%' and not p.is_master and (hashint4(p.id + 23) & 2147483647) % 1000 < ${int(Math.round(o.publishedShare * 1000))}
      order by (p.id % ${int(per)}), p.id`),
  ).map((r) => r.id);
  const toRender = o.renderLimit === null ? planned : planned.slice(0, o.renderLimit);
  await step('published pages', async () => {
    let done = 0;
    let last = performance.now();
    await pool(toRender, o.concurrency, async (id) => {
      const ctx = await loadProfileContext(db, id);
      if (!ctx) return;
      await publishProfile({ db, config: o.site }, ctx, new Date(Date.now() - (id % 300) * 86_400_000));
      done += 1;
      if (performance.now() - last > 10_000) {
        last = performance.now();
        o.log(`    ${done.toLocaleString('en')} / ${toRender.length.toLocaleString('en')} pages`);
      }
    });
    const skipped = planned.length - toRender.length;
    return `${done.toLocaleString('en')} pages rendered and stored${skipped ? ` (${skipped.toLocaleString('en')} more planned, left unpublished: render limit)` : ''}`;
  });

  await step('pending approvals', async () => {
    const picks = rowsOf<{ id: number; user_id: number; company_id: number }>(
      await db.execute(sql`
        select id, user_id, company_id from (
          select p.id, p.user_id, p.company_id, row_number() over (partition by p.company_id order by p.id) as n
          from profiles p join companies c on c.id = p.company_id
          where c.subdomain like 'ent-%' and not p.is_master and p.published_at is not null
        ) x where n <= ${int(o.approvalsPerDivision)}`),
    );
    // Edited since publishing (a new job title and a note about them), then sent for approval as the editor does.
    await db.execute(sql`
      update profiles set
        content = content || jsonb_build_object('jobTitle', 'Senior ' || (content->>'jobTitle')),
        version = version + 1, updated_at = now()
      where id = any(${sql.param(picks.map((p) => p.id))}::int[])`);
    // One at a time: a request's transaction is short, and the pool of a seed is small.
    await pool(picks, 1, async (p) => {
      const owner: Actor = { userId: p.user_id, sessionId: 'seed', role: 'user', companyIds: [p.company_id], supervisedCompanyIds: [] };
      await requestApproval({ db, config: o.site, jobs: NO_MAIL }, owner, { profileId: p.id });
    });
    return `${picks.length.toLocaleString('en')} requests`;
  });

  await step('events', async () => {
    if (o.events <= 0) return 'none asked for';
    await ensureEventPartitions(db);
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`
        select p.id from profiles p join companies c on c.id = p.company_id
        where c.subdomain like 'ent-%' and not p.is_master and p.published_at is not null
        order by hashint4(p.id)`),
    ).map((r) => r.id);
    if (ids.length === 0) return 'no published profile';
    const t0 = performance.now();
    await generateEvents(db, {
      profileIds: ids,
      count: o.events,
      days: o.days,
      onProgress: (n) => {
        if (n < o.events) o.log(`    ${n.toLocaleString('en')} events (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
      },
    });
    return `${o.events.toLocaleString('en')} events over ${o.days} days on ${ids.length.toLocaleString('en')} pages`;
  });

  await step('rollups', async () => {
    const { rows } = await rebuildRollups(db);
    return `${rows.toLocaleString('en')} daily_stats rows`;
  });

  await step('vacuum, analyze', async () => {
    // Vacuum sets the visibility map, so the tab counts of the users list are index-only scans from the start.
    await db.execute(sql`vacuum (analyze) profiles, users, company_members, approvals, companies`);
    await db.execute(sql`analyze`);
    await db.execute(sql`insert into app_state (key, value) values (${ENTERPRISE_MARKER}, ${JSON.stringify({ at: new Date().toISOString(), divisions: D, staff })}::jsonb)
      on conflict (key) do nothing`);
    return undefined;
  });
  return steps;
}
