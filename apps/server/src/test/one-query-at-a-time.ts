/**
 * Every server test file fails when a PostgreSQL client was handed a query while it was still
 * running another: node-postgres queues it today with a deprecation warning and will refuse it
 * in pg@9. It happens when queries run side by side (`Promise.all`) on one transaction's
 * client, which gains nothing (a transaction is one connection) and breaks on the upgrade.
 */
import { afterAll, expect } from 'vitest';

const overlapping: string[] = [];
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('client is already executing a query'))
    overlapping.push(warning.stack ?? warning.message);
});

afterAll(() => {
  expect(overlapping, 'queries sent side by side on one PostgreSQL client (a transaction): run them one after another').toEqual([]);
});
