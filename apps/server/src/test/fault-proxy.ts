/**
 * A TCP proxy to PostgreSQL or Redis that a fault test (and bench/recovery.mjs) puts
 * between a server and its store: it passes bytes, refuses new connections, black-holes
 * everything (a failover whose connections hear nothing), or drops what it holds.
 */
import net from 'node:net';
import { Transform } from 'node:stream';

type Pair = { client: net.Socket; upstream: net.Socket | null; delayMs: { toServer: number; toClient: number } };

/** A TCP proxy to PostgreSQL that can refuse new connections, hold every byte (black hole), or drop what it holds. */
export class FaultProxy {
  mode: 'pass' | 'refuse' | 'blackhole' = 'pass';
  readonly #pairs = new Set<Pair>();
  readonly #server: net.Server;
  port = 0;
  constructor(target: { host: string; port: number }) {
    this.#server = net.createServer((client) => {
      if (this.mode === 'refuse') return client.destroy();
      const pair: Pair = { client, upstream: null, delayMs: { toServer: 0, toClient: 0 } };
      this.#pairs.add(pair);
      const connect = () => {
        const upstream = net.connect(target.port, target.host);
        pair.upstream = upstream;
        client.pipe(late(() => pair.delayMs.toServer)).pipe(upstream);
        upstream.pipe(late(() => pair.delayMs.toClient)).pipe(client);
        upstream.on('error', () => client.destroy());
        upstream.on('close', () => client.destroy());
      };
      client.on('error', () => pair.upstream?.destroy());
      client.on('close', () => {
        pair.upstream?.destroy();
        this.#pairs.delete(pair);
      });
      // In a black hole a new connection is accepted and then hears nothing.
      if (this.mode === 'blackhole') client.pause();
      else connect();
      (pair as { connect?: () => void }).connect = connect;
    });
  }
  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.port = (this.#server.address() as net.AddressInfo).port;
    return this.port;
  }
  /** Every byte in both directions waits (TCP keeps it; nothing is lost, nothing arrives). */
  blackhole(): void {
    this.mode = 'blackhole';
    for (const { client, upstream } of this.#pairs) {
      client.pause();
      upstream?.pause();
    }
  }
  /**
   * The connections held so far pass each byte this late, in order: to the store, and back (a
   * backend or a server that waited for a core). New connections are not slowed.
   */
  slowHeld(toServerMs: number, toClientMs: number): void {
    for (const pair of this.#pairs) pair.delayMs = { toServer: toServerMs, toClient: toClientMs };
  }
  refuse(): void {
    this.mode = 'refuse';
  }
  /** A failover: every connection held so far is gone for good. */
  drop(): void {
    for (const { client, upstream } of this.#pairs) {
      client.destroy();
      upstream?.destroy();
    }
    this.#pairs.clear();
  }
  /**
   * The store answers again: connections opened during the black hole go through (their SYN
   * reached the store at last). `heldStayDead`: the connections held from before keep hearing
   * nothing and are never closed (a failover to another machine: the old peer is gone without
   * a word), so only a client that gives up on them recovers.
   */
  pass(heldStayDead = false): void {
    this.mode = 'pass';
    for (const pair of this.#pairs) {
      if (pair.upstream && heldStayDead) continue;
      if (!pair.upstream) (pair as { connect?: () => void }).connect?.();
      pair.client.resume();
      pair.upstream?.resume();
    }
  }
  close(): Promise<void> {
    this.drop();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** Passes each chunk on `ms()` later, never before a chunk that came first. */
function late(ms: () => number): Transform {
  let due = 0;
  return new Transform({
    transform(chunk, _encoding, done) {
      due = Math.max(due, Date.now() + ms());
      const wait = due - Date.now();
      if (wait <= 0) return done(null, chunk);
      setTimeout(() => this.push(chunk), wait);
      done();
    },
  });
}
