import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Shared settings of the e2e run: the config, the global setup and the specs read them from here. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The server's port. E2E_PORT when set; otherwise one the system says is free now, so that
 * neither a second run nor a service of the machine holds it (a port derived from the pid once
 * landed on NATS's 4222). The runner writes it to the environment, which its worker processes
 * inherit. Synchronous (a child process asks), as the config reads it when it loads. A spec's
 * own servers (first run, second customer) ask the server tests' `freePort` as they start.
 */
if (!process.env.E2E_PORT) process.env.E2E_PORT = freePortNow();
function freePortNow(): string {
  const ask = "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });";
  return execFileSync(process.execPath, ['-e', ask], { encoding: 'utf8' }).trim();
}
export const PORT = Number(process.env.E2E_PORT);
export const BASE_URL = `http://localhost:${PORT}`;
/** The white-labelled hub host of the seeded Acme company (Chromium resolves *.localhost to loopback). */
export const ACME_HUB_URL = `http://hub.acme.localhost:${PORT}`;
export const SEED_PASSWORD = 'E2e-Password-123';
export const SHOTS_DIR = path.join(ROOT, '.tmp', 'e2e-shots');
