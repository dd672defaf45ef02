import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Shared settings of the e2e run: the config, the global setup and the specs read them from here. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The server's port. E2E_PORT when set; otherwise one derived from the runner's pid
 * (3210–3709), so two runs on one machine (say, CI and a person) do not collide. The
 * runner writes it to the environment, which its worker processes inherit.
 */
if (!process.env.E2E_PORT) process.env.E2E_PORT = String(3210 + (process.pid % 500));
export const PORT = Number(process.env.E2E_PORT);
export const BASE_URL = `http://localhost:${PORT}`;
/** The white-labelled hub host of the seeded Acme company (Chromium resolves *.localhost to loopback). */
export const ACME_HUB_URL = `http://hub.acme.localhost:${PORT}`;
export const SEED_PASSWORD = 'E2e-Password-123';
export const SHOTS_DIR = path.join(ROOT, '.tmp', 'e2e-shots');
