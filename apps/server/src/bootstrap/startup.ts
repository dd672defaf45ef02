import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { appState } from '../db/schema.ts';
import { createPasswordHasher } from '../modules/auth/passwords.ts';
import { ensureEventPartitions } from '../modules/events/partitions.ts';
import { PAGE_FORMAT, rerenderAllPublished, walletsOf } from '../modules/publishing/publishing.service.ts';
import { issueSetupToken, setupStatus } from '../modules/setup/setup.service.ts';
import { ensureDefaultThemes, type SeedReport, seed } from './seed.ts';

/**
 * What start-up has to tell the operator: the demo sign-ins, and whether the hub still waits
 * for its first superadmin — with the one-time setup token when this start made it.
 */
export type StartupReport = { seed: SeedReport | null; setup: { pending: boolean; token: string | null } };

/** The advisory lock every copy of the server takes around its start-up work ("phub" in ASCII). */
const STARTUP_LOCK = 0x70687562;

/**
 * Start-up work on the database: migrations, the month partitions of `events`, the default
 * themes, the demo seed (once per database, ever) and, on an install with no superadmin,
 * its one-time setup link. On PostgreSQL it runs under an advisory lock,
 * so any number of copies may start at the same moment: one does the work, the others
 * wait and then find nothing left to do. The embedded database has one process.
 */
export async function prepareDatabase(database: Database, config: Config): Promise<StartupReport> {
  return withStartupLock(config.DATABASE_URL, async () => {
    await database.migrate();
    await ensureEventPartitions(database.db);
    await upgradePublishedPages(database, config);
    await ensureDefaultThemes(database.db);
    const hasher = createPasswordHasher({ memoryKib: config.ARGON2_MEMORY_KIB, passes: config.ARGON2_PASSES });
    const seeded = config.SEED ? await seed(database.db, { password: config.SEED_PASSWORD, dataDir: config.DATA_DIR, hasher }) : null;
    // An install with no superadmin (production starts empty) gets its one-time setup link.
    const token = await issueSetupToken(database.db);
    return { seed: seeded, setup: { token, pending: token !== null || (await setupStatus(database.db)).needed } };
  });
}

/**
 * Pages stored by an older renderer are rendered again, once per database (PAGE_FORMAT); so are
 * they when the wallets this install offers changed (keys added or removed, issue #30), since
 * each page shows an "Add to … Wallet" button per wallet.
 */
async function upgradePublishedPages(database: Database, config: Config): Promise<void> {
  const [state] = await database.db.select().from(appState).where(eq(appState.key, 'page-format')).limit(1);
  const offered = walletsOf(config);
  const wallets = `apple=${offered.apple},google=${offered.google}`;
  // Before wallets existed no page offered one: an install without keys has nothing to redo.
  const had = state?.value.wallets ?? 'apple=false,google=false';
  if (Number(state?.value.version ?? 0) >= PAGE_FORMAT && had === wallets) return;
  await rerenderAllPublished({ db: database.db, config });
  const value = { version: PAGE_FORMAT, wallets };
  await database.db.insert(appState).values({ key: 'page-format', value }).onConflictDoUpdate({ target: appState.key, set: { value } });
}

/** Runs `work` holding the start-up lock on its own connection (a session lock needs one connection throughout). */
async function withStartupLock<T>(url: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!url) return work();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}
