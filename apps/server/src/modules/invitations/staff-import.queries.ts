/** Database access of the staff import (issue #26): bulk look-ups of the file's emails and aliases, its jobs and their rows. */
import type { ImportOutcomeKind } from '@profilehub/shared';
import { and, asc, between, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { importJobRows, importJobs, profiles, users } from '../../db/schema.ts';

/** Look-ups go in chunks so a 10,000-row file never builds one huge statement. */
const CHUNK = 1000;
const chunks = <T>(xs: T[]) => Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

export type ExistingPerson = { userId: number; email: string; profiles: { id: number; companyId: number; alias: string | null }[] };

/** The accounts with these emails, each with its (non-template) profiles. */
export async function peopleByEmail(db: Db, emails: string[]): Promise<Map<string, ExistingPerson>> {
  const out = new Map<string, ExistingPerson>();
  for (const part of chunks(emails)) {
    if (!part.length) continue;
    const rows = await db
      .select({ userId: users.id, email: users.email, profileId: profiles.id, companyId: profiles.companyId, alias: profiles.alias })
      .from(users)
      .leftJoin(profiles, and(eq(profiles.userId, users.id), eq(profiles.isMaster, false)))
      .where(inArray(users.email, part));
    for (const r of rows) {
      const p = out.get(r.email) ?? { userId: r.userId, email: r.email, profiles: [] };
      if (r.profileId !== null && r.companyId !== null) p.profiles.push({ id: r.profileId, companyId: r.companyId, alias: r.alias });
      out.set(r.email, p);
    }
  }
  return out;
}

/** Which of these aliases are held, and by which profile. */
export async function aliasHolders(db: Db, aliases: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const part of chunks(aliases)) {
    if (!part.length) continue;
    const rows = await db.select({ id: profiles.id, alias: profiles.alias }).from(profiles).where(inArray(profiles.alias, part));
    for (const r of rows) if (r.alias) out.set(r.alias, r.id);
  }
  return out;
}

/** Re-imported people's profiles take the file's fields on top of their own (the alias only where none is set); one statement. */
export async function updateImportedProfiles(db: Db, items: { profileId: number; content: Record<string, string>; alias: string | null }[]): Promise<void> {
  if (!items.length) return;
  const rows = JSON.stringify(items.map((i) => ({ id: i.profileId, content: i.content, alias: i.alias })));
  await db.execute(sql`
    update ${profiles} set
      content = ${profiles.content} || x.content,
      alias = coalesce(${profiles.alias}, x.alias),
      updated_at = now()
    from jsonb_to_recordset(${rows}::jsonb) as x(id int, content jsonb, alias text)
    where ${profiles.id} = x.id`);
}

/** A re-imported person's profile takes the file's fields on top of its own (its alias only if it has none). */
export async function updateImportedProfile(db: Db, profileId: number, content: Record<string, string>, alias: string | null): Promise<void> {
  await db
    .update(profiles)
    .set({
      content: sql`${profiles.content} || ${JSON.stringify(content)}::jsonb`,
      ...(alias ? { alias: sql`coalesce(${profiles.alias}, ${alias})` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(profiles.id, profileId));
}

type ImportJobRow = typeof importJobs.$inferSelect;
type NewImportJob = typeof importJobs.$inferInsert;
export type RowOutcome = { row: number; email: string; outcome: ImportOutcomeKind; message: string };

export async function insertImportJob(db: Db, job: NewImportJob): Promise<number> {
  const [row] = await db.insert(importJobs).values(job).returning({ id: importJobs.id });
  return row!.id;
}

/** A job without its file (status and policy). */
export async function importJobById(db: Db, id: number) {
  const [row] = await db
    .select({
      id: importJobs.id,
      createdBy: importJobs.createdBy,
      companyIds: importJobs.companyIds,
      fileName: importJobs.fileName,
      notify: importJobs.notify,
      state: importJobs.state,
      total: importJobs.total,
      done: importJobs.done,
      created: importJobs.created,
      updated: importJobs.updated,
      skipped: importJobs.skipped,
    })
    .from(importJobs)
    .where(eq(importJobs.id, id));
  return row;
}

/** Everything the job needs to run: the file, the mapping and the starter. */
export async function importJobToRun(db: Db, id: number): Promise<ImportJobRow | undefined> {
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  return row;
}

export async function setImportJobState(db: Db, id: number, state: 'running' | 'done' | 'failed'): Promise<void> {
  await db
    .update(importJobs)
    .set(state === 'running' ? { state } : { state, file: null, finishedAt: new Date() })
    .where(eq(importJobs.id, id));
}

/**
 * Takes the job's row lock for this transaction (a second runner of the same job waits here)
 * and answers which of these rows already have an outcome.
 */
export async function lockRowsDone(tx: Db, jobId: number, first: number, last: number): Promise<Set<number>> {
  await tx.select({ id: importJobs.id }).from(importJobs).where(eq(importJobs.id, jobId)).for('update');
  const rows = await tx
    .select({ row: importJobRows.row })
    .from(importJobRows)
    .where(and(eq(importJobRows.jobId, jobId), between(importJobRows.row, first, last)));
  return new Set(rows.map((r) => r.row));
}

/** Records rows' outcomes and adds them to the job's counts (in the transaction that imported them). */
export async function recordOutcomes(tx: Db, jobId: number, outcomes: RowOutcome[]): Promise<void> {
  if (!outcomes.length) return;
  await tx.insert(importJobRows).values(outcomes.map((o) => ({ jobId, ...o })));
  const count = (k: ImportOutcomeKind) => outcomes.filter((o) => o.outcome === k).length;
  await tx
    .update(importJobs)
    .set({
      done: sql`${importJobs.done} + ${outcomes.length}`,
      created: sql`${importJobs.created} + ${count('created')}`,
      updated: sql`${importJobs.updated} + ${count('updated')}`,
      skipped: sql`${importJobs.skipped} + ${count('skipped')}`,
    })
    .where(eq(importJobs.id, jobId));
}

/** A job's outcomes in row order, a page at a time (the result file streams them). */
export async function* outcomesOf(db: Db, jobId: number, page = 1000): AsyncGenerator<RowOutcome> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ row: importJobRows.row, email: importJobRows.email, outcome: importJobRows.outcome, message: importJobRows.message })
      .from(importJobRows)
      .where(and(eq(importJobRows.jobId, jobId), gt(importJobRows.row, after)))
      .orderBy(asc(importJobRows.row))
      .limit(page);
    for (const r of rows) yield r as RowOutcome;
    if (rows.length < page) return;
    after = rows.at(-1)!.row;
  }
}
