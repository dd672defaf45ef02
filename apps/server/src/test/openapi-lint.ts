import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lint, loadConfig } from '@redocly/openapi-core';
import { buildApp } from '../app.ts';
import { loadConfig as loadAppConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

/** The repository's Redocly rules (`redocly.yaml`: `recommended`, two rules off and why). */
const REDOCLY_CONFIG = path.resolve(import.meta.dirname, '../../../../redocly.yaml');

export type LintResult = { errors: number; warnings: number; lines: string[] };

/**
 * Lints an OpenAPI document with Redocly's rules, the same for `npm run lint`
 * (scripts/openapi-lint.mjs) and the document's test. The document goes through a file,
 * as a generated client or `redocly lint` would read it.
 */
export async function lintOpenapi(document: object): Promise<LintResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ph-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
    const config = await loadConfig({ configPath: REDOCLY_CONFIG });
    const problems = await lint({ ref: file, config });
    const lines = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
    return {
      errors: problems.filter((p) => p.severity === 'error').length,
      warnings: problems.filter((p) => p.severity === 'warn').length,
      lines,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The API document of the app as built, on a fresh embedded database in a temporary folder. */
export async function buildOpenapiDocument(): Promise<object> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ph-openapi-app-'));
  const database = await openDatabase({});
  try {
    await database.migrate();
    const config = loadAppConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'openapi-lint-secret-that-is-long-enough!!',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://hub.test',
      DATA_DIR: dir,
    });
    const app = await buildApp({ config, database });
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
