import { describe, expect, it } from 'vitest';
import { FaultProxy } from '../test/fault-proxy.ts';
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

  it('waits for a query whose bytes are late both ways (a loaded machine), rather than closing its live connection', async () => {
    const target = new URL(url!);
    const proxy = new FaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.start();
    const proxied = new URL(url!);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const database = await openDatabase({ url: proxied.toString() });
    try {
      await database.executeSql('select 1');
      // The connection has heard nothing for longer than the watch allows a query (500 ms): a
      // precondition, not a wait for the outcome.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // The query reaches PostgreSQL 400 ms late (its backend idles meanwhile), and the answer
      // comes back 400 ms after it is sent: a backend or a process that waited for a core. The
      // watch's own connection is not slowed.
      proxy.slowHeld(400, 400);
      const { rows } = await database.executeSql('select 42 as answer');
      expect(rows).toEqual([{ answer: 42 }]);
    } finally {
      await database.close();
      await proxy.close();
    }
  });
});
