import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createPasswordHasher } from '../modules/auth/passwords.ts';
import { alreadySeeded, countRows, ENTERPRISE_ADMIN, seedEnterprise } from './enterprise-data.ts';

/**
 * `npm run seed:enterprise`: 1,000 divisions of 100 staff (100,000 accounts and profiles),
 * templates, published pages, pending approvals and a year of events (bootstrap/enterprise-data.ts).
 * Uses DATA_DIR / DATABASE_URL like the server. Environment:
 *   SEED_ENTERPRISE_SCALE   divisions (default 1000); each has 100 staff (SEED_ENTERPRISE_STAFF)
 *   SEED_ENTERPRISE_EVENTS  events over the last year (default 5,000,000)
 *   SEED_ENTERPRISE_RENDER  publish (render and store) at most this many pages: default two a division (2,000),
 *                           `all` for every planned one (70 % of staff). Each page goes through the publishing
 *                           service; 2,000 took 555 s on a 2-core machine at load average 25–33.
 *   SEED_PASSWORD           the staff's password (else one is generated and printed)
 * Refuses a non-empty database when NODE_ENV=production, unless `--force`.
 */
const config = loadConfig();
const int = (name: string, fallback: number, min = 0): number => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < min) {
    console.error(`${name} must be a whole number of at least ${min} (got "${raw}")`);
    process.exit(2);
  }
  return n;
};
const divisions = int('SEED_ENTERPRISE_SCALE', 1000, 1);
const staffPerDivision = int('SEED_ENTERPRISE_STAFF', 100, 1);
const events = int('SEED_ENTERPRISE_EVENTS', 5_000_000);
const renderLimit = process.env.SEED_ENTERPRISE_RENDER === 'all' ? null : int('SEED_ENTERPRISE_RENDER', 2 * divisions);
const force = process.argv.includes('--force');

const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, maintenance: true });
try {
  await database.migrate();
  const { db } = database;
  if (await alreadySeeded(db)) {
    console.log('The enterprise data set is already in this database: nothing to do.');
  } else {
    const before = await countRows(db);
    if (config.NODE_ENV === 'production' && before.users! > 0 && !force) {
      console.error(
        `NODE_ENV=production and this database already holds ${before.users} accounts: the enterprise data set would add 100,000 made-up staff to it.\nRun it on an empty database, or add --force if that is really meant.`,
      );
      process.exitCode = 2;
    } else {
      const password = process.env.SEED_PASSWORD ?? `Ent-${randomBytes(6).toString('base64url').replace(/[-_]/g, 'x')}7a`;
      const hash = await createPasswordHasher({ memoryKib: config.ARGON2_MEMORY_KIB, passes: config.ARGON2_PASSES }).hash(password);
      const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite (${config.DATA_DIR})`;
      console.log(
        `Enterprise data set on ${where}: ${divisions.toLocaleString('en')} divisions × ${staffPerDivision} staff, ${events.toLocaleString('en')} events`,
      );
      const t0 = performance.now();
      await seedEnterprise(db, {
        divisions,
        staffPerDivision,
        templatesPerDivision: 3,
        publishedShare: 0.7,
        renderLimit,
        approvalsPerDivision: 3,
        events,
        days: 365,
        passwordHash: hash,
        site: { PUBLIC_DOMAIN: config.PUBLIC_DOMAIN, PUBLIC_URL: config.PUBLIC_URL },
        concurrency: config.DATABASE_URL ? 4 : 1,
        log: (line) => console.log(line),
      });
      const after = await countRows(db);
      console.log(`Done in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(after)}`);
      console.log(`Sign in as ${ENTERPRISE_ADMIN} (superadmin) or any staff address, e.g. the supervisors; password: ${password}`);
    }
  }
} finally {
  await database.close();
}
