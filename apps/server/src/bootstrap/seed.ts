import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  applyChildEdit,
  type EditorContent,
  effectiveContent,
  FEATURE_FLAGS,
  type FeatureFlags,
  PermissionEntriesSchema,
  ProfileContentOverridesSchema,
  ProfileContentSchema,
  type WhiteLabel,
} from '@profilehub/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { appState, companies, companyMembers, permissionRecords, profileStylings, profiles, users } from '../db/schema.ts';
import type { Actor } from '../http/policy.ts';
import { requestApproval } from '../modules/approvals/approvals.service.ts';
import type { PasswordHasher } from '../modules/auth/passwords.ts';
import { seedDemoEvents } from '../modules/events/rollups.ts';
import { NO_MAIL } from '../modules/jobs/jobs.ts';
import { loadProfileContext } from '../modules/profiles/profiles.queries.ts';
import { publishProfile, type SiteConfig } from '../modules/publishing/publishing.service.ts';
import {
  ACME_CHILD_PERMISSIONS,
  ACME_THEME,
  acmeTemplate,
  bobProfile,
  DEFAULT_THEMES,
  janeEdits,
  leoEdits,
  leoPendingEdits,
  type SeedTheme,
  samEdits,
} from './seed-profiles.ts';

export type SeedReport = { password: string; accounts: { email: string; role: string; note?: string }[] };

const allFlags = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true])) as FeatureFlags;

const ACME_WHITE_LABEL: WhiteLabel = {
  title: 'Acme',
  logo: '/demo/acme-logo.svg',
  light_logo: '/demo/acme-logo-light.svg',
  icon: '/demo/acme-icon.svg',
  light_icon: '/demo/acme-icon.svg',
  profile_placeholder_image: '/demo/acme-icon.svg',
  brand_color: '#c2410c',
  brand_dark_color: '#7c2d12',
  brand_color_success: '#15803d',
  brand_color_error: '#b91c1c',
  css: ':root { --acme-radius: 10px; }\n.ph-navbar { border-bottom: 3px solid #c2410c; }',
  domain: 'hub.acme.localhost',
  profile_domain: 'acme.localhost',
  tut_video: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  // Settings → FAQ and Legal show a division's own texts in place of the product's (spec §2 settings).
  faq: [
    {
      question: 'Who approves changes to my Acme card?',
      answer: 'Your team lead at Acme. Changes to your public card go live once they approve them; you get an email either way.',
    },
    {
      question: 'Can I change the Acme logo or address?',
      answer: 'No: they are set for everyone by Acme marketing. Ask them through Support if one is out of date.',
    },
  ],
  legal: 'Acme Corporation, 1 Demo Street, Cape Town.\n\nCards published through this hub are Acme business cards: keep them professional and up to date.',
};

/** The demo sign-ins `npm start` prints. */
const SEED_ACCOUNTS: SeedReport['accounts'] = [
  { email: 'admin@example.com', role: 'superadmin' },
  { email: 'supervisor@acme.example', role: 'supervisor', note: 'Acme, white-labelled, every feature on' },
  { email: 'jane@acme.example', role: 'user', note: 'Acme' },
  { email: 'leo@acme.example', role: 'user', note: 'Acme, changes waiting for approval' },
  { email: 'bob@globex.example', role: 'user', note: 'Globex, no features, individual billing' },
  { email: 'new@acme.example', role: 'invited', note: 'not registered yet: use Register, code in the outbox' },
];

/** The seed password: SEED_PASSWORD, else one generated once and kept beside the data so restarts print the same. */
function seedPassword(explicit: string | undefined, dataDir: string): string {
  if (explicit) return explicit;
  const file = path.resolve(dataDir, 'seed-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  // Meets the password rules: digits, lower and upper case, ≥ 10 characters.
  const pw = `Demo-${randomBytes(6).toString('base64url').replace(/[-_]/g, 'x')}7a`;
  writeFileSync(file, pw, { mode: 0o600 });
  return pw;
}

async function upsertCompany(db: Db, values: typeof companies.$inferInsert): Promise<number> {
  await db.insert(companies).values(values).onConflictDoNothing({ target: companies.subdomain });
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.subdomain, values.subdomain));
  return row!.id;
}

