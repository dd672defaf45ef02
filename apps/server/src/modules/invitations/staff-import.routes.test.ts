import { aliasTakenMessage, INVITE_ALIAS_MESSAGE, INVITE_MESSAGES, PROFILE_MESSAGES } from '@profilehub/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyMembers, importJobRows, importJobs, profiles, users } from '../../db/schema.ts';
import { createCompany, createUser, lastMailTo, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { runImportJob } from './staff-import.service.ts';

const t = useTestApp();

let n = 0;
const tag = () => `imp${Date.now().toString(36)}${n++}`;
async function division(flags = { invite_users: true }) {
  const company = await createCompany(t.app.deps.db, { flags });
  const sup = await createUser(t.app, { role: 'supervisor', companyId: company.id });
  return { company, sup, headers: (await signIn(t.app, sup.email)).headers };
}
const csv = (lines: string[][]) => Buffer.from(lines.map((l) => l.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\r\n')).toString('base64');
const HEAD = ['Full name', 'E-mail', 'Alias', 'Division', 'Job title', 'Mobile'];
const post = (url: string, headers: Record<string, string>, file: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload: { fileName: 'staff.csv', file, ...extra } });

describe('POST /api/users/import/preview', () => {
  it('guesses the mapping from the headers and names each row’s errors in the invite dialog’s words', async () => {
    const d = await division();
    const other = await createCompany(t.app.deps.db, { flags: { invite_users: true } });
    const taken = await createUser(t.app, { companyId: d.company.id });
    const [takenProfile] = await t.app.deps.db.select().from(profiles).where(eq(profiles.userId, taken.id));
    const takenAlias = `taken-${tag()}`;
    await t.app.deps.db.update(profiles).set({ alias: takenAlias }).where(eq(profiles.id, takenProfile!.id));
    const k = tag();
    const title = d.company.title;
    const file = csv([
      HEAD,
      ['Good Person', `good-${k}@example.test`, `good-${k}`, title, 'Engineer', '+27 21 555 0100'],
      ['Bad Alias', `alias-${k}@example.test`, 'no/slashes!', title, '', ''],
      ['Taken Alias', `taken-${k}@example.test`, takenAlias, title, '', ''],
      ['Dup One', `dup-${k}@example.test`, '', title, '', ''],
      ['Dup Two', `DUP-${k}@example.test`, '', title, '', ''],
      ['Bad Email', 'not-an-email', '', title, '', ''],
      ['Nowhere', `nowhere-${k}@example.test`, '', 'No Such Division', '', ''],
      ['Elsewhere', `else-${k}@example.test`, '', other.title, '', ''],
      ['', `noname-${k}@example.test`, '', title, '', 'call me'],
    ]);
    const res = await post('/api/users/import/preview', d.headers, file);
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out.mapping).toEqual({ fullName: 'Full name', email: 'E-mail', alias: 'Alias', division: 'Division', jobTitle: 'Job title', phone: 'Mobile' });
    const errors = Object.fromEntries(out.rows.map((r: { row: number; errors: string[] }) => [r.row, r.errors]));
    expect(errors).toEqual({
      2: [],
      3: [INVITE_ALIAS_MESSAGE],
      4: [aliasTakenMessage(takenAlias)],
      5: [],
      6: ['This email address is already on row 5 of the file.'],
      7: ['Please enter a valid email address'],
      8: ['Unknown division: No Such Division'],
      // A division the supervisor does not supervise is as unknown as one that does not exist.
      9: [`Unknown division: ${other.title}`],
      10: [INVITE_MESSAGES.nameRequired, PROFILE_MESSAGES.phone],
    });
    expect(out).toMatchObject({ valid: 2, invalid: 7 });
    // A preview writes nothing.
    expect(
      await t.app.deps.db
        .select()
        .from(users)
        .where(eq(users.email, `good-${k}@example.test`)),
    ).toEqual([]);
  });

  it('reads the first sheet of an .xlsx file row by row, blank rows left out', async () => {
    const d = await division();
    const k = tag();
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Staff');
    sheet.addRow(['Name', 'Email', 'Division', 'Phone']);
    sheet.addRow(['Xena Sheet', `xena-${k}@example.test`, d.company.title, '+27 21 555 0199']);
    sheet.getRow(4).values = ['Yuri Sheet', `yuri-${k}@example.test`, d.company.title, 5550100];
    book.addWorksheet('Other').addRow(['not', 'read']);
    const file = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const res = await post('/api/users/import/preview', d.headers, file, { fileName: 'staff.xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toEqual([
      { row: 2, values: { fullName: 'Xena Sheet', email: `xena-${k}@example.test`, division: d.company.title, phone: '+27 21 555 0199' }, errors: [] },
      { row: 4, values: { fullName: 'Yuri Sheet', email: `yuri-${k}@example.test`, division: d.company.title, phone: '5550100' }, errors: [] },
    ]);
  });

  it('refuses a file of more than 10,000 rows with 413 and says the limit', async () => {
    const d = await division();
    const big = Buffer.from(['Name,Email', ...Array.from({ length: 10_001 }, (_, i) => `P ${i},p${i}@example.test`)].join('\n')).toString('base64');
    const res = await post('/api/users/import/preview', d.headers, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file has too many rows: at most 10,000.');
  });

  it('refuses a file that is not a spreadsheet, and plain users', async () => {
    const d = await division();
    const bad = await post('/api/users/import/preview', d.headers, Buffer.from('PK\u0003\u0004garbage').toString('base64'), { fileName: 'x.xlsx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The file could not be read. Upload a CSV or an Excel (.xlsx) file.');
    const user = await createUser(t.app, { companyId: d.company.id });
    const res = await post('/api/users/import/preview', (await signIn(t.app, user.email)).headers, csv([HEAD]));
    expect(res.statusCode).toBe(403);
  });
});

/** Starts an import (202 and its status), then waits until no job is pending and answers its final status. */
async function importAndWait(headers: Record<string, string>, file: string, extra: Record<string, unknown> = {}) {
  const start = await post('/api/users/import', headers, file, extra);
  expect(start.statusCode, start.body).toBe(202);
  await t.app.deps.jobs.idle();
  const status = await t.app.inject({ method: 'GET', url: `/api/users/import/${start.json().id}`, headers });
  expect(status.statusCode).toBe(200);
  return status.json();
}
const resultOf = (id: number, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/users/import/${id}/result`, headers });

describe('POST /api/users/import (a job)', () => {
  it('creates each person as an invitation does, and importing the same file again updates them without duplicates', async () => {
    const d = await division();
    const k = tag();
    const rows = [
      ['Mary Ann Smith', `mary-${k}@example.test`, `mary-${k}`, d.company.title, 'Engineer', '+27 21 555 0100'],
      ['Joe Bloggs', `joe-${k}@example.test`, '', d.company.title, '', ''],
      ['Bad', 'bad', '', d.company.title, '', ''],
    ];
    const first = await importAndWait(d.headers, csv([HEAD, ...rows]), { notify: true });
    expect(first).toMatchObject({ state: 'done', total: 3, done: 3, created: 2, updated: 0, skipped: 1, notify: true });
    const [mary] = await t.app.deps.db
      .select()
      .from(users)
      .where(eq(users.email, `mary-${k}@example.test`));
    expect(mary).toMatchObject({ registered: false, role: 'user', firstName: 'Mary Ann', lastName: 'Smith' });
    const [membership] = await t.app.deps.db.select().from(companyMembers).where(eq(companyMembers.userId, mary!.id));
    expect(membership).toMatchObject({ companyId: d.company.id, role: 'member' });
    const [profile] = await t.app.deps.db.select().from(profiles).where(eq(profiles.userId, mary!.id));
    expect(profile).toMatchObject({ companyId: d.company.id, masterProfileId: d.company.masterProfileId, alias: `mary-${k}`, isMaster: false });
    expect(profile!.content).toMatchObject({ fullName: 'Mary Ann Smith', jobTitle: 'Engineer', mainContactNumber: '+27 21 555 0100' });
    expect((await lastMailTo(t.app.deps.db, `mary-${k}@example.test`))?.text).toContain('/register?email=');
    const result = await resultOf(first.id, d.headers);
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toContain('text/csv');
    expect(result.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      '"Row","Email","Outcome","Reason"',
      `"2","mary-${k}@example.test","created","Invited"`,
      `"3","joe-${k}@example.test","created","Invited"`,
      '"4","bad","skipped","Please enter a valid email address"',
      '',
    ]);

    rows[0]![4] = 'Lead Engineer';
    const again = await importAndWait(d.headers, csv([HEAD, ...rows]), { notify: false });
    expect(again).toMatchObject({ state: 'done', created: 0, updated: 2, skipped: 1 });
    const emails = [`mary-${k}@example.test`, `joe-${k}@example.test`];
    const people = await t.app.deps.db.select().from(users).where(inArray(users.email, emails));
    expect(people).toHaveLength(2);
    const theirs = await t.app.deps.db
      .select()
      .from(profiles)
      .where(
        inArray(
          profiles.userId,
          people.map((p) => p.id),
        ),
      );
    expect(theirs).toHaveLength(2);
    expect(theirs.find((p) => p.userId === mary!.id)!.content).toMatchObject({ jobTitle: 'Lead Engineer' });
  });

  it('20 parallel imports of the same file create each person once', async () => {
    const d = await division();
    const k = tag();
    const rows = Array.from({ length: 5 }, (_, i) => [`Person ${i}`, `p${i}-${k}@example.test`, `p${i}-${k}`, d.company.title, '', '']);
    const file = csv([HEAD, ...rows]);
    const starts = await Promise.all(Array.from({ length: 20 }, () => post('/api/users/import', d.headers, file, { notify: false })));
    expect(starts.map((r) => r.statusCode)).toEqual(Array(20).fill(202));
    await t.app.deps.jobs.idle();
    const statuses = await Promise.all(
      starts.map(async (s) => (await t.app.inject({ method: 'GET', url: `/api/users/import/${s.json().id}`, headers: d.headers })).json()),
    );
    expect(statuses.every((s) => s.state === 'done')).toBe(true);
    const sums = statuses.reduce((a, b) => ({ created: a.created + b.created, updated: a.updated + b.updated, skipped: a.skipped + b.skipped }), {
      created: 0,
      updated: 0,
      skipped: 0,
    });
    expect(sums).toEqual({ created: 5, updated: 95, skipped: 0 });
    const people = await t.app.deps.db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          rows.map((r) => r[1]!),
        ),
      );
    expect(people).toHaveLength(rows.length);
    expect(
      await t.app.deps.db
        .select()
        .from(profiles)
        .where(
          inArray(
            profiles.userId,
            people.map((p) => p.id),
          ),
        ),
    ).toHaveLength(rows.length);
    // 20 jobs on one copy, two at a time: slow on a busy machine.
  }, 120_000);

  it('a job stopped after its first batch finishes on its next run without duplicates', async () => {
    const d = await division();
    const k = tag();
    const rows = Array.from({ length: 450 }, (_, i) => [`Person ${i}`, `r${i}-${k}@example.test`, '', d.company.title, '', '']);
    // Queued by hand (no pg-boss job), so this test alone runs it.
    const [job] = await t.app.deps.db
      .insert(importJobs)
      .values({
        createdBy: d.sup.id,
        companyIds: [d.company.id],
        actor: { userId: d.sup.id, role: 'supervisor', companyIds: [d.company.id], supervisedCompanyIds: [d.company.id] },
        fileName: 'staff.csv',
        file: csv([HEAD, ...rows]),
        mapping: { fullName: 'Full name', email: 'E-mail', division: 'Division' },
        notify: false,
        total: rows.length,
      })
      .returning();
    const crash = () => {
      throw new Error('the server stopped');
    };
    await expect(runImportJob(t.app.deps, job!.id, { afterBatch: crash, batchSize: 200 })).rejects.toThrow('the server stopped');
    const midway = (await t.app.inject({ method: 'GET', url: `/api/users/import/${job!.id}`, headers: d.headers })).json();
    expect(midway).toMatchObject({ state: 'running', total: 450, done: 200, created: 200 });
    expect((await resultOf(job!.id, d.headers)).statusCode).toBe(409);

    await runImportJob(t.app.deps, job!.id, { batchSize: 200 });
    const end = (await t.app.inject({ method: 'GET', url: `/api/users/import/${job!.id}`, headers: d.headers })).json();
    expect(end).toMatchObject({ state: 'done', total: 450, done: 450, created: 450, updated: 0, skipped: 0 });
    const people = await t.app.deps.db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          rows.map((r) => r[1]!),
        ),
      );
    expect(people).toHaveLength(450);
    expect(await t.app.deps.db.select().from(importJobRows).where(eq(importJobRows.jobId, job!.id))).toHaveLength(450);
    // Its stored file is gone once it is done.
    const [stored] = await t.app.deps.db.select().from(importJobs).where(eq(importJobs.id, job!.id));
    expect(stored!.file).toBeNull();
  });

  it('a supervisor cannot import into a division they do not supervise, nor change its people', async () => {
    const d = await division();
    const other = await createCompany(t.app.deps.db, { flags: { invite_users: true } });
    const theirs = await createUser(t.app, { companyId: other.id });
    const k = tag();
    const status = await importAndWait(
      d.headers,
      csv([HEAD, ['Intruder', `intruder-${k}@example.test`, '', other.title, '', ''], ['Taken Over', theirs.email, '', d.company.title, '', '']]),
      { notify: false },
    );
    expect(status).toMatchObject({ created: 0, updated: 0, skipped: 2 });
    const result = (await resultOf(status.id, d.headers)).body;
    expect(result).toContain(`"skipped","Unknown division: ${other.title}"`);
    expect(result).toContain(`"skipped","${INVITE_MESSAGES.alreadyUser}"`);
    expect(
      await t.app.deps.db
        .select()
        .from(users)
        .where(eq(users.email, `intruder-${k}@example.test`)),
    ).toEqual([]);
  });

  it('another division’s supervisor and plain users get 404 for its status and result; a superadmin gets them', async () => {
    const d = await division();
    const k = tag();
    const status = await importAndWait(d.headers, csv([HEAD, ['Someone', `someone-${k}@example.test`, '', d.company.title, '', '']]), { notify: false });
    const stranger = await division();
    const member = await createUser(t.app, { companyId: d.company.id });
    const memberHeaders = (await signIn(t.app, member.email)).headers;
    for (const headers of [stranger.headers, memberHeaders]) {
      for (const url of [`/api/users/import/${status.id}`, `/api/users/import/${status.id}/result`]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain(`someone-${k}`);
      }
    }
    const admin = await createUser(t.app, { role: 'superadmin' });
    const adminHeaders = (await signIn(t.app, admin.email)).headers;
    expect((await t.app.inject({ method: 'GET', url: `/api/users/import/${status.id}`, headers: adminHeaders })).json()).toMatchObject({ created: 1 });
    expect((await resultOf(status.id, adminHeaders)).body).toContain(`someone-${k}@example.test`);
  });

  it('refuses a mapping without the email column, an unreadable file and plain users before queuing anything', async () => {
    const d = await division();
    const noEmail = await post('/api/users/import', d.headers, csv([HEAD, ['A', 'a@example.test', '', '', '', '']]), { mapping: { fullName: 'Full name' } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe('Choose the column that holds the email address.');
    const bad = await post('/api/users/import', d.headers, Buffer.from('PK\u0003\u0004garbage').toString('base64'), { fileName: 'x.xlsx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The file could not be read. Upload a CSV or an Excel (.xlsx) file.');
    const user = await createUser(t.app, { companyId: d.company.id });
    const res = await post('/api/users/import', (await signIn(t.app, user.email)).headers, csv([HEAD, ['A', 'a@example.test', '', '', '', '']]));
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/import/2147483647', headers: d.headers })).statusCode).toBe(404);
  });
});
