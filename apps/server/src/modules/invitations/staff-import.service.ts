/**
 * Bulk import of staff (issue #26): a supervisor (into their divisions) or a superadmin
 * (into any) uploads a CSV or .xlsx file, maps its columns, previews every row with its
 * errors in the invite dialog's words (spec §5, §8), then imports the valid rows. Each new
 * person is created by the invite flow's own code (createInvitees); a person already in
 * the row's division is updated, so the same file imported again creates nobody twice.
 */
import {
  aliasTakenMessage,
  cleanInviteAlias,
  guessImportMapping,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportField,
  type ImportMapping,
  type ImportOutcome,
  type ImportPreviewResponse,
  type ImportPreviewRow,
  type ImportResult,
  INVITE_ALIAS_MESSAGE,
  INVITE_MESSAGES,
  isValidInviteAlias,
  JOB_TITLE_MAX,
  normalizeEmail,
  PROFILE_API_MESSAGES,
  PROFILE_MESSAGES,
  RESERVED_ALIASES,
} from '@profilehub/shared';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import { type Actor, canAdminister, canInvite } from '../../http/policy.ts';
import { adminScope } from '../../http/scope.ts';
import { audit } from '../audit/audit.service.ts';
import { flagsOf } from '../companies/companies.queries.ts';
import { brandOfDivision } from '../mail/branding.ts';
import { isUniqueViolation } from '../profiles/profiles.queries.ts';
import { inviteDivisionRows } from './invitations.queries.ts';
import { createInvitees, type InviteTarget } from './invitations.service.ts';
import { aliasHolders, type ExistingPerson, peopleByEmail, updateImportedProfile, updateImportedProfiles } from './staff-import.queries.ts';

type Sheet = { headers: string[]; rows: string[][] };
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

/** Reads the upload: the first sheet of an .xlsx, or a CSV (comma or semicolon separated), as text cells. */
async function readSheet(fileName: string, base64: string): Promise<Sheet> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > IMPORT_MAX_BYTES) throw new AppError(413, 'file_too_large', IMPORT_MESSAGES.tooLarge);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const isXlsx = /\.xlsx$/i.test(fileName) || bytes.subarray(0, 2).toString('latin1') === 'PK';
  try {
    if (isXlsx) await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    else {
      const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
      const firstLine = text.slice(0, text.search(/\r?\n|$/));
      const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
      const { Readable } = await import('node:stream');
      await workbook.csv.read(Readable.from([text]), { map: (v: unknown) => v, parserOptions: { delimiter } } as never);
    }
  } catch {
    throw badRequest(IMPORT_MESSAGES.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 2) throw badRequest(IMPORT_MESSAGES.empty);
  if (sheet.rowCount - 1 > IMPORT_MAX_ROWS) throw new AppError(413, 'file_too_large', IMPORT_MESSAGES.tooManyRows);
  const width = sheet.columnCount;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(row.getCell(c).text.trim());
    rows.push(cells);
  });
  const headers = rows.shift()!.map((h, i) => h || `Column ${i + 1}`);
  return { headers, rows };
}

/** The divisions the caller can import into, by lower-cased title and by id. */
async function divisionsOf(deps: Pick<Deps, 'db'>, actor: Actor) {
  const rows = await inviteDivisionRows(deps.db, adminScope(actor), undefined, 100_000);
  const byKey = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    byKey.set(r.company.title.trim().toLowerCase(), r);
    byKey.set(String(r.company.id), r);
  }
  return { byKey, only: rows.length === 1 ? rows[0] : undefined };
}

