import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (the reset mail of forgot-password, whose
 * answer must take the same time for every email). Failures are logged; shutdown and
 * tests wait for what is running with `idle()`.
 */
export class Background {
  readonly #running = new Set<Promise<void>>();
  readonly #log: FastifyBaseLogger;
  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }

  /** Starts `task` after the current request's answer is on its way. */
  run(what: string, task: () => Promise<void>): void {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => this.#log.error({ err }, `${what} failed`))
      .finally(() => this.#running.delete(running));
    this.#running.add(running);
  }

  /** Resolves once nothing started here is still running. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }
}
