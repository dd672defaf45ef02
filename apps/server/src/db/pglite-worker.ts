/**
 * The embedded database in its own thread (docs/decisions/008). PGlite runs
 * PostgreSQL as synchronous WebAssembly: in the server's thread every query would
 * stop HTTP for its whole duration. Here it answers messages from `RemotePGlite`
 * (pglite-remote.ts); requests are handled concurrently so that queries inside an
 * open transaction can run while others wait for it, as PGlite's own locking
 * intends (a plain query waits for a running transaction to end).
 */
// First: drizzle-orm, imported below, resolves faster after it (see the file).
import './drizzle-resolve.ts';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { WorkerReply, WorkerRequest } from './pglite-remote.ts';

const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread only');
const { dataDir, migrationsFolder } = workerData as { dataDir: string | undefined; migrationsFolder: string };

/** Drizzle asks for these types unparsed (its own mappers read the text); functions cannot cross threads, so they live here. */
const identity = (value: string) => value;
const PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, identity]),
);

/**
 * PostgreSQL's buffer pool. initdb writes 128 MB into postgresql.conf, and PGlite's allocator zeroes
 * the whole pool at start, so all of it was resident (~150 MiB of the server's RSS, issue 27)
 * before any query ran. 16 MB (2,048 pages) holds the hot pages of a hub; the rest comes from the
 * operating system's page cache, which is not counted against the process. The command line
 * wins over postgresql.conf, so existing stores get it too.
 */
const SHARED_BUFFERS = '16MB';

const client = await PGlite.create({
  dataDir,
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
});
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();
let nextTx = 1;

function reply(message: WorkerReply): void {
  port!.postMessage(message);
}

async function handle(req: WorkerRequest): Promise<unknown> {
  switch (req.op) {
    case 'query': {
      const target = req.txId ? open.get(req.txId)?.tx : client;
      if (!target) throw new Error('The transaction has already ended.');
      const result = await target.query(req.sql, req.params, { rowMode: req.rowMode, parsers: req.drizzleParsers ? PARSERS : {} });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await client.exec(req.sql);
      return { rows: results.flatMap((r) => r.rows) };
    }
    case 'begin': {
      const txId = nextTx++;
      let started!: () => void;
      const ready = new Promise<void>((r) => {
        started = r;
      });
      let end!: (commit: boolean) => void;
      const ended = new Promise<boolean>((r) => {
        end = r;
      });
      const done = client
        .transaction(async (tx) => {
          open.set(txId, { tx, end, done });
          started();
          // Throwing here is how PGlite rolls back.
          if (!(await ended)) throw new RollbackSignal();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RollbackSignal)) throw error;
        })
        .finally(() => open.delete(txId));
      await Promise.race([ready, done]);
      return { txId };
    }
    case 'end': {
      const entry = open.get(req.txId);
      if (!entry) throw new Error('The transaction has already ended.');
      entry.end(req.commit);
      await entry.done;
      return null;
    }
    case 'migrate':
      await migrate(drizzle(client), { migrationsFolder });
      return null;
    case 'close':
      await client.close();
      return null;
  }
}

class RollbackSignal extends Error {}

port.on('message', (req: WorkerRequest) => {
  handle(req).then(
    (value) => reply({ id: req.id, ok: true, value }),
    (error: unknown) => {
      const e = error as Error & Record<string, unknown>;
      // Keep PostgreSQL's fields (code, detail, constraint …): callers read them like node-postgres errors.
      const fields = Object.fromEntries(Object.entries(e).filter(([, v]) => typeof v === 'string' || typeof v === 'number'));
      reply({ id: req.id, ok: false, error: { ...fields, name: e.name, message: e.message ?? String(error) } });
    },
  );
});
reply({ id: 0, ok: true, value: 'ready' });
