import { Worker } from 'node:worker_threads';

/** Messages to the database thread (pglite-worker.ts). */
export type WorkerRequest = { id: number } & (
  | { op: 'query'; sql: string; params: unknown[] | undefined; rowMode: 'array' | 'object' | undefined; drizzleParsers: boolean; txId?: number }
  | { op: 'exec'; sql: string }
  | { op: 'begin' }
  | { op: 'end'; txId: number; commit: boolean }
  | { op: 'migrate' }
  | { op: 'close' }
);
export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> & { message: string } };

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type Result = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };

/**
 * The part of PGlite's client that Drizzle uses (`query`, `transaction`), served by
 * PGlite in a worker thread: the server's thread never runs WebAssembly SQL.
 */
export class RemotePGlite {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #nextId = 1;
  #closing = false;
  readonly ready: Promise<void>;

  constructor(dataDir: string | undefined, migrationsFolder: string) {
    this.#worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: { dataDir, migrationsFolder } });
    let started!: () => void;
    let failed!: (e: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    this.#worker.on('message', (msg: WorkerReply) => {
      if (msg.id === 0) return started();
      const waiting = this.#pending.get(msg.id);
      if (!waiting) return;
      this.#pending.delete(msg.id);
      if (msg.ok) waiting.resolve(msg.value);
      else waiting.reject(Object.assign(new Error(msg.error.message), msg.error));
    });
    this.#worker.on('error', (error) => {
      failed(error);
      for (const w of this.#pending.values()) w.reject(error);
      this.#pending.clear();
    });
    // A database thread that dies would leave every later query waiting forever: end the
    // process with a clear line instead, so its supervisor (systemd, Docker, npm start) restarts it.
    this.#worker.on('exit', (code) => {
      if (this.#closing) return;
      console.error(`The embedded database (PGlite worker thread) stopped unexpectedly (exit code ${code}); exiting so the server can be restarted.`);
      process.exit(70);
    });
  }

  #call<T>(req: DistributiveOmit<WorkerRequest, 'id'>): Promise<T> {
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#worker.postMessage({ ...req, id });
    });
  }

  query(sql: string, params?: unknown[], options?: QueryOptions, txId?: number): Promise<Result> {
    // Drizzle passes parsers only to leave date and time types as text; the worker applies the same ones.
    return this.#call<Result>({ op: 'query', sql, params, rowMode: options?.rowMode, drizzleParsers: Boolean(options?.parsers), ...(txId ? { txId } : {}) });
  }

  /** Several statements without parameters (a schema script); the rows of every result, in order. */
  exec(sql: string): Promise<{ rows: unknown[] }> {
    return this.#call<{ rows: unknown[] }>({ op: 'exec', sql });
  }

  async transaction<T>(fn: (tx: { query: RemotePGlite['query'] }) => Promise<T>): Promise<T> {
    const { txId } = await this.#call<{ txId: number }>({ op: 'begin' });
    const tx = { query: (sql: string, params?: unknown[], options?: QueryOptions) => this.query(sql, params, options, txId) };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      await this.#call({ op: 'end', txId, commit: false });
      throw error;
    }
    await this.#call({ op: 'end', txId, commit: true });
    return result;
  }

  migrate(): Promise<void> {
    return this.#call({ op: 'migrate' });
  }

  async close(): Promise<void> {
    this.#closing = true;
    await this.#call({ op: 'close' });
    await this.#worker.terminate();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
