/** Database access of the audit log (issue #26): its lines written, and read back filtered, newest first. */
import { and, count, desc, eq, gte, inArray, lt, lte, max, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, companies, users } from '../../db/schema.ts';
import { likeText } from '../users/users.queries.ts';

type AuditLine = {
  actorId: number | null;
  action: string;
  target: string | null;
  companyId: number | null;
  meta: Record<string, unknown>;
};

export async function insertAuditLines(db: Db, lines: AuditLine[]): Promise<void> {
  if (lines.length) await db.insert(auditLog).values(lines);
}

/** What the log is narrowed to; days are UTC and inclusive. */
export type AuditFilter = {
  actorId?: number | undefined;
  actorText?: string | undefined;
  actions?: string[] | undefined;
  companyIds?: number[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  text?: string | undefined;
  /** Lines up to this id only: an export's pages stay put while new lines arrive. */
  upToId?: number | undefined;
};

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

function whereOf(f: AuditFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.actorId !== undefined) where.push(eq(auditLog.actorId, f.actorId));
  if (f.actorText) {
    const like = likeText(f.actorText);
    where.push(
      sql`${auditLog.actorId} in (select ${users.id} from ${users} where ${users.email} ilike ${like} or concat_ws(' ', ${users.firstName}, ${users.lastName}) ilike ${like})`,
    );
  }
  if (f.actions?.length) where.push(inArray(auditLog.action, f.actions));
  if (f.companyIds?.length) where.push(inArray(auditLog.companyId, f.companyIds));
  if (f.from) where.push(gte(auditLog.createdAt, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) where.push(lt(auditLog.createdAt, nextDay(f.to)));
  if (f.text) {
    const like = likeText(f.text);
    where.push(or(sql`${auditLog.action} ilike ${like}`, sql`${auditLog.target} ilike ${like}`, sql`${auditLog.meta}::text ilike ${like}`));
  }
  if (f.upToId !== undefined) where.push(lte(auditLog.id, f.upToId));
  const list = where.filter((w): w is SQL => w !== undefined);
  return list.length ? and(...list) : undefined;
}

/** A line as the screen and the export read it: who acted and the division resolved. */
export type AuditRow = {
  id: number;
  createdAt: Date;
  actorId: number | null;
  action: string;
  target: string | null;
  companyId: number | null;
  meta: Record<string, unknown>;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  companyTitle: string | null;
};

/** One page of the filtered log, newest first (the id breaks ties of one instant). */
export async function auditRows(db: Db, f: AuditFilter, offset: number, limit: number): Promise<AuditRow[]> {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      action: auditLog.action,
      target: auditLog.target,
      companyId: auditLog.companyId,
      meta: auditLog.meta,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      companyTitle: companies.title,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(companies, eq(companies.id, auditLog.companyId))
    .where(whereOf(f))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

export async function countAuditRows(db: Db, f: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(whereOf(f));
  return row?.n ?? 0;
}

/**
 * Every line of the filtered log in batches, newest first: an export never holds more than
 * one batch, and lines written while it runs are left out (they would shift the pages).
 */
export async function* streamAuditRows(db: Db, f: AuditFilter, batch = 1000): AsyncGenerator<AuditRow> {
  const [last] = await db.select({ id: max(auditLog.id) }).from(auditLog);
  const upTo = { ...f, upToId: last?.id ?? 0 };
  for (let offset = 0; ; offset += batch) {
    const rows = await auditRows(db, upTo, offset, batch);
    yield* rows;
    if (rows.length < batch) return;
  }
}
