import { USERS_PAGE_SIZE } from '@profilehub/shared';
import { sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { companies, dailyStats, profiles, profileTotals, users } from '../../db/schema.ts';
import { childDetails, createCompany, createTemplateDivision, createUser, lastMailTo, setProfile, signedInUser, signIn } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });

/** A division with a supervisor and `names` staff profiles (none published unless told). */
async function division(names: string[], o: { title?: string } = {}) {
  const company = await createCompany(t.db);
  if (o.title)
    await t.db
      .update(companies)
      .set({ title: o.title })
      .where((await import('drizzle-orm')).eq(companies.id, company.id));
  const sup = await signedInUser(t.app, { role: 'supervisor', companyId: company.id });
  // The supervisor's own profile is listed too; give it a name that sorts last.
  await setProfile(t.db, sup.id, { content: { fullName: 'Zz Supervisor' } });
  const staff: number[] = [];
  for (const name of names) {
    const u = await createUser(t.app, {
      companyId: company.id,
      masterProfileId: company.masterProfileId,
      content: { fullName: name, jobTitle: `${name} job` },
    });
    staff.push(u.profileId!);
  }
  return { company, sup, staff };
}

/** Views as the event flush records them: a daily row and the profile's lifetime total. */
const views = async (companyId: number, profileId: number, count: number, day = '2026-01-01') => {
  await t.db.insert(dailyStats).values({ day, companyId, profileId, action: 'view', type: 'url', label: '', count, visitors: count });
  await t.db
    .insert(profileTotals)
    .values({ profileId, companyId, views: count })
    .onConflictDoUpdate({ target: profileTotals.profileId, set: { views: sql`${profileTotals.views} + ${count}` } });
};

