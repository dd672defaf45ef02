import { CONTACTS_MESSAGES } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { readSheet } from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, leadSubmissions } from '../../db/schema.ts';
import type { Actor } from '../../http/policy.ts';
import { createCompany, createUser, signIn } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';
import { listContacts } from './contacts.queries.ts';
import { expireContacts } from './contacts.service.ts';

const t = useTestApp();

type Person = { headers: Headers; userId: number; profileId: number | null };
let jane: Person;
let joe: Person;
let boss: Person;
let otherBoss: Person;
let admin: Person;
let divisionA: number;
let divisionB: number;
const ids: Record<string, number> = {};

async function person(o: Parameters<typeof createUser>[1]): Promise<Person> {
  const u = await createUser(t.app, o);
  return { headers: (await signIn(t.app, u.email)).headers, userId: u.id, profileId: u.profileId };
}

async function contact(
  key: string,
  profileId: number,
  companyId: number,
  data: Record<string, string>,
  o: { source?: 'lead_form' | 'exchange'; at?: Date } = {},
) {
  const [row] = await t.db
    .insert(leadSubmissions)
    .values({ profileId, companyId, data, source: o.source ?? 'lead_form', createdAt: o.at ?? new Date() })
    .returning();
  ids[key] = row!.id;
}

const get = (url: string, p: Person) => t.app.inject({ method: 'GET', url, headers: p.headers });
const names = (res: { json: () => unknown }) => (res.json() as { data: { name: string }[] }).data.map((r) => r.name).sort();

beforeAll(async () => {
  const a = await createCompany(t.db);
  const b = await createCompany(t.db);
  divisionA = a.id;
  divisionB = b.id;
  jane = await person({ companyId: a.id, content: { fullName: 'Jane Doe' } });
  joe = await person({ companyId: a.id });
  boss = await person({ companyId: a.id, role: 'supervisor' });
  otherBoss = await person({ companyId: b.id, role: 'supervisor' });
  admin = await person({ role: 'superadmin' });
  const bee = await createUser(t.app, { companyId: b.id });
  await contact(
    'vic',
    jane.profileId!,
    a.id,
    { name: 'Vic Visitor', email: 'Vic@Example.test', mobile: '+27 82 000 0000', message: 'Call me' },
    { at: new Date('2026-03-01T10:00:00Z') },
  );
  await contact(
    'eve',
    jane.profileId!,
    a.id,
    { name: '=HYPERLINK("http://evil")', email: 'eve@example.test', company: 'Evil; Inc' },
    { source: 'exchange', at: new Date('2026-04-01T10:00:00Z') },
  );
  await contact('sam', joe.profileId!, a.id, { name: 'Sam Smith', email: 'sam@example.test' }, { at: new Date('2026-05-01T10:00:00Z') });
  await contact('bob', bee.profileId!, b.id, { name: 'Bob Builder', email: 'vic@example.test' }, { at: new Date('2026-05-02T10:00:00Z') });
});

describe('GET /api/contacts', () => {
  it('shows Jane her own contacts only', async () => {
    const res = await get('/api/contacts', jane);
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['=HYPERLINK("http://evil")', 'Vic Visitor']);
    expect(res.json()).toMatchObject({ page: 0, pageSize: 10, total: 2 });
    expect(res.json().data[0]).toMatchObject({ source: 'exchange', company: 'Evil; Inc', profileName: 'Jane Doe', profileId: jane.profileId });
  });

  it("shows a supervisor their division's, another division's supervisor none, a superadmin all", async () => {
    expect(names(await get('/api/contacts', boss))).toEqual(['=HYPERLINK("http://evil")', 'Sam Smith', 'Vic Visitor']);
    expect(names(await get('/api/contacts', otherBoss))).toEqual(['Bob Builder']);
    expect(names(await get(`/api/contacts?companyId=${divisionA}`, otherBoss))).toEqual([]);
    const all = names(await get('/api/contacts?pageSize=100', admin));
    for (const n of ['Bob Builder', 'Sam Smith', 'Vic Visitor']) expect(all).toContain(n);
  });

  it('searches, filters by profile, source and dates, and pages at the offered sizes', async () => {
    expect(names(await get('/api/contacts?q=vic', boss))).toEqual(['Vic Visitor']);
    expect(names(await get('/api/contacts?q=%2B27%2082', boss))).toEqual(['Vic Visitor']);
    expect(names(await get('/api/contacts?q=evil%3B', boss))).toEqual(['=HYPERLINK("http://evil")']);
    expect(names(await get(`/api/contacts?profileId=${joe.profileId}`, boss))).toEqual(['Sam Smith']);
    expect(names(await get('/api/contacts?source=exchange', boss))).toEqual(['=HYPERLINK("http://evil")']);
    expect(names(await get('/api/contacts?from=2026-04-01&to=2026-04-30', boss))).toEqual(['=HYPERLINK("http://evil")']);
    expect(names(await get('/api/contacts?to=2026-03-01', boss))).toEqual(['Vic Visitor']);
    const page1 = await get('/api/contacts?pageSize=10&page=1', boss);
    expect(page1.json()).toMatchObject({ data: [], page: 1, total: 3, totalCapped: false });
    expect((await get('/api/contacts?pageSize=100&page=99', boss)).statusCode).toBe(200);
    const past = await get('/api/contacts?pageSize=100&page=100', boss);
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain('Only the first 10,000 contacts of a list can be paged through: narrow it with search or filters, or export it.');
    const bad = await get('/api/contacts?pageSize=7', boss);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Page size is 10, 25, 50, 100.');
    expect((await get('/api/contacts?source=fax', boss)).statusCode).toBe(400);
  });
});

