// A second copy of the server for bench/webhooks.mjs, in a process of its own (forked, with IPC): the
// app built on the PostgreSQL database given as argv[2], with the settings given as JSON in argv[3],
// so its delivery worker claims due webhook deliveries beside the benchmark process's own. It sends
// { ready: true } once started; { stop: true } closes it (its worker gives back what it holds) and
// it exits.
import path from 'node:path';
import { ROOT } from './common.mjs';

const [url, settings] = process.argv.slice(2);
const { openDatabase } = await import(path.join(ROOT, 'apps/server/src/db/client.ts'));
const { buildApp } = await import(path.join(ROOT, 'apps/server/src/app.ts'));
const { loadConfig } = await import(path.join(ROOT, 'apps/server/src/config.ts'));
const database = await openDatabase({ url });
const app = await buildApp({ config: loadConfig(JSON.parse(settings)), database });
await app.ready();
process.send({ ready: true });
process.on('message', async (m) => {
  if (!m.stop) return;
  await app.close();
  await database.close();
  process.exit(0);
});
process.on('disconnect', () => process.exit(0));