describe('GET /api/users', () => {
  it('lists the division’s profiles with the row of spec §3, tab counts and lifetime views', async () => {
    const d = await division(['Alice Adams', 'Bob Brown', 'Cara Cole']);
    await setProfile(t.db, d.staff[0]!, { publishedAt: new Date() });
    await views(d.company.id, d.staff[0]!, 5);
    await views(d.company.id, d.staff[0]!, 7, '2026-01-02');
    await t.db
      .insert(dailyStats)
      .values({ day: '2026-01-01', companyId: d.company.id, profileId: d.staff[0]!, action: 'click', type: 'url', label: '', count: 100 });
    const res = await get(d.sup.headers, '/api/users?isLive=true');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ published: 1, unpublished: 3, all: 4 });
    expect(body.total).toBe(1);
    expect(body.data).toEqual([
      expect.objectContaining({
        id: d.staff[0],
        fullName: 'Alice Adams',
        jobTitle: 'Alice Adams job',
        companyId: d.company.id,
        companyName: d.company.title,
        templateName: `${d.company.subdomain} template`,
        count: 12,
        publishedAt: expect.any(String),
        url: expect.stringMatching(new RegExp(`^http://${d.company.subdomain}\\.localhost(:\\d+)?/p-`)),
      }),
    ]);
    const unpublished = (await get(d.sup.headers, '/api/users?isLive=false')).json();
    expect(unpublished.total).toBe(3);
    expect(unpublished.data.every((r: { publishedAt: string | null }) => r.publishedAt === null)).toBe(true);
  });

  it('sorts by every column both ways and pages by 10 without repeating a row', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Person ${String.fromCharCode(65 + i)}`);
    const d = await division(names);
    for (const [i, id] of d.staff.entries()) await views(d.company.id, id, i + 1);
    const byName = (await get(d.sup.headers, '/api/users?orderBy=NAME&order=asc')).json();
    expect(byName.pageSize).toBe(USERS_PAGE_SIZE);
    expect(byName.data).toHaveLength(10);
    expect(byName.data.map((r: { fullName: string }) => r.fullName)).toEqual(names.slice(0, 10));
    const page1 = (await get(d.sup.headers, '/api/users?orderBy=NAME&order=asc&page=1')).json();
    expect(page1.data.map((r: { fullName: string }) => r.fullName)).toEqual([...names.slice(10), 'Zz Supervisor']);
    const desc = (await get(d.sup.headers, '/api/users?orderBy=NAME&order=desc')).json();
    expect(desc.data[0].fullName).toBe('Zz Supervisor');
    const byViews = (await get(d.sup.headers, '/api/users?orderBy=VIEWS&order=desc')).json();
    expect(byViews.data.map((r: { count: number }) => r.count)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    const viewsAsc = (await get(d.sup.headers, '/api/users?orderBy=VIEWS&order=asc')).json();
    expect(viewsAsc.data[0].count).toBe(0);
    await setProfile(t.db, d.staff[3]!, { updatedAt: new Date('2030-01-01') });
    const byUpdated = (await get(d.sup.headers, '/api/users?orderBy=UPDATED_AT&order=desc')).json();
    expect(byUpdated.data[0].id).toBe(d.staff[3]);
    const byTemplate = (await get(d.sup.headers, '/api/users?orderBy=TEMPLATE&order=asc')).json();
    // The supervisor's own profile has no template: last either way.
    expect(byTemplate.data.every((r: { templateName: string | null }) => r.templateName !== null)).toBe(true);
    const byDivision = await get(d.sup.headers, '/api/users?orderBy=DIVISION&order=desc');
    expect(byDivision.statusCode).toBe(200);
  });

  it('filters by name case-insensitively and by division; a supervisor never sees another division', async () => {
    const a = await division(['Maria Lopez', 'Mario Rossi', 'Nina Park']);
    const b = await division(['Maria Other']);
    const found = (await get(a.sup.headers, '/api/users?filter=MARI')).json();
    expect(found.data.map((r: { fullName: string }) => r.fullName).sort()).toEqual(['Maria Lopez', 'Mario Rossi']);
    expect(found.counts.all).toBe(2);
    // Another division's id is simply not there.
    const foreign = (await get(a.sup.headers, `/api/users?companyId=${b.company.id}`)).json();
    expect(foreign).toMatchObject({ total: 0, data: [] });
    const both = (await get(a.sup.headers, `/api/users?companyId=${a.company.id},${b.company.id}&filter=maria`)).json();
    expect(both.data.map((r: { fullName: string }) => r.fullName)).toEqual(['Maria Lopez']);
    // LIKE wildcards are text.
    expect((await get(a.sup.headers, '/api/users?filter=%25')).json().total).toBe(0);
    const admin = await createUser(t.app, { role: 'superadmin' });
    const adminHeaders = (await signIn(t.app, admin.email)).headers;
    const all = (await get(adminHeaders, `/api/users?companyId=${a.company.id},${b.company.id}&filter=maria`)).json();
    expect(all.data.map((r: { fullName: string }) => r.fullName).sort()).toEqual(['Maria Lopez', 'Maria Other']);
  });

  it('a superadmin’s search of every division finds what the same search with the divisions named finds', async () => {
    const d = await division(['Zed Kowalski', 'Other Name']);
    // No name of its own: found by the account's name, or by the email when the account has none.
    const byAccount = await createUser(t.app, { companyId: d.company.id, content: {} });
    await t.db.update(users).set({ firstName: 'Kowalski', lastName: 'Jr' }).where(sql`${users.id} = ${byAccount.id}`);
    const byEmail = await createUser(t.app, { companyId: d.company.id, content: {}, email: `kowalski-${d.company.id}@example.test` });
    await t.db.update(users).set({ firstName: null, lastName: null }).where(sql`${users.id} = ${byEmail.id}`);
    // A name of its own that does not match: the account's matching name is not what the list shows, so no match…
    const shownOther = await createUser(t.app, { companyId: d.company.id, content: { fullName: 'Shown Other' } });
    await t.db.update(users).set({ firstName: 'Kowalski' }).where(sql`${users.id} = ${shownOther.id}`);
    // …unless the email matches.
    const mailOnly = await createUser(t.app, {
      companyId: d.company.id,
      content: { fullName: 'Mail Only' },
      email: `kowalski-mail-${d.company.id}@example.test`,
    });
    const admin = await createUser(t.app, { role: 'superadmin' });
    const adminHeaders = (await signIn(t.app, admin.email)).headers;
    const divisions = (await t.db.select({ id: companies.id }).from(companies)).map((c) => c.id).join(',');
    for (const isLive of ['', '&isLive=false']) {
      const all = (await get(adminHeaders, `/api/users?filter=kowal&orderBy=NAME&order=asc${isLive}`)).json();
      const named = (await get(adminHeaders, `/api/users?filter=kowal&orderBy=NAME&order=asc${isLive}&companyId=${divisions}`)).json();
      expect(all.data).toEqual(named.data);
      expect(all.counts).toEqual(named.counts);
      const ids = all.data.map((r: { id: number }) => r.id);
      expect(ids).toEqual(expect.arrayContaining([d.staff[0], byAccount.profileId, byEmail.profileId, mailOnly.profileId]));
      expect(ids).not.toContain(shownOther.profileId);
      expect(all.counts.all).toBe(4);
    }
  });

  it('a superadmin’s list of every division by name has the order of the same list with the divisions named', async () => {
    const d = await division(['delta Person', 'Alpha Person', 'charlie person']);
    // No name of its own: listed by the account's name ('Test Person'), or by the email when the account has none.
    const unnamed = await createUser(t.app, { companyId: d.company.id, content: {} });
    const byEmail = await createUser(t.app, { companyId: d.company.id, content: {}, email: `bravo-${d.company.id}@example.test` });
    await t.db.update(users).set({ firstName: null, lastName: null }).where(sql`${users.id} = ${byEmail.id}`);
    const admin = await createUser(t.app, { role: 'superadmin' });
    const adminHeaders = (await signIn(t.app, admin.email)).headers;
    const divisions = (await t.db.select({ id: companies.id }).from(companies)).map((c) => c.id).join(',');
    for (const order of ['asc', 'desc']) {
      const every = async (more: string) => {
        const rows: { id: number; fullName: string }[] = [];
        for (let page = 0; ; page += 1) {
          const body = (await get(adminHeaders, `/api/users?orderBy=NAME&order=${order}&page=${page}${more}`)).json();
          rows.push(...body.data);
          if (body.data.length < USERS_PAGE_SIZE) return rows.map((r) => [r.id, r.fullName]);
        }
      };
      const all = await every('');
      expect(all).toEqual(await every(`&companyId=${divisions}`));
      expect(all).toContainEqual([unnamed.profileId, 'Test Person']);
      expect(all).toContainEqual([byEmail.profileId, byEmail.email]);
    }
  });

  it('answers 400 with a message for bad parameters, 401 without a session, 403 for a plain user', async () => {
    const d = await division(['Someone']);
    const cases: [string, string][] = [
      ['orderBy=AGE', 'orderBy must be one of NAME, DIVISION, TEMPLATE, UPDATED_AT, VIEWS.'],
      ['order=up', 'order must be asc or desc.'],
      ['page=-1', 'page must be a whole number from 0.'],
      ['companyId=1,x', 'companyId must be a comma-separated list of division ids.'],
      ['isLive=yes', 'isLive must be true or false.'],
      ['nope=1', 'Unrecognized key: "nope"'],
    ];
    for (const [qs, message] of cases) {
      const res = await get(d.sup.headers, `/api/users?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message, qs).toBe(message);
    }
    expect((await get({}, '/api/users')).statusCode).toBe(401);
    const user = await signedInUser(t.app, { companyId: d.company.id });
    expect((await get(user.headers, '/api/users')).statusCode).toBe(403);
    expect((await get(user.headers, '/api/users/export')).statusCode).toBe(403);
    expect((await get(user.headers, '/api/users/suggestions')).statusCode).toBe(403);
  });
});

