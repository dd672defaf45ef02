/**
 * Bulk import of staff (issue #26): a supervisor (into their divisions) or a superadmin
 * (into any) uploads a CSV or .xlsx file, maps its columns, previews every row with its
 * errors in the invite dialog's words (spec §5, §8), then imports the valid rows as a job
 * (pg-boss) that any copy of the server runs, in batches of one transaction each, while the
 * page polls its progress. Each new person is created by the invite flow's own code
 * (createInvitees); a person already in the row's division is updated, so the same file
 * imported again creates nobody twice. Each row's outcome is written in the transaction that
 * imports it: a job that restarts skips the rows it already did, and the result file is
 * read from those outcomes.
 */
import {
  aliasTakenMessage,
  cleanInviteAlias,
  guessImportMapping,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  type ImportField,
  type ImportJob,
  type ImportMapping,
  type ImportPreviewResponse,
  type ImportPreviewRow,
  INVITE_ALIAS_MESSAGE,
  INVITE_MESSAGES,
  isValidInviteAlias,
  JOB_TITLE_MAX,
  normalizeEmail,
  PROFILE_API_MESSAGES,
  PROFILE_MESSAGES,
  RESERVED_ALIASES,
  type Role,
} from '@profilehub/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { type Actor, canAdminister, canInvite, canSeeImport } from '../../http/policy.ts';
import { adminScope } from '../../http/scope.ts';
import { audit } from '../audit/audit.service.ts';
import { flagsOf } from '../companies/companies.queries.ts';
import { brandOfDivision } from '../mail/branding.ts';
import type { Mail } from '../mail/mailer.ts';
import { isUniqueViolation } from '../profiles/profiles.queries.ts';
import { sendCsv } from '../users/csv.ts';
import { WEBHOOK_JOB } from '../webhooks/webhooks.service.ts';
import { inviteDivisionRows } from './invitations.queries.ts';
import { createInvitees, type InviteTarget } from './invitations.service.ts';
import {
  aliasHolders,
  type ExistingPerson,
  importJobById,
  importJobToRun,
  insertImportJob,
  lockRowsDone,
  outcomesOf,
  peopleByEmail,
  type RowOutcome,
  recordOutcomes,
  setImportJobState,
  updateImportedProfile,
  updateImportedProfiles,
} from './staff-import.queries.ts';
import { openSheet, type SheetRow } from './staff-import.reader.ts';

type Division = Omit<InviteTarget, 'brand'>;

/** A checked row: what it creates or updates, or why it cannot. */
type Checked = ImportPreviewRow & {
  email: string;
  name: string;
  alias: string | null;
  division?: Division;
  content: Record<string, string>;
  /** The profile it updates: the person is already in the division. */
  profileId?: number;
};

const isEmail = (v: string) => z.email().safeParse(v).success;
const isPhone = (v: string) => /^\+?[\d\s().-]*\d[\d\s().-]*$/.test(v);

/** The divisions the caller can import into, by lower-cased title and by id. */
async function divisionsOf(db: Db, actor: Actor) {
  const rows = await inviteDivisionRows(db, adminScope(actor), undefined, 100_000);
  const byKey = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    byKey.set(r.company.title.trim().toLowerCase(), r);
    byKey.set(String(r.company.id), r);
  }
  return { byKey, only: rows.length === 1 ? rows[0] : undefined };
}

/**
 * Checks rows against the rules of the invite dialog, one at a time in file order (`local`),
 * then a batch of them against the database (`withDb`). What spans the file (an email or an
 * alias on an earlier row) is remembered by email and alias only, not by row.
 */
class RowChecker {
  readonly #actor: Actor;
  readonly #col: Record<ImportField, number>;
  readonly #divisions: Awaited<ReturnType<typeof divisionsOf>>;
  readonly #firstRowOf = new Map<string, number>();
  readonly #aliasRow = new Map<string, number>();

  private constructor(actor: Actor, col: Record<ImportField, number>, divisions: Awaited<ReturnType<typeof divisionsOf>>) {
    this.#actor = actor;
    this.#col = col;
    this.#divisions = divisions;
  }

