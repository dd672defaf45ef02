import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** A round trip to the database: throws when it does not answer. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
