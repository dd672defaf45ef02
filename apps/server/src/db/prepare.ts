import { loadConfig } from '../config.ts';
import { createPasswordHasher } from '../modules/auth/passwords.ts';
import { ensureEventPartitions } from '../modules/events/partitions.ts';
import { openDatabase } from './client.ts';
import { seed } from './seed.ts';

/**
 * Creates (or opens), migrates and seeds the database, then exits. `npm start`
 * runs this in a short-lived process first: a new PGlite store costs ~0.8 GB of
 * WebAssembly memory that is never returned, and the server should not carry it.
 */
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
await ensureEventPartitions(database.db);
if (config.SEED) {
  await seed(database.db, {
    password: config.SEED_PASSWORD,
    dataDir: config.DATA_DIR,
    hasher: createPasswordHasher({ memoryKib: config.ARGON2_MEMORY_KIB, passes: config.ARGON2_PASSES }),
  });
}
await database.close();