  /** A checker for a file with these headers mapped so; a mapping without the email or name, or naming no column of the file, is refused. */
  static async for(db: Db, actor: Actor, headers: string[], mapping: ImportMapping): Promise<RowChecker> {
    if (!mapping.email) throw badRequest(IMPORT_MESSAGES.emailColumn, 'mapping.email');
    if (!mapping.fullName) throw badRequest(IMPORT_MESSAGES.nameColumn, 'mapping.fullName');
    const col = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, mapping[f] === undefined ? -1 : headers.indexOf(mapping[f]!)])) as Record<ImportField, number>;
    for (const f of IMPORT_FIELDS) if (mapping[f] !== undefined && col[f] < 0) throw badRequest(`The file has no column “${mapping[f]}”.`, `mapping.${f}`);
    return new RowChecker(actor, col, await divisionsOf(db, actor));
  }

  local({ row, cells }: SheetRow): Checked {
    const col = this.#col;
    const actor = this.#actor;
    const values = Object.fromEntries(IMPORT_FIELDS.filter((f) => col[f] >= 0).map((f) => [f, cells[col[f]] ?? ''])) as Partial<Record<ImportField, string>>;
    const errors: string[] = [];
    const name = values.fullName ?? '';
    if (!name) errors.push(INVITE_MESSAGES.nameRequired);
    else if (name.length > 100) errors.push('The name is too long (100 characters at most).');
    const email = normalizeEmail(values.email ?? '');
    if (!email) errors.push(INVITE_MESSAGES.emailRequired);
    else if (email.length > 254 || !isEmail(email)) errors.push('Please enter a valid email address');
    else if (this.#firstRowOf.has(email)) errors.push(IMPORT_MESSAGES.duplicateEmail(this.#firstRowOf.get(email)!));
    else this.#firstRowOf.set(email, row);
    let alias: string | null = null;
    if (values.alias) {
      alias = cleanInviteAlias(values.alias);
      if (!isValidInviteAlias(alias) || alias.length > 100) errors.push(INVITE_ALIAS_MESSAGE);
      else if (RESERVED_ALIASES.includes(alias)) errors.push(aliasTakenMessage(alias));
    }
    let division: Division | undefined;
    const named = values.division ?? '';
    const found = named ? this.#divisions.byKey.get(named.toLowerCase()) : this.#divisions.only;
    if (!named && !found) errors.push(INVITE_MESSAGES.divisionRequired);
    else if (!found) errors.push(IMPORT_MESSAGES.unknownDivision(named));
    else if (!canInvite(actor, { id: found.company.id, flags: flagsOf(found.company) })) errors.push(INVITE_MESSAGES.inviteNotAllowed);
    else if (found.masterProfileId === null) errors.push(INVITE_MESSAGES.noTemplate);
    else division = { company: found.company, masterId: found.masterProfileId };
    const content: Record<string, string> = {};
    if (values.jobTitle) {
      if (values.jobTitle.length > JOB_TITLE_MAX) errors.push(PROFILE_MESSAGES.jobTitleTooLong);
      content.jobTitle = values.jobTitle;
    }
    if (values.phone) {
      if (!isPhone(values.phone) || values.phone.length > 32) errors.push(PROFILE_MESSAGES.phone);
      content.mainContactNumber = values.phone;
    }
    return { row, values: values as Record<string, string>, errors, email, name, alias, ...(division ? { division } : {}), content };
  }

  /** A batch of locally checked rows against the database: accounts of their emails, holders of their aliases. */
  async withDb(db: Db, batch: Checked[]): Promise<void> {
    // Aliases first: a person who holds an alias by then is committed, so the emails read next see them too.
    const holders = await aliasHolders(
      db,
      batch.filter((c) => !c.errors.length && c.alias).map((c) => c.alias!),
    );
    const people = await peopleByEmail(
      db,
      batch.filter((c) => !c.errors.length).map((c) => c.email),
    );
    for (const c of batch) {
      if (c.errors.length || !c.division) continue;
      const person: ExistingPerson | undefined = people.get(c.email);
      const own = person?.profiles.find((p) => p.companyId === c.division!.company.id);
      // An account elsewhere (another division, or one the caller cannot see) is not the caller's to change.
      if (person && !own) c.errors.push(INVITE_MESSAGES.alreadyUser);
      if (own) c.profileId = own.id;
      if (c.alias) {
        const holder = holders.get(c.alias);
        if (own?.alias && own.alias !== c.alias) c.errors.push(PROFILE_API_MESSAGES.aliasFixed);
        else if (holder !== undefined && holder !== own?.id) c.errors.push(aliasTakenMessage(c.alias));
        else if (this.#aliasRow.has(c.alias)) c.errors.push(aliasTakenMessage(c.alias));
        else this.#aliasRow.set(c.alias, c.row);
      }
    }
  }
}

/** The file's rows, checked, in batches of `size` (each checked against the database as it comes). */
async function* checkedBatches(db: Db, rows: AsyncIterable<SheetRow>, checker: RowChecker, size: number): AsyncGenerator<Checked[]> {
  let batch: Checked[] = [];
  for await (const r of rows) {
    batch.push(checker.local(r));
    if (batch.length === size) {
      await checker.withDb(db, batch);
      yield batch;
      batch = [];
    }
  }
  if (batch.length) {
    await checker.withDb(db, batch);
    yield batch;
  }
}

/** POST /users/import/preview: the file's headers, the mapping (guessed when not given), every row with its errors. */
export async function previewImport(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  input: { fileName: string; file: string; mapping?: ImportMapping | undefined },
): Promise<ImportPreviewResponse> {
  if (!canAdminister(actor)) throw forbidden();
  const sheet = await openSheet(input.fileName, input.file);
  const mapping = input.mapping ?? guessImportMapping(sheet.headers);
  const checker = await RowChecker.for(deps.db, actor, sheet.headers, mapping);
  const rows: ImportPreviewRow[] = [];
  let invalid = 0;
  for await (const batch of checkedBatches(deps.db, sheet.rows, checker, 1000)) {
    for (const { row, values, errors } of batch) {
      rows.push({ row, values, errors });
      if (errors.length) invalid++;
    }
  }
  return { headers: sheet.headers, mapping, rows, valid: rows.length - invalid, invalid };
}

export const STAFF_IMPORT_JOB = 'staff-import';

type JobRecord = NonNullable<Awaited<ReturnType<typeof importJobById>>>;
const statusOf = (j: JobRecord): ImportJob => ({
  id: j.id,
  fileName: j.fileName,
  state: j.state as ImportJob['state'],
  notify: j.notify,
  total: j.total,
  done: j.done,
  created: j.created,
  updated: j.updated,
  skipped: j.skipped,
});

/**
 * POST /users/import: checks the file (readable, at most 10,000 rows, its mapping) and queues
 * its import as a job; answers the job's status at once. The rows are checked again, batch by
 * batch, when the job runs.
 */
export async function startImport(
  deps: Pick<Deps, 'db' | 'jobs'>,
  actor: Actor,
  input: { fileName: string; file: string; mapping?: ImportMapping | undefined; notify: boolean },
): Promise<ImportJob> {
  if (!canAdminister(actor)) throw forbidden();
  const sheet = await openSheet(input.fileName, input.file);
  const mapping = input.mapping ?? guessImportMapping(sheet.headers);
  const checker = await RowChecker.for(deps.db, actor, sheet.headers, mapping);
  const companyIds = new Set<number>();
  let total = 0;
  for await (const r of sheet.rows) {
    total++;
    const id = checker.local(r).division?.company.id;
    if (id !== undefined) companyIds.add(id);
  }
  const id = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const jobId = await insertImportJob(tx, {
      createdBy: actor.userId,
      companyIds: [...companyIds],
      actor: { userId: actor.userId, role: actor.role, companyIds: actor.companyIds, supervisedCompanyIds: actor.supervisedCompanyIds },
      fileName: input.fileName,
      file: input.file,
      mapping: mapping as Record<string, string>,
      notify: input.notify,
      total,
    });
    await deps.jobs.queue(tx, STAFF_IMPORT_JOB, { importId: jobId }, { expireInSeconds: 3600, heartbeatSeconds: 30 });
    return jobId;
  });
  deps.jobs.wakeWorker(STAFF_IMPORT_JOB);
  return statusOf((await importJobById(deps.db, id))!);
}

