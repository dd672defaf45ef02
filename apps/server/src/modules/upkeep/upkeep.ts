import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../events/rollups.ts';

/** Periodic work on the shared database: each task runs once per period across every copy of the server. */
export type UpkeepTask = { name: string; everyMs: number; run: () => Promise<unknown> };

/**
 * Claims this period's run of a task for this process. One atomic upsert on `app_state`:
 * of any number of copies asking at the same moment, exactly one gets the row back.
 */
export async function claimRun(db: Db, name: string, everyMs: number, now = new Date()): Promise<boolean> {
  const key = `upkeep:${name}`;
  const at = now.toISOString();
  const due = new Date(now.getTime() - everyMs).toISOString();
  const rows = rowsOf(
    await db.execute(sql`
      insert into app_state (key, value) values (${key}, jsonb_build_object('at', ${at}::text))
      on conflict (key) do update set value = excluded.value
      where (app_state.value->>'at')::timestamptz <= ${due}::timestamptz
      returning key`),
  );
  return rows.length === 1;
}

/**
 * Runs each task when its period has passed, checking every `tickMs`. A failing task is
 * logged and tried again next period; it never stops the others or the server.
 */
export function startUpkeep(db: Db, log: FastifyBaseLogger, tasks: UpkeepTask[], tickMs = 60_000): { stop: () => void } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const task of tasks) {
        try {
          if (await claimRun(db, task.name, task.everyMs)) await task.run();
        } catch (err) {
          log.error({ err, task: task.name }, 'upkeep task failed');
        }
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), tickMs);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}
