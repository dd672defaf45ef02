import { PgBoss } from 'pg-boss';

/** How the job queue reaches the database: plain SQL with `$1` parameters (several statements when there are none). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** The job queue's tables live in their own schema, beside ours. */
export const JOB_SCHEMA = 'jobs';

/**
 * Creates or upgrades the job queue's schema (pg-boss installs and migrates its own
 * tables under its own advisory lock). Part of `database.migrate()`, so it runs under
 * the start-up lock and the test template database already has it.
 */
export async function migrateJobs(executeSql: ExecuteSql, backend: 'pglite' | 'postgres'): Promise<void> {
  const boss = new PgBoss({ db: { executeSql }, backend, schema: JOB_SCHEMA, supervise: false, schedule: false, registerInstance: false });
  let failure: unknown;
  boss.on('error', (err) => {
    failure ??= err;
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
  if (failure) throw failure;
}
