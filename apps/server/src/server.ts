// First: drizzle-orm, imported below, resolves faster after it (see the file).
import './db/drizzle-resolve.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Longest a SIGTERM waits for requests in flight (load balancers usually allow 30 s). */
const SHUTDOWN_GRACE_MS = 20_000;

/** Starts the hub: config, database (migrated), optional seed, listen; stops cleanly on SIGTERM/SIGINT. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Where a start's time goes, in one log line (issue 15: start ≤ 3 s on a seeded store).
  const steps: Record<string, number> = {};
  let last = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = Math.round(now - last);
    last = now;
  };
  // The database thread starts first; the app's modules load on this thread meanwhile (2 cores: ~0.5 s less to start).
  const { openDatabase } = await import('./db/client.ts');
  step('loadDatabaseClientMs');
  const [database, { buildApp }, { prepareDatabase }, { printStartupReport }] = await Promise.all([
    openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, thread: true }),
    import('./app.ts'),
    import('./bootstrap/startup.ts'),
    import('./bootstrap/operator-output.ts'),
  ]);
  step('openDatabaseAndLoadAppMs');
  const report = await prepareDatabase(database, config);
  step('prepareDatabaseMs');
  const app = await buildApp({ config, database, upkeep: true });
  step('buildAppMs');
  printStartupReport(config, report);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    // The grace period: requests in flight finish, idle keep-alive sockets close at once, a request
    // on a connection still open is served and its connection closed; whatever still runs after
    // it is cut off.
    setTimeout(() => {
      app.log.error(`still busy ${SHUTDOWN_GRACE_MS} ms after ${signal}; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // First the drain (SIGTERM: a stop by the platform): still listening and serving, health
    // answers 503 so the balancer takes this copy out, and each kept-alive connection is closed
    // by its next answer. Only then does the listener close. Ctrl-C (SIGINT) stops at once.
    app.drain();
    if (signal === 'SIGTERM') {
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
      await app.settle();
    }
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ host: config.HOST, port: config.PORT });
  step('listenMs');
  app.log.info({ ...steps, sinceProcessStartMs: Math.round(performance.now()) }, 'started');
}

await main();