/** Every row of the file, checked against the rules of the invite dialog and the database. */
async function checkRows(deps: Pick<Deps, 'db'>, actor: Actor, sheet: Sheet, mapping: ImportMapping): Promise<Checked[]> {
  if (!canAdminister(actor)) throw forbidden();
  if (!mapping.email) throw badRequest(IMPORT_MESSAGES.emailColumn, 'mapping.email');
  if (!mapping.fullName) throw badRequest(IMPORT_MESSAGES.nameColumn, 'mapping.fullName');
  const col = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, mapping[f] === undefined ? -1 : sheet.headers.indexOf(mapping[f]!)])) as Record<
    ImportField,
    number
  >;
  for (const f of IMPORT_FIELDS) if (mapping[f] !== undefined && col[f] < 0) throw badRequest(`The file has no column “${mapping[f]}”.`, `mapping.${f}`);
  const divisions = await divisionsOf(deps, actor);

  const firstRowOf = new Map<string, number>();
  const checked: Checked[] = sheet.rows.map((cells, i) => {
    const row = i + 2;
    const values = Object.fromEntries(IMPORT_FIELDS.filter((f) => col[f] >= 0).map((f) => [f, cells[col[f]] ?? ''])) as Partial<Record<ImportField, string>>;
    const errors: string[] = [];
    const name = values.fullName ?? '';
    if (!name) errors.push(INVITE_MESSAGES.nameRequired);
    else if (name.length > 100) errors.push('The name is too long (100 characters at most).');
    const email = normalizeEmail(values.email ?? '');
    if (!email) errors.push(INVITE_MESSAGES.emailRequired);
    else if (email.length > 254 || !isEmail(email)) errors.push('Please enter a valid email address');
    else if (firstRowOf.has(email)) errors.push(IMPORT_MESSAGES.duplicateEmail(firstRowOf.get(email)!));
    else firstRowOf.set(email, row);
    let alias: string | null = null;
    if (values.alias) {
      alias = cleanInviteAlias(values.alias);
      if (!isValidInviteAlias(alias) || alias.length > 100) errors.push(INVITE_ALIAS_MESSAGE);
      else if (RESERVED_ALIASES.includes(alias)) errors.push(aliasTakenMessage(alias));
    }
    let division: Division | undefined;
    const named = values.division ?? '';
    const found = named ? divisions.byKey.get(named.toLowerCase()) : divisions.only;
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
  });

  // Aliases first: a person who holds an alias by then is committed, so the emails read next see them too.
  const holders = await aliasHolders(
    deps.db,
    checked.filter((c) => !c.errors.length && c.alias).map((c) => c.alias!),
  );
  const people = await peopleByEmail(
    deps.db,
    checked.filter((c) => !c.errors.length).map((c) => c.email),
  );
  const aliasRow = new Map<string, number>();
  for (const c of checked) {
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
      else if (aliasRow.has(c.alias)) c.errors.push(aliasTakenMessage(c.alias));
      else aliasRow.set(c.alias, c.row);
    }
  }
  return checked;
}

/** POST /users/import/preview: the file's headers, the mapping (guessed when not given), every row with its errors. */
export async function previewImport(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  input: { fileName: string; file: string; mapping?: ImportMapping | undefined },
): Promise<ImportPreviewResponse> {
  if (!canAdminister(actor)) throw forbidden();
  const sheet = await readSheet(input.fileName, input.file);
  const mapping = input.mapping ?? guessImportMapping(sheet.headers);
  const rows = await checkRows(deps, actor, sheet, mapping);
  const invalid = rows.filter((r) => r.errors.length).length;
  return {
    headers: sheet.headers,
    mapping,
    rows: rows.map(({ row, values, errors }) => ({ row, values, errors })),
    valid: rows.length - invalid,
    invalid,
  };
}

/** A valid new row as the invite flow's person in its division. */
const invitee = (c: Checked, brand: InviteTarget['brand']) => ({
  target: { ...c.division!, brand },
  person: { name: c.name, email: c.email, alias: c.alias, content: c.content },
});