/** The sheet's rows, read back by another library than the one that wrote it (ExcelJS). */
async function readXlsx(body: Buffer) {
  return { rows: await readSheet(body) };
}

describe('GET /api/users/export', () => {
  it('streams the whole filtered list as a real .xlsx named with the company, Users, the date and the divisions; names as typed', async () => {
    const d = await division(['=HYPERLINK("http://evil.test","x")', 'Plain Name', '+27 21 555 0100']);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/export?companyId=${d.company.id}`, headers: d.sup.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const day = new Date().toISOString().slice(0, 10);
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1]!)).toBe(
      `${d.company.title} - Users - ${day} - ${d.company.title}.xlsx`,
    );
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.rows[0]).toEqual(expect.arrayContaining(['Name', 'Email', 'Division', 'Views']));
    const names = sheet.rows.slice(1).map((r) => r[0]);
    expect(names).toHaveLength(4);
    // An xlsx text cell is never a formula: the name arrives as typed, without the CSV's guard.
    expect(names).toContain('=HYPERLINK("http://evil.test","x")');
    expect(names).toContain('+27 21 555 0100');
  });

  it('exports only the tab and the caller’s divisions; CSV on request', async () => {
    const a = await division(['Kept One', 'Kept Two']);
    const b = await division(['Hidden Person']);
    await setProfile(t.db, a.staff[0]!, { publishedAt: new Date() });
    const live = await readXlsx((await t.app.inject({ method: 'GET', url: '/api/users/export?isLive=true', headers: a.sup.headers })).rawPayload);
    expect(live.rows.slice(1).map((r) => r[0])).toEqual(['Kept One']);
    const foreign = await readXlsx(
      (await t.app.inject({ method: 'GET', url: `/api/users/export?companyId=${b.company.id}`, headers: a.sup.headers })).rawPayload,
    );
    expect(foreign.rows).toHaveLength(1);
    const csv = await t.app.inject({ method: 'GET', url: '/api/users/export?format=csv&filter=kept', headers: a.sup.headers });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^"Name","Email",/);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(['"Kept One"', '"Kept Two"']);
    // Times in UTC as YYYY-MM-DD HH:MM:SS (what spreadsheets read as a date-time), the header saying UTC.
    const header = lines[0]!.split(',');
    const edited = header.indexOf('"Last edited (UTC)"');
    expect(edited).toBeGreaterThan(0);
    for (const line of lines.slice(1)) expect(line.split(',')[edited]).toMatch(/^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}"$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/export?format=pdf', headers: a.sup.headers })).json().message).toBe(
      'format must be xlsx or csv.',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/users/export' })).statusCode).toBe(401);
  });
});

describe('GET /api/users/suggestions', () => {
  it('suggests matching names a zero-based page of ten at a time, only from the caller’s divisions', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Sugg ${String(i).padStart(2, '0')}`);
    const a = await division(names);
    await division(['Sugg Foreign']);
    const first = (await get(a.sup.headers, '/api/users/suggestions?filter=sugg')).json();
    expect(first.data).toHaveLength(10);
    expect(first.hasMore).toBe(true);
    expect(first.data[0]).toMatchObject({ fullName: 'Sugg 00', companyId: a.company.id });
    const second = (await get(a.sup.headers, '/api/users/suggestions?filter=sugg&page=1')).json();
    expect(second.data.map((s: { fullName: string }) => s.fullName)).toEqual(['Sugg 10', 'Sugg 11']);
    expect(second.hasMore).toBe(false);
    expect((await get(a.sup.headers, '/api/users/suggestions?page=x')).statusCode).toBe(400);
  });
});

