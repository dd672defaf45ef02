import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FEATURE_FLAGS, type FeatureFlags, type WhiteLabel } from '@profilehub/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { PasswordHasher } from '../modules/auth/passwords.ts';
import type { Db } from './client.ts';
import { companies, companyMembers, profiles, users } from './schema.ts';

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
};

/** The demo sign-ins `npm start` prints. */
const SEED_ACCOUNTS: SeedReport['accounts'] = [
  { email: 'admin@example.com', role: 'superadmin' },
  { email: 'supervisor@acme.example', role: 'supervisor', note: 'Acme, white-labelled, every feature on' },
  { email: 'jane@acme.example', role: 'user', note: 'Acme' },
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
};

/**
 * Demo data of the quick start. Idempotent: existing rows (matched by email,
 * subdomain or alias) are left as they are, so a restart never resets anyone's password.
 */
export async function seed(db: Db, opts: { password?: string | undefined; dataDir: string; hasher: PasswordHasher }): Promise<SeedReport> {
  const password = seedPassword(opts.password, opts.dataDir);
  // Already seeded: skip the password hash and the upserts, which are most of a restart's seed cost.
  const present = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.email,
        SEED_ACCOUNTS.map((a) => a.email),
      ),
    );
  if (present.length === SEED_ACCOUNTS.length) return { password, accounts: SEED_ACCOUNTS };
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
    { email: 'new@acme.example', role: 'user', first: 'Nia', last: 'New', companyId: acme, registered: false, alias: null },
    { email: 'bob@globex.example', role: 'user', first: 'Bob', last: 'Smith', title: 'Bob', companyId: globex, registered: true, alias: 'bob-smith' },
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
      .values({ userId, companyId: p.companyId, alias: p.alias, masterProfileId: p.role === 'superadmin' ? null : await masterOf(p.companyId) })
      .onConflictDoNothing();
  }
  return { password, accounts: SEED_ACCOUNTS };
}