describe('a contact', () => {
  it('shows its detail to whom it belongs and 404 to another division', async () => {
    const res = await get(`/api/contacts/${ids.vic}`, jane);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Vic Visitor', message: 'Call me', notes: '', phone: '+27 82 000 0000' });
    expect((await get(`/api/contacts/${ids.vic}`, boss)).statusCode).toBe(200);
    expect((await get(`/api/contacts/${ids.vic}`, otherBoss)).statusCode).toBe(404);
    expect((await get(`/api/contacts/${ids.sam}`, jane)).statusCode).toBe(404);
    expect((await get(`/api/contacts/${ids.vic}`, admin)).statusCode).toBe(200);
  });

  it('keeps notes', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/contacts/${ids.vic}`, headers: jane.headers, payload: { notes: 'Met at the fair' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().notes).toBe('Met at the fair');
    expect((await get(`/api/contacts/${ids.vic}`, jane)).json().notes).toBe('Met at the fair');
    const refused = await t.app.inject({ method: 'PATCH', url: `/api/contacts/${ids.vic}`, headers: otherBoss.headers, payload: { notes: 'x' } });
    expect(refused.statusCode).toBe(404);
  });

  it('downloads one or many as one .vcf a vCard parser reads', async () => {
    const res = await get(`/api/contacts/vcard?ids=${ids.vic},${ids.eve},${ids.bob}`, jane);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/vcard');
    // Several cards parse to a list of components, one to the component itself.
    const parsed = ICAL.parse(res.body) as unknown[];
    const cards = (typeof parsed[0] === 'string' ? [parsed] : parsed) as unknown[];
    expect(cards).toHaveLength(2); // Bob is another division's: left out
    const read = cards.map((c) => new ICAL.Component(c as never));
    const vic = read.find((c) => c.getFirstPropertyValue('fn') === 'Vic Visitor')!;
    expect(String(vic.getFirstPropertyValue('email'))).toBe('Vic@Example.test');
    expect(String(vic.getFirstPropertyValue('tel'))).toBe('+27 82 000 0000');
    const eve = read.find((c) => c.getFirstPropertyValue('org'))!;
    expect(eve.getFirstPropertyValue('org')).toEqual('Evil; Inc');
    expect((await get(`/api/contacts/vcard?ids=${ids.bob}`, jane)).statusCode).toBe(404);
    expect((await get('/api/contacts/vcard?ids=x', jane)).statusCode).toBe(400);
  });

  it('an id past PostgreSQL integer is a 400 naming the limit, not a 500 (api-fuzz.test.ts found it)', async () => {
    const res = await get('/api/contacts/vcard?ids=2147483648', jane);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(CONTACTS_MESSAGES.idTooLarge);
  });
});

describe('GET /api/contacts/export', () => {
  it('writes an .xlsx that reads back, with the filters', async () => {
    const res = await get('/api/contacts/export?format=xlsx', boss);
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = await readSheet(res.rawPayload);
    expect(header?.slice(0, 3)).toEqual(['Name', 'Email', 'Phone']);
    expect(rows.map((r) => r[0]).sort()).toEqual(['=HYPERLINK("http://evil")', 'Sam Smith', 'Vic Visitor']);
    const one = await readSheet((await get('/api/contacts/export?format=xlsx&q=sam', boss)).rawPayload);
    expect(one).toHaveLength(2);
  });

  it('writes a formula-safe CSV', async () => {
    const res = await get('/api/contacts/export?format=csv', jane);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.body).toContain('"+27 82 000 0000"');
    expect(res.body).not.toContain('Sam Smith');
  });
});

describe('deleting', () => {
  it('deletes one contact with an audit line; another division cannot', async () => {
    await contact('tmp', joe.profileId!, divisionA, { name: 'Temp Person' });
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/contacts/${ids.tmp}`, headers: otherBoss.headers });
    expect(refused.statusCode).toBe(404);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/contacts/${ids.tmp}`, headers: boss.headers });
    expect(res.statusCode).toBe(204);
    expect((await get(`/api/contacts/${ids.tmp}`, boss)).statusCode).toBe(404);
    const lines = await t.db.select().from(auditLog).where(eq(auditLog.action, 'contact.deleted'));
    expect(lines.some((l) => l.target === `contact:${ids.tmp} company:${divisionA}` && l.actorId === boss.userId)).toBe(true);
  });

  it("erases a visitor's contacts in the actor's scope, from list and exports, auditing the count without the address", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contacts/erase', headers: boss.headers, payload: { email: ' VIC@example.test ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ erased: 1, message: '1 contact erased.' });
    expect(names(await get('/api/contacts', boss))).not.toContain('Vic Visitor');
    expect((await get('/api/contacts/export?format=csv', boss)).body).not.toContain('Vic');
    expect((await readSheet((await get('/api/contacts/export?format=xlsx', boss)).rawPayload)).flat()).not.toContain('Vic Visitor');
    // Bob (the same address, another division) is not the supervisor's to erase.
    expect(names(await get('/api/contacts', otherBoss))).toEqual(['Bob Builder']);
    const [line] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'contact.erased'));
    expect(line).toMatchObject({ actorId: boss.userId, companyId: divisionA });
    // The address's SHA-256 (lower-cased): a later request can be matched to this line, the log never holds the address.
    expect(line!.meta).toEqual({ count: 1, emailSha256: '00dfbfbc77be2d07d3a773e0904362c827f5a3454fdb14d282de8447e7a96339' });
    expect(JSON.stringify(line)).not.toMatch(/vic@/i);
    const bad = await t.app.inject({ method: 'POST', url: '/api/contacts/erase', headers: boss.headers, payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('retention', () => {
  it("removes only contacts older than their division's retention", async () => {
    // The divisions console sets it (superadmins only).
    const loaded = (await get(`/api/companies/console/${divisionB}`, admin)).json() as { updatedAt: string; contactRetentionMonths: number | null };
    expect(loaded.contactRetentionMonths).toBeNull();
    const patch = (p: Person, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/companies/${divisionB}`, headers: p.headers, payload });
    expect((await patch(otherBoss, { updatedAt: loaded.updatedAt, contactRetentionMonths: 1 })).statusCode).toBe(403);
    expect((await patch(admin, { updatedAt: loaded.updatedAt, contactRetentionMonths: 0 })).statusCode).toBe(400);
    const saved = await patch(admin, { updatedAt: loaded.updatedAt, contactRetentionMonths: 24 });
    expect(saved.statusCode).toBe(200);
    const [row] = await t.db.select({ months: companies.contactRetentionMonths }).from(companies).where(eq(companies.id, divisionB));
    expect(row!.months).toBe(24);
    await contact('old', otherBoss.profileId!, divisionB, { name: 'Old Contact' }, { at: new Date('2024-01-01T00:00:00Z') });
    await contact('keptA', joe.profileId!, divisionA, { name: 'Old But Kept' }, { at: new Date('2020-01-01T00:00:00Z') });
    const gone = await expireContacts({ db: t.db }, new Date('2026-06-01T00:00:00Z'));
    expect(gone).toBe(1);
    expect(names(await get('/api/contacts', otherBoss))).toEqual(['Bob Builder']);
    expect(names(await get('/api/contacts?pageSize=25', boss))).toContain('Old But Kept');
    const [line] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'contacts.expired'));
    expect(line).toMatchObject({ companyId: divisionB, actorId: null });
  });
});

describe('the count of a long list', () => {
  it('counts up to the window and says when more match', async () => {
    const division = await createCompany(t.db);
    const owner = await createUser(t.app, { companyId: division.id, role: 'user' });
    for (const name of ['A', 'B', 'C']) await contact(`counted-${name}`, owner.profileId!, division.id, { name });
    const superadmin: Actor = { userId: 0, sessionId: 's', role: 'superadmin', companyIds: [], supervisedCompanyIds: [] };
    const f = { companyId: [division.id] };
    expect(await listContacts(t.db, superadmin, f, 0, 10, 2)).toMatchObject({ total: 2, totalCapped: true });
    expect(await listContacts(t.db, superadmin, f, 0, 10, 3)).toMatchObject({ total: 3, totalCapped: false });
    expect((await listContacts(t.db, superadmin, f, 0, 10, 2)).rows).toHaveLength(3);
  });
});