describe('POST /api/profiles/:id/rollback', () => {
  it('puts the previously published version back live; nothing earlier answers 400; owners 403, other divisions 404', async () => {
    const d = await createTemplateDivision(t.db, {});
    const sup = await signedInUser(t.app, { role: 'supervisor', companyId: d.company.id });
    const jane = await signedInUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
    const publish = () => t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.id}/publish`, headers: sup.headers });
    const rollback = (headers: Headers) => t.app.inject({ method: 'POST', url: `/api/profiles/${jane.id}/rollback`, headers });
    expect((await rollback(sup.headers)).json().message).toBe('Publish the profile before rolling it back.');
    expect((await publish()).statusCode).toBe(200);
    const none = await rollback(sup.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('There is no earlier published version to roll back to.');
    await setProfile(t.db, jane.id, { content: { ...childDetails(), jobTitle: 'Chief Everything' } });
    expect((await publish()).statusCode).toBe(200);
    expect((await rollback(jane.headers)).statusCode).toBe(403);
    const other = await signedInUser(t.app, { role: 'supervisor', companyId: (await createCompany(t.db)).id });
    expect((await rollback(other.headers)).statusCode).toBe(404);
    const res = await rollback(sup.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'The profile is back to its previous published version.' });
    const [row] = await t.db
      .select()
      .from(profiles)
      .where((await import('drizzle-orm')).eq(profiles.id, jane.id));
    expect(row!.publishedContent).toMatchObject({ jobTitle: 'Head of Sales' });
    expect(row!.publishedHtml).toContain('Head of Sales');
    expect(row!.content).toMatchObject({ jobTitle: 'Head of Sales' });
    expect((await t.app.inject({ method: 'POST', url: `/api/profiles/${jane.id}/rollback` })).statusCode).toBe(401);
  });
});

describe('POST /api/profiles/:id/rollback tells the owner', () => {
  it('after an approval, the owner’s editor says her changes were rolled back (by whom, when), not approved, and she gets a mail', async () => {
    const { eq } = await import('drizzle-orm');
    const d = await createTemplateDivision(t.db, { flags: { approvals: true } });
    const sup = await signedInUser(t.app, { role: 'supervisor', companyId: d.company.id });
    await t.db.update(users).set({ firstName: 'Sam', lastName: 'Supervisor' }).where(eq(users.id, sup.user.id));
    const jane = await signedInUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
    const editor = async () => (await get(jane.headers, `/api/profiles/${jane.id}?populate=self-service`)).json().profile;
    expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.id}/publish`, headers: sup.headers })).statusCode).toBe(200);

    // Jane's new job title is asked for and approved: it goes live.
    await setProfile(t.db, jane.id, { content: { ...childDetails(), jobTitle: 'Chief Everything' } });
    const asked = await t.app.inject({ method: 'POST', url: '/api/approvals', headers: jane.headers, payload: { profileId: jane.id } });
    expect(asked.statusCode).toBe(200);
    const approvalId = asked.json().data.id as number;
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/approvals/respond/${approvalId}`, headers: sup.headers, payload: { approved: true } })).statusCode,
    ).toBe(200);
    expect((await editor()).lastDecision).toMatchObject({ approved: true });
    expect((await editor()).rolledBack).toBeNull();

    const before = Date.now();
    expect((await t.app.inject({ method: 'POST', url: `/api/profiles/${jane.id}/rollback`, headers: sup.headers })).statusCode).toBe(200);
    const after = await editor();
    expect(after.lastDecision).toBeNull();
    expect(after.rolledBack).toMatchObject({ by: 'Sam Supervisor' });
    expect(Date.parse(after.rolledBack.at)).toBeGreaterThanOrEqual(before - 1000);
    const mail = await lastMailTo(t.db, jane.user.email);
    expect(mail?.subject).toBe('Your profile was rolled back to its previous version');
    expect(mail?.text).toContain('Sam Supervisor rolled your profile back');
    expect(mail?.text).toMatch(new RegExp(`See your page: http://${d.company.subdomain}\\.localhost/`));

    // Published again (here by the supervisor): the rollback is history.
    expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.id}/publish`, headers: sup.headers })).statusCode).toBe(200);
    expect((await editor()).rolledBack).toBeNull();
  });

  it('no mail when the owner turned decision mails off, or rolled back her own profile', async () => {
    const { eq } = await import('drizzle-orm');
    const d = await createTemplateDivision(t.db, {});
    const sup = await signedInUser(t.app, { role: 'supervisor', companyId: d.company.id });
    const jane = await signedInUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
    await t.db.update(users).set({ mailApprovalDecisions: false }).where(eq(users.id, jane.user.id));
    const publishAndChange = async (headers: Headers, profileId: number, title: string) => {
      expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${profileId}/publish`, headers })).statusCode).toBe(200);
      await setProfile(t.db, profileId, { content: { ...childDetails(), jobTitle: title } });
      expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${profileId}/publish`, headers })).statusCode).toBe(200);
    };
    await publishAndChange(sup.headers, jane.id, 'Changed');
    const mark = await lastMailTo(t.db, jane.user.email);
    expect((await t.app.inject({ method: 'POST', url: `/api/profiles/${jane.id}/rollback`, headers: sup.headers })).statusCode).toBe(200);
    expect((await lastMailTo(t.db, jane.user.email))?.id).toBe(mark?.id);
    // The editor still says so: the mail is the choice, the state is not.
    expect((await get(jane.headers, `/api/profiles/${jane.id}?populate=self-service`)).json().profile.rolledBack).not.toBeNull();

    const sam = await signedInUser(t.app, { role: 'supervisor', companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
    await publishAndChange(sam.headers, sam.id, 'Own change');
    const own = await lastMailTo(t.db, sam.user.email);
    expect((await t.app.inject({ method: 'POST', url: `/api/profiles/${sam.id}/rollback`, headers: sam.headers })).statusCode).toBe(200);
    expect((await lastMailTo(t.db, sam.user.email))?.id).toBe(own?.id);
  });
});
