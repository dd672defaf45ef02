import { aliasTakenMessage, INVITE_ALIAS_MESSAGE, INVITE_MESSAGES, PROFILE_MESSAGES } from '@profilehub/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyMembers, profiles, users } from '../../db/schema.ts';
import { createCompany, createUser, lastMailTo, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();

let n = 0;
const tag = () => `imp${Date.now().toString(36)}${n++}`;
async function division(flags = { invite_users: true }) {
  const company = await createCompany(t.app.deps.db, { flags });
  const sup = await createUser(t.app, { role: 'supervisor', companyId: company.id });
  return { company, headers: (await signIn(t.app, sup.email)).headers };
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

describe('POST /api/users/import', () => {
  it('creates each person as an invitation does, and importing the same file again updates them without duplicates', async () => {
    const d = await division();
    const k = tag();
    const rows = [
      ['Mary Ann Smith', `mary-${k}@example.test`, `mary-${k}`, d.company.title, 'Engineer', '+27 21 555 0100'],
      ['Joe Bloggs', `joe-${k}@example.test`, '', d.company.title, '', ''],
      ['Bad', 'bad', '', d.company.title, '', ''],
    ];
    const first = await post('/api/users/import', d.headers, csv([HEAD, ...rows]), { notify: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: 2, updated: 0, failed: 1 });
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
    await t.app.deps.jobs.idle();
    expect((await lastMailTo(t.app.deps.db, `mary-${k}@example.test`))?.text).toContain('/register?email=');

    rows[0]![4] = 'Lead Engineer';
    const again = await post('/api/users/import', d.headers, csv([HEAD, ...rows]), { notify: false });
    expect(again.json()).toMatchObject({ created: 0, updated: 2, failed: 1 });
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
    const results = await Promise.all(Array.from({ length: 20 }, () => post('/api/users/import', d.headers, file, { notify: false })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const sums = results
      .map((r) => r.json())
      .reduce((a, b) => ({ created: a.created + b.created, updated: a.updated + b.updated, failed: a.failed + b.failed }));
    expect(sums).toEqual({ created: 5, updated: 95, failed: 0 });
    const people = await t.app.deps.db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          rows.map((r) => r[1]!),
        ),
      );
    expect(people).toHaveLength(5);
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
    ).toHaveLength(5);
  });

  it('a supervisor cannot import into a division they do not supervise, nor change its people', async () => {
    const d = await division();
    const other = await createCompany(t.app.deps.db, { flags: { invite_users: true } });
    const theirs = await createUser(t.app, { companyId: other.id });
    const k = tag();
    const res = await post(
      '/api/users/import',
      d.headers,
      csv([HEAD, ['Intruder', `intruder-${k}@example.test`, '', other.title, '', ''], ['Taken Over', theirs.email, '', d.company.title, '', '']]),
      { notify: false },
    );
    expect(res.json()).toMatchObject({ created: 0, updated: 0, failed: 2 });
    expect(res.json().rows.map((r: { message: string }) => r.message)).toEqual([`Unknown division: ${other.title}`, INVITE_MESSAGES.alreadyUser]);
    expect(
      await t.app.deps.db
        .select()
        .from(users)
        .where(eq(users.email, `intruder-${k}@example.test`)),
    ).toEqual([]);
  });
});
