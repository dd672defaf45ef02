/**
 * One call per key at a time: callers that ask while it runs share its promise, so a burst
 * of requests for the same missing thing costs one look-up (page and host caches, the
 * health ping, a page rebuild).
 */
export class SingleFlight<K, V> {
  readonly #running = new Map<K, Promise<V>>();

  run(key: K, call: () => Promise<V>): Promise<V> {
    const running = this.#running.get(key);
    if (running) return running;
    const started: Promise<V> = call().finally(() => {
      if (this.#running.get(key) === started) this.#running.delete(key);
    });
    this.#running.set(key, started);
    return started;
  }

  /** The next call for `key` starts afresh instead of joining the one under way. */
  forget(key: K): void {
    this.#running.delete(key);
  }
}
