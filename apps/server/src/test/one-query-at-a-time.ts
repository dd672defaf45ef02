/**
 * Every server test file fails when a PostgreSQL client was handed a query while it was still
 * running another: node-postgres queues it today with a deprecation warning and will refuse it
 * in pg@9. It happens when queries run side by side (`Promise.all`) on one transaction's
 * client, which gains nothing (a transaction is one connection) and breaks on the upgrade.
 */
import { afterAll, expect } from 'vitest';

// One listener per process, however many files the process runs (the warning is raised once per process).
const KEY = Symbol.for('profilehub.overlappingQueries');
const holder = process as unknown as Record<symbol, string[] | undefined>;
if (!holder[KEY]) {
  const seen: string[] = [];
  holder[KEY] = seen;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes('client is already executing a query')) seen.push(warning.stack ?? warning.message);
  });
}
const overlapping = holder[KEY];

afterAll(() => {
  // Reported by the file that raised it, once.
  expect(overlapping.splice(0), 'queries sent side by side on one PostgreSQL client (a transaction): run them one after another').toEqual([]);
});
