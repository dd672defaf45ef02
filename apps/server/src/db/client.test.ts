import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the PostgreSQL pool', () => {
  it('bounds every statement of the server, and none of a maintenance command (stats:rebuild over millions of events)', async () => {
    for (const [maintenance, expected] of [
      [false, '15s'],
      [true, '0'],
    ] as const) {
      const database = await openDatabase({ url, maintenance });
      try {
        const { rows } = await database.executeSql('show statement_timeout');
        expect(rows, `maintenance: ${maintenance}`).toEqual([{ statement_timeout: expected }]);
      } finally {
        await database.close();
      }
    }
  });
});