/** An import the actor may see; another division's answers 404 like a missing one. */
async function visibleJob(db: Db, actor: Actor, id: number): Promise<JobRecord> {
  const job = await importJobById(db, id);
  if (!job || !canSeeImport(actor, job)) throw notFound('This import does not exist.');
  return job;
}

/** GET /users/import/:id: how far the import is. */
export async function importStatus(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<ImportJob> {
  return statusOf(await visibleJob(deps.db, actor, id));
}

/** GET /users/import/:id/result: each row's outcome as a CSV, once the import has finished. */
export async function sendImportResult(deps: Pick<Deps, 'db'>, actor: Actor, id: number, reply: FastifyReply): Promise<FastifyReply> {
  const job = await visibleJob(deps.db, actor, id);
  if (job.state !== 'done' && job.state !== 'failed')
    throw new AppError(409, 'conflict', 'The import is still running; its result can be downloaded once it is done.');
  return sendCsv(reply, {
    fileName: `Import result ${id}.csv`,
    columns: [
      { header: 'Row', value: (r: RowOutcome) => r.row },
      { header: 'Email', value: (r) => r.email },
      { header: 'Outcome', value: (r) => r.outcome },
      { header: 'Reason', value: (r) => r.message },
    ],
    rows: outcomesOf(deps.db, id),
  });
}

/** A valid new row as the invite flow's person in its division. */
const invitee = (c: Checked, brand: InviteTarget['brand']) => ({
  target: { ...c.division!, brand },
  person: { name: c.name, email: c.email, alias: c.alias, content: c.content },
});

/** What a checked row comes to when it is written as checked. */
function outcomeOf(c: Checked, brand: InviteTarget['brand']): RowOutcome {
  const base = { row: c.row, email: c.email };
  if (c.errors.length) return { ...base, outcome: 'skipped', message: c.errors.join(' ') };
  if (c.profileId !== undefined) return { ...base, outcome: 'updated', message: 'Updated' };
  return { ...base, outcome: 'created', message: brand ? 'Invited' : 'Created' };
}

type Tx = (db: Db, work: (tx: Db, mail: (m: Mail) => void) => Promise<void>) => Promise<void>;

/**
 * One row in its own transaction, unless it already has an outcome (another runner of this
 * job did it): created (as an invitation), updated, or skipped; a lost race on the email
 * becomes an update of the person in this division, or a skipped row.
 */
async function importRow(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  transaction: Tx,
  jobId: number,
  actor: Actor,
  c: Checked,
  brand: InviteTarget['brand'],
): Promise<void> {
  const { db } = deps;
  const once = (work: (tx: Db, mail: (m: Mail) => void) => Promise<RowOutcome>) =>
    transaction(db, async (tx, mail) => {
      if ((await lockRowsDone(tx, jobId, c.row, c.row)).size) return;
      await recordOutcomes(tx, jobId, [await work(tx, mail)]);
    });
  const content = { ...c.content, fullName: c.name };
  if (c.errors.length || c.profileId !== undefined) {
    return once(async (tx) => {
      if (c.profileId !== undefined) await updateImportedProfile(tx, c.profileId, content, c.alias);
      return outcomeOf(c, brand);
    });
  }
  try {
    return await once(async (tx, mail) => {
      await createInvitees(tx, mail, actor, [invitee(c, brand)], deps);
      return outcomeOf(c, brand);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  // Someone created this email (another import of the same file, say) or took the alias meanwhile.
  const person = (await peopleByEmail(db, [c.email])).get(c.email);
  const own = person?.profiles.find((p) => p.companyId === c.division!.company.id);
  return once(async (tx) => {
    const base = { row: c.row, email: c.email };
    if (!own) return { ...base, outcome: 'skipped', message: person ? INVITE_MESSAGES.alreadyUser : aliasTakenMessage(c.alias ?? '') };
    await updateImportedProfile(tx, own.id, content, own.alias ? null : c.alias);
    return { ...base, outcome: 'updated', message: 'Updated' };
  });
}

/**
 * Rows written in one transaction: a commit per row would cost ~10k disk flushes for a full
 * file, and each batch costs a dozen round trips, which a busy database makes slow.
 */
const BATCH = 500;

/**
 * A batch in one transaction: its rows not yet done are created (createInvitees), updated or
 * skipped, and their outcomes recorded with them. When another writer got in first (a unique
 * email or alias), the batch is rolled back and its rows go one by one.
 */
async function importBatch(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  jobId: number,
  actor: Actor,
  batch: Checked[],
  brandOf: (c: Checked) => InviteTarget['brand'],
) {
  const transaction: Tx = (db, work) => deps.jobs.transaction(db, work);
  try {
    return await transaction(deps.db, async (tx, mail) => {
      const done = await lockRowsDone(tx, jobId, batch[0]!.row, batch.at(-1)!.row);
      const todo = batch.filter((c) => !done.has(c.row));
      const valid = todo.filter((c) => !c.errors.length);
      const fresh = valid.filter((c) => c.profileId === undefined);
      if (fresh.length)
        await createInvitees(
          tx,
          mail,
          actor,
          fresh.map((c) => invitee(c, brandOf(c))),
          deps,
        );
      await updateImportedProfiles(
        tx,
        valid.filter((c) => c.profileId !== undefined).map((c) => ({ profileId: c.profileId!, content: { ...c.content, fullName: c.name }, alias: c.alias })),
      );
      await recordOutcomes(
        tx,
        jobId,
        todo.map((c) => outcomeOf(c, c.errors.length ? null : brandOf(c))),
      );
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  for (const c of batch) await importRow(deps, transaction, jobId, actor, c, c.errors.length ? null : brandOf(c));
}

/** The job's last try failed: the import ends as failed (its rows done so far stay, with their outcomes). */
export async function failImport(db: Db, importId: number): Promise<void> {
  await setImportJobState(db, importId, 'failed');
}

/**
 * The job (on whichever copy fetched it): reads the stored file row by row and imports it in
 * batches, each with its rows' outcomes; rows that already have one (an earlier run that
 * stopped midway) are passed over, so running it again is safe. A file that has become
 * unreadable, or a mapping that no longer fits, ends the job as failed; anything else throws
 * and pg-boss retries it. A test can stop it after a batch (`afterBatch`) and make batches smaller.
 */
export async function runImportJob(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  importId: number,
  { afterBatch = () => {}, batchSize = BATCH }: { afterBatch?: (batchNo: number) => void; batchSize?: number } = {},
): Promise<{ importId: number }> {
  const job = await importJobToRun(deps.db, importId);
  if (!job || job.file === null || job.state === 'done' || job.state === 'failed') return { importId };
  await setImportJobState(deps.db, importId, 'running');
  const actor: Actor = { ...job.actor, role: job.actor.role as Role, sessionId: '' };
  const brands = new Map<number, InviteTarget['brand']>();
  try {
    const sheet = await openSheet(job.fileName, job.file);
    const checker = await RowChecker.for(deps.db, actor, sheet.headers, job.mapping);
    let n = 0;
    for await (const batch of checkedBatches(deps.db, sheet.rows, checker, batchSize)) {
      if (job.notify) {
        for (const c of batch) {
          const id = c.division?.company.id;
          if (!c.errors.length && id !== undefined && !brands.has(id)) brands.set(id, await brandOfDivision(deps.db, id, deps.config.PUBLIC_URL));
        }
      }
      await importBatch(deps, importId, actor, batch, (c) => brands.get(c.division!.company.id) ?? null);
      deps.jobs.wakeWorker(WEBHOOK_JOB); // each new person's user.invited event, committed with the batch
      afterBatch(++n);
    }
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    await setImportJobState(deps.db, importId, 'failed');
    return { importId };
  }
  await setImportJobState(deps.db, importId, 'done');
  // One line for the whole file (each new person also has their own user.invited line).
  const done = await importJobById(deps.db, importId);
  if (done) {
    const details = { file: job.fileName, rows: done.total, created: done.created, updated: done.updated, skipped: done.skipped };
    await audit(deps.db, job.actor.userId, 'users.imported', undefined, { details });
  }
  return { importId };
}
