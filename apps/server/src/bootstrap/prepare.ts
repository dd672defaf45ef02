import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { printStartupReport } from './operator-output.ts';
import { prepareDatabase } from './startup.ts';

/**
 * Creates (or opens), migrates and seeds the database, then exits. `npm start`
 * runs this in a short-lived process first: a new PGlite store costs ~0.8 GB of
 * WebAssembly memory that is never returned, and the server should not carry it.
 */
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
// The setup link is printed by the process that made it (the server prints the sign-ins).
printStartupReport(config, { ...(await prepareDatabase(database, config)), seed: null });
await database.close();
