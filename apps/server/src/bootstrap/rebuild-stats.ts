import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { rebuildRollups } from '../modules/events/rollups.ts';

/** `npm run stats:rebuild`: recomputes daily_stats and company_daily_stats from the raw events (one transaction). */
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, maintenance: true });
await database.migrate();
const started = performance.now();
const { rows } = await rebuildRollups(database.db);
console.log(`daily_stats rebuilt from events: ${rows.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await database.close();
