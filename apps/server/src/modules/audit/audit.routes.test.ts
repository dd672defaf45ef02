import { AUDIT_MESSAGES, type AuditEntry, type AuditListResponse, type CompanyConsoleRow } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { childDetails, createCompany, createTemplateDivision, createUser, signIn } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';
import { audit, REDACTED } from './audit.service.ts';

const t = useTestApp();
let admin: Headers;
let adminId: number;
let adminEmail: string;
let supervisor: Headers;
let user: Headers;
let home: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  home = await createCompany(t.db);
  const staff = await createUser(t.app, { role: 'superadmin', email: `auditor-${Date.now()}@example.com` });
  adminId = staff.id;
  adminEmail = staff.email;
  admin = (await signIn(t.app, staff.email)).headers;
  supervisor = (await signIn(t.app, (await createUser(t.app, { role: 'supervisor', companyId: home.id, supervises: true })).email)).headers;
  user = (await signIn(t.app, (await createUser(t.app, { companyId: home.id })).email)).headers;
});

const list = (headers: Headers, query: string) => t.app.inject({ method: 'GET', url: `/api/audit?${query}`, headers });
const entries = async (query: string): Promise<AuditEntry[]> => {
  const res = await list(admin, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AuditListResponse).data;
};
const consoleRow = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/companies/console/${id}`, headers: admin })).json() as CompanyConsoleRow;
const patch = async (id: number, body: object) => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/companies/${id}`,
    headers: admin,
    payload: { updatedAt: (await consoleRow(id)).updatedAt, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CompanyConsoleRow;
};
const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/audit: what the operator actions recorded', () => {
  it('a division settings save records only the changed fields, before → after, with no secret', async () => {
    const d = await createCompany(t.db, { description: 'Kept as it is' });
    await patch(d.id, { title: 'Renamed division', description: 'Kept as it is', feature_flags: { approvals: true }, limits: { imageGallery: 5 } });
    const [line] = await entries(`action=company.updated&companyId=${d.id}`);
    expect(line).toMatchObject({ action: 'company.updated', target: `company:${d.id}`, actorId: adminId, company: { id: d.id, title: 'Renamed division' } });
    expect(line!.actor).toMatchObject({ id: adminId, email: adminEmail });
    expect(line!.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', before: d.title, after: 'Renamed division' },
        { field: 'feature_flags.approvals', before: false, after: true },
      ]),
    );
    // Unchanged fields sent again (description, the gallery limit) and untouched ones are left out.
    expect(line!.changes).toHaveLength(2);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.id, line!.id));
    expect(JSON.stringify(row!.meta)).not.toMatch(/token|password|secret|hash/i);
  });

  it('the writer keeps a secret’s change without its value', async () => {
    const d = await createCompany(t.db);
    await audit(t.db, adminId, 'company.identity_set', `company:${d.id}`, {
      before: { idp: { clientSecret: 'old-secret-value', issuer: 'https://a.example' }, apiToken: 'same' },
      after: { idp: { clientSecret: 'new-secret-value', issuer: 'https://b.example' }, apiToken: 'same' },
      details: { password: 'typed-in' },
    });
    const [line] = await entries(`companyId=${d.id}&action=company.identity_set`);
    expect(line!.changes).toEqual([
      { field: 'idp.clientSecret', before: REDACTED, after: REDACTED },
      { field: 'idp.issuer', before: 'https://a.example', after: 'https://b.example' },
    ]);
    expect(line!.details).toEqual({ password: REDACTED });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.id, line!.id));
    expect(JSON.stringify(row!.meta)).not.toMatch(/old-secret-value|new-secret-value|typed-in/);
  });

  it('a role change is recorded with the user and division as structured fields and the role before → after', async () => {
    const d = await createCompany(t.db);
    const person = await createUser(t.app, { companyId: d.id });
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${person.id}/role`, headers: admin, payload: { companyId: d.id, role: 'supervisor' } });
    expect(res.statusCode, res.body).toBe(200);
    const [line] = await entries(`action=role.changed&companyId=${d.id}`);
    expect(line).toMatchObject({
      action: 'role.changed',
      target: `user:${person.id} company:${d.id} user→supervisor`,
      company: { id: d.id },
      details: { userId: person.id, companyId: d.id },
      changes: [{ field: 'role', before: 'user', after: 'supervisor' }],
    });
  });

  it('an archive is recorded before → after', async () => {
    const d = await createCompany(t.db);
    expect((await t.app.inject({ method: 'POST', url: `/api/companies/${d.id}/archive`, headers: admin })).statusCode).toBe(200);
    const [line] = await entries(`action=company.archived&companyId=${d.id}`);
    expect(line!.changes).toEqual([{ field: 'archived', before: false, after: true }]);
  });

  it('filters by actor (id or email), several actions, division, date range and free text; newest first, paged', async () => {
    const d = await createCompany(t.db);
    await patch(d.id, { description: 'First needle' });
    await patch(d.id, { description: 'Second' });
    const other = await createUser(t.app, { role: 'superadmin' });
    await audit(t.db, other.id, 'company.archived', `company:${d.id}`);

    const all = await entries(`companyId=${d.id}`);
    expect(all.map((e) => e.action)).toEqual(['company.archived', 'company.updated', 'company.updated']);
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    expect((await entries(`companyId=${d.id}&actor=${adminId}`)).map((e) => e.actorId)).toEqual([adminId, adminId]);
    expect(await entries(`companyId=${d.id}&actor=${encodeURIComponent(other.email.slice(0, 12).toUpperCase())}`)).toHaveLength(1);
    expect(await entries(`companyId=${d.id}&action=company.updated`)).toHaveLength(2);
    expect(await entries(`companyId=${d.id}&action=company.updated,company.archived`)).toHaveLength(3);
    // Free text reads the change record: "needle" was the first save's after and the second's before.
    expect(await entries(`companyId=${d.id}&q=needle`)).toHaveLength(2);
    expect((await entries(`companyId=${d.id}&q=SECOND`)).map((e) => e.changes)).toEqual([[{ field: 'description', before: 'First needle', after: 'Second' }]]);
    expect(await entries(`companyId=${d.id}&from=${today()}&to=${today()}`)).toHaveLength(3);
    expect(await entries(`companyId=${d.id}&to=2000-01-01`)).toHaveLength(0);
    expect(await entries(`companyId=${d.id}&from=2999-01-01`)).toHaveLength(0);
    const page = (await list(admin, `companyId=${d.id}&pageSize=1&page=1`)).json() as AuditListResponse;
    expect(page).toMatchObject({ page: 1, pageSize: 1, total: 3 });
    expect(page.data.map((e) => e.id)).toEqual([all[1]!.id]);
  });

  it('refuses bad filters with a 400 that says what is wrong', async () => {
    const cases: [string, string][] = [
      ['from=2026-03-10&to=2026-03-01', AUDIT_MESSAGES.toBeforeFrom],
      ['from=2026-02-30', AUDIT_MESSAGES.badDay],
      ['to=yesterday', AUDIT_MESSAGES.badDay],
      ['action=DROP%20TABLE', AUDIT_MESSAGES.badActions],
      ['pageSize=1000', 'pageSize can be at most 100.'],
      ['page=-1', 'page must be a whole number from 0.'],
    ];
    for (const [query, message] of cases) {
      const res = await list(admin, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
    const exported = await t.app.inject({ method: 'GET', url: '/api/audit/export?format=pdf', headers: admin });
    expect(exported.statusCode).toBe(400);
    expect(exported.json().message).toBe('format must be xlsx or csv.');
  });

  it('records sign-ins with how they were proved, publishes, unpublishes and approval answers, in their division', async () => {
    const d = await createTemplateDivision(t.db, { flags: { approvals: true } });
    const jane = await createUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
    const janeHeaders = (await signIn(t.app, jane.email)).headers;
    const sup = await createUser(t.app, { role: 'supervisor', companyId: d.company.id, supervises: true });
    const supHeaders = (await signIn(t.app, sup.email)).headers;
    const asked = await t.app.inject({ method: 'POST', url: '/api/approvals', headers: janeHeaders, payload: { profileId: jane.profileId } });
    const approvalId = (asked.json() as { data: { id: number } }).data.id;
    const answered = await t.app.inject({ method: 'PUT', url: `/api/approvals/respond/${approvalId}`, headers: supHeaders, payload: { approved: true } });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.profileId}/unpublish`, headers: supHeaders })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.profileId}/publish`, headers: supHeaders })).statusCode).toBe(200);
    const lines = (await list(supHeaders, 'pageSize=100')).json().data as AuditEntry[];
    const mine = lines.filter((e) => e.company?.id === d.company.id);
    expect(mine).toHaveLength(lines.length);
    const sign = mine.filter((e) => e.action === 'account.signed_in');
    expect(sign.map((e) => e.actor?.email).sort()).toEqual([jane.email, sup.email].sort());
    expect(sign.map((e) => e.details.method)).toEqual(['password', 'password']);
    const about = (action: string) => mine.filter((e) => e.action === action).map((e) => e.target);
    expect(about('approval.approved')).toEqual([expect.stringMatching(new RegExp(`^profile:${jane.profileId} .* approval:${approvalId}$`))]);
    expect(about('profile.unpublished')).toEqual([expect.stringMatching(new RegExp(`^profile:${jane.profileId}`))]);
    expect(about('profile.published')).toEqual([expect.stringMatching(new RegExp(`^profile:${jane.profileId}`))]);
  });

  it('a supervisor reads the lines of their own divisions only; users get 403, anonymous callers 401', async () => {
    const other = await createCompany(t.db);
    await audit(t.db, adminId, 'company.updated', `company:${other.id}`, { before: { title: 'A' }, after: { title: 'B' } });
    await audit(t.db, adminId, 'company.updated', `company:${home.id}`, { before: { title: 'C' }, after: { title: 'D' } });
    const res = await list(supervisor, 'pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const seen = (res.json() as AuditListResponse).data;
    expect(seen.map((e) => e.company?.id)).toEqual(seen.map(() => home.id));
    // Their own sign-in and the superadmin's change of their division are there; the other division's is not.
    expect(seen.map((e) => e.action)).toEqual(expect.arrayContaining(['account.signed_in', 'company.updated']));
    expect((await list(supervisor, `companyId=${other.id}`)).json().data).toEqual([]);
    const csv = await t.app.inject({ method: 'GET', url: '/api/audit/export?format=csv', headers: supervisor });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(other.title);
    const refused = await list(user, '');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AUDIT_MESSAGES.notReader);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit/export?format=csv', headers: user })).statusCode).toBe(403);
    expect((await list({}, '')).statusCode).toBe(401);
  });
});

describe('GET /api/audit/export', () => {
  let d: Awaited<ReturnType<typeof createCompany>>;
  beforeAll(async () => {
    d = await createCompany(t.db);
    await patch(d.id, { title: '=SUM(1,2)', description: '@cmd' });
  });

  it('streams the filtered lines as .xlsx, read back by ExcelJS: a formula-looking text is a plain string cell, never a formula', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/audit/export?format=xlsx&companyId=${d.id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/Audit log \d{4}-\d{2}-\d{2}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Audit log')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['When (UTC)', 'Actor', 'Actor email', 'Action', 'Target', 'Division', 'Changes (before → after)', 'Details']);
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(4).value).toBe('company.updated');
    expect(row.getCell(3).value).toBe(adminEmail);
    const division = row.getCell(6);
    // The escape of .xlsx: the text is a string cell (no formula element), so a spreadsheet shows it and runs nothing.
    expect(division.type).toBe(ExcelJS.ValueType.String);
    expect(division.value).toBe('=SUM(1,2)');
    expect(division.formula).toBeUndefined();
    expect(row.getCell(7).value).toContain('title: ');
    expect(row.getCell(7).value).toContain('→ =SUM(1,2)');
    expect(row.getCell(1).value).toBeInstanceOf(Date);
  });

  it('streams the same lines as CSV, where a value starting like a formula gets a leading quote', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/audit/export?format=csv&companyId=${d.id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(['When (UTC)', 'Actor', 'Actor email', 'Action', 'Target', 'Division', 'Changes (before → after)', 'Details']);
    expect(rows).toHaveLength(2);
    expect(rows[1]![3]).toBe('company.updated');
    expect(rows[1]![5]).toBe("'=SUM(1,2)");
    expect(rows[1]![6]).toContain('description: ');
    expect(rows[1]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

/** RFC 4180 fields: quoted, doubled quotes inside, CRLF between records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}