/** Creates (as an invitation) or updates one valid row; a lost race on the email becomes an update. */
async function importRow(deps: Pick<Deps, 'db' | 'jobs'>, actor: Actor, c: Checked, brand: InviteTarget['brand']): Promise<ImportOutcome> {
  const base = { row: c.row, email: c.email };
  const division = c.division!;
  const content = { ...c.content, fullName: c.name };
  if (c.profileId !== undefined) {
    await updateImportedProfile(deps.db, c.profileId, content, c.alias);
    return { ...base, outcome: 'updated', message: 'Updated' };
  }
  try {
    await deps.jobs.transaction(deps.db, (tx, mail) => createInvitees(tx, mail, actor, [invitee(c, brand)]));
    return { ...base, outcome: 'created', message: brand ? 'Invited' : 'Created' };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  // Someone created this email (another import of the same file, say) or took the alias meanwhile.
  const person = (await peopleByEmail(deps.db, [c.email])).get(c.email);
  const own = person?.profiles.find((p) => p.companyId === division.company.id);
  if (own) {
    await updateImportedProfile(deps.db, own.id, content, own.alias ? null : c.alias);
    return { ...base, outcome: 'updated', message: 'Updated' };
  }
  return { ...base, outcome: 'failed', message: person ? INVITE_MESSAGES.alreadyUser : aliasTakenMessage(c.alias ?? '') };
}

/** Rows written in one transaction: a commit per row would cost ~10k disk flushes for a full file. */
const BATCH = 200;

/**
 * The valid rows of a batch in one transaction (updates, and creations through createInvitees);
 * when another writer got in first (a unique email or alias), the batch is rolled back and
 * its rows go one by one, each lost race becoming an update or a failed row.
 */
async function importBatch(deps: Pick<Deps, 'db' | 'jobs'>, actor: Actor, batch: Checked[], brandOf: (c: Checked) => InviteTarget['brand']) {
  try {
    return await deps.jobs.transaction(deps.db, async (tx, mail) => {
      const out: ImportOutcome[] = [];
      const fresh = batch.filter((c) => c.profileId === undefined);
      if (fresh.length)
        await createInvitees(
          tx,
          mail,
          actor,
          fresh.map((c) => invitee(c, brandOf(c))),
        );
      await updateImportedProfiles(
        tx,
        batch.filter((c) => c.profileId !== undefined).map((c) => ({ profileId: c.profileId!, content: { ...c.content, fullName: c.name }, alias: c.alias })),
      );
      for (const c of batch) {
        const base = { row: c.row, email: c.email };
        if (c.profileId !== undefined) out.push({ ...base, outcome: 'updated', message: 'Updated' });
        else out.push({ ...base, outcome: 'created', message: brandOf(c) ? 'Invited' : 'Created' });
      }
      return out;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const out: ImportOutcome[] = [];
  for (const c of batch) out.push(await importRow(deps, actor, c, brandOf(c)));
  return out;
}

/** POST /users/import: checks the file again and imports its valid rows; every row's outcome. */
export async function runImport(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  actor: Actor,
  input: { fileName: string; file: string; mapping?: ImportMapping | undefined; notify: boolean },
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportResult> {
  if (!canAdminister(actor)) throw forbidden();
  const sheet = await readSheet(input.fileName, input.file);
  const rows = await checkRows(deps, actor, sheet, input.mapping ?? guessImportMapping(sheet.headers));
  const brands = new Map<number, InviteTarget['brand']>();
  if (input.notify) {
    for (const c of rows) {
      const id = c.division?.company.id;
      if (!c.errors.length && id !== undefined && !brands.has(id)) brands.set(id, await brandOfDivision(deps.db, id, deps.config.PUBLIC_URL));
    }
  }
  const brandOf = (c: Checked) => brands.get(c.division!.company.id) ?? null;
  const byRow = new Map<number, ImportOutcome>();
  for (const c of rows) if (c.errors.length) byRow.set(c.row, { row: c.row, email: c.email, outcome: 'failed', message: c.errors.join(' ') });
  const valid = rows.filter((c) => !c.errors.length);
  for (let i = 0; i < valid.length; i += BATCH) {
    for (const o of await importBatch(deps, actor, valid.slice(i, i + BATCH), brandOf)) byRow.set(o.row, o);
    onProgress(Math.min(i + BATCH, valid.length), valid.length);
  }
  const out = rows.map((c) => byRow.get(c.row)!);
  const count = (o: ImportOutcome['outcome']) => out.filter((r) => r.outcome === o).length;
  const counts = { created: count('created'), updated: count('updated'), failed: count('failed') };
  // One line for the whole file (each new person also has their own user.invited line).
  await audit(deps.db, actor.userId, 'users.imported', undefined, { details: { file: input.fileName, rows: out.length, ...counts } });
  return { ...counts, rows: out };
}