type SeedUser = {
  email: string;
  role: 'superadmin' | 'supervisor' | 'user';
  first: string;
  last: string;
  title?: string;
  companyId: number | null;
  supervises?: boolean;
  registered: boolean;
  alias: string | null;
  /** A profile of its own, not under the division's template. */
  standalone?: boolean;
};

/** The theme's id, inserting it when no theme of that name exists for the division (null: a default theme). */
async function ensureTheme(db: Db, theme: SeedTheme, companyId: number | null): Promise<number> {
  const sameDivision = companyId === null ? isNull(profileStylings.companyId) : eq(profileStylings.companyId, companyId);
  const [found] = await db
    .select({ id: profileStylings.id })
    .from(profileStylings)
    .where(and(eq(profileStylings.name, theme.name), sameDivision))
    .limit(1);
  if (found) return found.id;
  const [row] = await db
    .insert(profileStylings)
    .values({ ...theme, companyId, isDefault: companyId === null })
    .returning({ id: profileStylings.id });
  return row!.id;
}

/**
 * The product's default themes (spec §3 stylings with no division): every install has them,
 * demo data or not, since a new division's first template starts from the first one.
 */
export async function ensureDefaultThemes(db: Db): Promise<number[]> {
  const ids: number[] = [];
  for (const theme of DEFAULT_THEMES) ids.push(await ensureTheme(db, theme, null));
  return ids;
}

/** Seeded content goes only into an empty document, so a restart never overwrites what someone edited. */
async function fillIfEmpty(db: Db, profileId: number, values: Partial<typeof profiles.$inferInsert>): Promise<boolean> {
  const done = await db
    .update(profiles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(profiles.id, profileId), sql`${profiles.content} = '{}'::jsonb`))
    .returning({ id: profiles.id });
  return done.length > 0;
}

/** A child's stored content for edits made in the editor on top of its view of the template. */
function childContent(template: Record<string, unknown>, edits: (view: EditorContent) => EditorContent) {
  const permissions = PermissionEntriesSchema.parse(ACME_CHILD_PERMISSIONS);
  const edited = ProfileContentOverridesSchema.parse(edits(effectiveContent(template, {}, permissions)));
  return ProfileContentOverridesSchema.parse(applyChildEdit(template, {}, edited, permissions)) as Record<string, unknown>;
}

/** Where published pages live, as the server is configured (the seed runs before the server, from the same environment). */
function siteConfigFromEnv(): SiteConfig {
  const { PUBLIC_DOMAIN, PUBLIC_URL } = loadConfig();
  return { PUBLIC_DOMAIN, PUBLIC_URL };
}

/** Marks a database whose demo data was written: the seed runs once per database, ever. */
const SEEDED = 'demo-seed';

/**
 * Demo data of the quick start, written once per database, ever (start-up holds the
 * advisory lock around it, so copies starting together cannot both write it). A restart
 * changes nothing: no password is reset, no row rewritten, no traffic invented.
 */
export async function seed(db: Db, opts: { password?: string | undefined; dataDir: string; hasher: PasswordHasher; site?: SiteConfig }): Promise<SeedReport> {
  const password = seedPassword(opts.password, opts.dataDir);
  const [done] = await db.select({ key: appState.key }).from(appState).where(eq(appState.key, SEEDED));
  if (!done) await seedOnce(db, opts);
  return { password, accounts: SEED_ACCOUNTS };
}

