import { existsSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';

/** Stops the server the setup started (its whole process group) and removes the run's data. */
export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env.E2E_SERVER_PID);
  if (pid > 0) {
    await stopGroup(pid);
    delete process.env.E2E_SERVER_PID;
  }

  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir && !process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  // The server log is kept only when the server logged an error (pino levels 50 and 60).
  const log = process.env.E2E_SERVER_LOG;
  if (log && existsSync(log) && !/"level":(50|60)/.test(readFileSync(log, 'utf8'))) rmSync(log, { force: true });
  const webDir = process.env.E2E_WEB_DIR;
  if (webDir) rmSync(webDir, { recursive: true, force: true });

  const adminUrl = process.env.E2E_ADMIN_DATABASE_URL;
  const name = process.env.E2E_DATABASE_NAME;
  if (adminUrl && name && !process.env.E2E_KEEP_DATA) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
    delete process.env.E2E_DATABASE_NAME;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function stopGroup(pid: number): Promise<void> {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && alive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
  if (alive(pid)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone in the meantime.
    }
  }
}