async function seedOnce(db: Db, opts: { password?: string | undefined; dataDir: string; hasher: PasswordHasher; site?: SiteConfig }): Promise<void> {
  const password = seedPassword(opts.password, opts.dataDir);
  // Already seeded: skip the password hash and the upserts, which are most of a restart's seed cost.
  // Seeded means: every account, every default theme, and a filled Acme template (the last thing a seed of this version adds).
  const present = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.email,
        SEED_ACCOUNTS.map((a) => a.email),
      ),
    );
  const themes = await db
    .select({ id: profileStylings.id })
    .from(profileStylings)
    .where(
      and(
        isNull(profileStylings.companyId),
        inArray(
          profileStylings.name,
          DEFAULT_THEMES.map((th) => th.name),
        ),
      ),
    );
  const [template] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(companies, eq(companies.id, profiles.companyId))
    .where(and(eq(companies.subdomain, 'acme'), eq(profiles.isMaster, true), sql`${profiles.content} <> '{}'::jsonb`))
    .limit(1);
  // Seeded by an older version (before the marker): mark it, write nothing.
  if (present.length === SEED_ACCOUNTS.length && themes.length === DEFAULT_THEMES.length && template) return markSeeded(db);
  const now = new Date();
  const acme = await upsertCompany(db, {
    name: 'acme',
    title: 'Acme',
    description: 'Acme Corporation',
    subdomain: 'acme',
    featureFlags: allFlags,
    paymentStructure: 'corporate',
    publishedAt: now,
    whiteLabel: ACME_WHITE_LABEL,
    hubDomain: ACME_WHITE_LABEL.domain,
    customSupportLink: 'support@acme.example',
    trainingVideoUrl: ACME_WHITE_LABEL.tut_video,
  });
  const globex = await upsertCompany(db, {
    name: 'globex',
    title: 'Globex',
    description: 'Globex Corporation',
    subdomain: 'globex',
    featureFlags: {},
    paymentStructure: 'individual',
    publishedAt: now,
  });
  for (const [companyId, name] of [
    [acme, 'Acme Standard'],
    [globex, 'Globex Standard'],
  ] as const) {
    const [master] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.companyId, companyId), eq(profiles.isMaster, true)))
      .limit(1);
    if (!master) await db.insert(profiles).values({ companyId, isMaster: true, templateName: name });
  }
  const defaultThemeIds = await ensureDefaultThemes(db);
  const acmeThemeId = await ensureTheme(db, ACME_THEME, acme);
  const masterOf = async (companyId: number) =>
    (
      await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.companyId, companyId), eq(profiles.isMaster, true)))
        .limit(1)
    )[0]?.id ?? null;

  const people: SeedUser[] = [
    { email: 'admin@example.com', role: 'superadmin', first: 'Ada', last: 'Admin', title: 'Ada', companyId: acme, registered: true, alias: null },
    {
      email: 'supervisor@acme.example',
      role: 'supervisor',
      first: 'Sam',
      last: 'Super',
      title: 'Sam',
      companyId: acme,
      supervises: true,
      registered: true,
      alias: 'sam-super',
    },
    { email: 'jane@acme.example', role: 'user', first: 'Jane', last: 'Doe', title: 'Jane', companyId: acme, registered: true, alias: 'jane-doe' },
    { email: 'leo@acme.example', role: 'user', first: 'Leo', last: 'Lane', title: 'Leo', companyId: acme, registered: true, alias: 'leo-lane' },
    { email: 'new@acme.example', role: 'user', first: 'Nia', last: 'New', companyId: acme, registered: false, alias: null },
    {
      email: 'bob@globex.example',
      role: 'user',
      first: 'Bob',
      last: 'Smith',
      title: 'Bob',
      companyId: globex,
      registered: true,
      alias: 'bob-smith',
      standalone: true,
    },
  ];
  const hash = await opts.hasher.hash(password);
  for (const p of people) {
    const inserted = await db
      .insert(users)
      .values({
        email: p.email,
        username: p.email.split('@')[0]!,
        title: p.title ?? null,
        firstName: p.first,
        lastName: p.last,
        role: p.role,
        passwordHash: p.registered ? hash : null,
        registered: p.registered,
        confirmed: p.registered,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    const userId = inserted[0]?.id;
    if (!userId || p.companyId === null) continue;
    await db
      .insert(companyMembers)
      .values({ userId, companyId: p.companyId, role: p.supervises ? 'supervisor' : 'member' })
      .onConflictDoNothing();
    await db
      .insert(profiles)
      .values({
        userId,
        companyId: p.companyId,
        alias: p.alias,
        masterProfileId: p.role === 'superadmin' || p.standalone ? null : await masterOf(p.companyId),
      })
      .onConflictDoNothing();
  }
  await seedProfiles(db, { acme, acmeThemeId, classicThemeId: defaultThemeIds[0]!, site: opts.site ?? siteConfigFromEnv() });
  await seedDemoEvents(db, await seededCompanyIds(db));
  await markSeeded(db);
}

async function markSeeded(db: Db): Promise<void> {
  await db
    .insert(appState)
    .values({ key: SEEDED, value: { at: new Date().toISOString() } })
    .onConflictDoNothing();
}

const seededCompanyIds = async (db: Db) =>
  (
    await db
      .select({ id: companies.id })
      .from(companies)
      .where(inArray(companies.subdomain, ['acme', 'globex']))
  ).map((c) => c.id);

/**
 * Acme's template and its child permissions, Jane's, Leo's and Sam's details, Bob's
 * standalone profile; Jane is published so `http://acme.localhost:3000/jane-doe`
 * shows a page; Leo is published too, with later edits waiting in the Approvals
 * queue. Each document is written only while it is still empty.
 */
async function seedProfiles(db: Db, o: { acme: number; acmeThemeId: number; classicThemeId: number; site: SiteConfig }) {
  const [acmeMaster] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.companyId, o.acme), eq(profiles.isMaster, true)))
    .limit(1);
  if (!acmeMaster) return;
  const template = ProfileContentSchema.parse(acmeTemplate(o.acmeThemeId)) as Record<string, unknown>;
  const { variableChangeRecords: _records, ...templateDoc } = template;
  await fillIfEmpty(db, acmeMaster.id, { content: templateDoc, stylingId: o.acmeThemeId });
  await db
    .insert(permissionRecords)
    .values({
      profileId: acmeMaster.id,
      kind: 'child',
      title: `${acmeMaster.templateName ?? 'Acme Standard'} - Permissions`,
      permissions: PermissionEntriesSchema.parse(ACME_CHILD_PERMISSIONS),
    })
    .onConflictDoNothing();

  const profileOf = async (email: string) =>
    (await db.select({ id: profiles.id }).from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(eq(users.email, email)).limit(1))[0]?.id;
  const jane = await profileOf('jane@acme.example');
  if (jane && (await fillIfEmpty(db, jane, { content: childContent(templateDoc, janeEdits), masterProfileId: acmeMaster.id, stylingId: o.acmeThemeId }))) {
    const ctx = await loadProfileContext(db, jane);
    if (ctx?.profile.alias) await publishProfile({ db, config: o.site }, ctx);
  }
  const leo = await profileOf('leo@acme.example');
  if (leo && (await fillIfEmpty(db, leo, { content: childContent(templateDoc, leoEdits), masterProfileId: acmeMaster.id, stylingId: o.acmeThemeId }))) {
    const published = await loadProfileContext(db, leo);
    if (published?.profile.alias && published.profile.userId !== null) {
      await publishProfile({ db, config: o.site }, published);
      // Edited since publishing, and sent for approval as the editor would (spec §4 Publish flow step 4).
      await db
        .update(profiles)
        .set({ content: childContent(templateDoc, leoPendingEdits), updatedAt: new Date() })
        .where(eq(profiles.id, leo));
      const owner: Actor = { userId: published.profile.userId, sessionId: 'seed', role: 'user', companyIds: [o.acme], supervisedCompanyIds: [] };
      await requestApproval({ db, config: o.site, jobs: NO_MAIL }, owner, { profileId: leo });
    }
  }
  const sam = await profileOf('supervisor@acme.example');
  if (sam) await fillIfEmpty(db, sam, { content: childContent(templateDoc, samEdits), masterProfileId: acmeMaster.id, stylingId: o.acmeThemeId });
  const bob = await profileOf('bob@globex.example');
  if (bob) {
    const { variableChangeRecords: _none, ...bobDoc } = ProfileContentSchema.parse(bobProfile(o.classicThemeId));
    await fillIfEmpty(db, bob, { content: bobDoc as Record<string, unknown>, masterProfileId: null, stylingId: o.classicThemeId });
  }
}
