import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type DeleteCompanyResult, type DivisionExport, DIVISION_EXPORT_MESSAGES as M } from '@profilehub/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  companies,
  companyDailyStats,
  companyMembers,
  dailyStats,
  divisionExports,
  industryDailyStats,
  leadSubmissions,
  profiles,
  uploads,
  users,
} from '../../db/schema.ts';
import { childDetails, createCompany, createTemplateDivision, createUser, multipartBody, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import type { FileStore } from '../uploads/file-store.ts';
import { createFileStore } from '../uploads/store.ts';
import { png } from '../uploads/test-images.ts';
import { sweepExpiredExports } from './division-exports.service.ts';

const t = useTestApp();
let admin: Record<string, string>;
let adminId: number;

beforeAll(async () => {
  const a = await createUser(t.app, { role: 'superadmin' });
  adminId = a.id;
  admin = (await signIn(t.app, a.email)).headers;
});

const startExport = (id: number, headers = admin) => t.app.inject({ method: 'POST', url: `/api/companies/${id}/exports`, headers });
const exportStatus = (id: number, exportId: string, headers = admin) =>
  t.app.inject({ method: 'GET', url: `/api/companies/${id}/exports/${exportId}`, headers });
const download = (id: number, exportId: string, headers = admin) =>
  t.app.inject({ method: 'GET', url: `/api/companies/${id}/exports/${exportId}/download`, headers });
const remove = (id: number, body: object, headers = admin) => t.app.inject({ method: 'DELETE', url: `/api/companies/${id}`, headers, payload: body });

/** Starts an export and waits (on its status, as the console does) until it is ready. */
async function exportReady(id: number): Promise<DivisionExport> {
  const res = await startExport(id);
  expect(res.statusCode, res.body).toBe(200);
  const started = res.json() as DivisionExport;
  await expect.poll(async () => (await exportStatus(id, started.id)).json().status, { timeout: 30_000 }).toBe('ready');
  return (await exportStatus(id, started.id)).json() as DivisionExport;
}

let aliases = 0;
/** A division with Jane's page published, an uploaded photo of hers, a lead and a day of statistics. */
async function divisionWithData(o: { customDomain?: string } = {}) {
  const d = await createTemplateDivision(t.db, o);
  const jane = await createUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails('Jane Doe') });
  const alias = `jane-del-${++aliases}-${d.company.id}`;
  await t.db.update(profiles).set({ alias }).where(eq(profiles.id, jane.profileId!));
  const headers = (await signIn(t.app, jane.email)).headers;
  expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.profileId}/publish`, headers })).statusCode).toBe(200);
  const body = multipartBody([
    { name: 'purpose', value: 'general' },
    { name: 'profileId', value: String(jane.profileId) },
    { name: 'files', filename: 'photo.png', data: await png(24, 12) },
  ]);
  const up = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...headers, ...body.headers }, payload: body.payload });
  expect(up.statusCode, up.body).toBe(200);
  const [upload] = up.json() as { id: number; url: string }[];
  const key = upload!.url.replace('/uploads/', '');
  await t.db.insert(leadSubmissions).values({ profileId: jane.profileId!, companyId: d.company.id, data: { email: 'lead@example.test' } });
  await t.db
    .insert(dailyStats)
    .values({ day: '2026-11-01', companyId: d.company.id, profileId: jane.profileId!, action: 'view', type: 'page', count: 7, visitors: 5 });
  // The division's rollup, and its share of every division's (the industry rollup), as the ingest keeps them.
  await t.db.insert(companyDailyStats).values({ day: '2026-11-01', companyId: d.company.id, action: 'view', type: 'page', count: 7, visitors: 5 });
  await t.db
    .insert(industryDailyStats)
    .values({ day: '2026-11-01', action: 'view', type: 'page', count: 7, visitors: 5 })
    .onConflictDoUpdate({
      target: [industryDailyStats.day, industryDailyStats.action, industryDailyStats.type, industryDailyStats.label],
      set: { count: sql`${industryDailyStats.count} + 7`, visitors: sql`${industryDailyStats.visitors} + 5` },
    });
  const host = `${d.company.subdomain}.localhost`;
  const page = (p: string, h = host) => t.app.inject({ method: 'GET', url: p, headers: { host: h } });
  return { d, jane, alias, key, host, page };
}

// The export job runs beside the test: on a loaded machine it takes seconds.
describe('exporting a division', { timeout: 60_000 }, () => {
  it('runs as a job to the end, with progress, and the zip opens in another reader (unzip): JSON files and the uploaded photo', async () => {
    const s = await divisionWithData();
    const ready = await exportReady(s.d.company.id);
    expect(ready).toMatchObject({ status: 'ready', phase: 'done', companyId: s.d.company.id });
    expect(ready.total).toBeGreaterThan(10);
    expect(ready.done).toBe(ready.total);
    expect(ready.size).toBeGreaterThan(0);
    expect(new Date(ready.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const res = await download(s.d.company.id, ready.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="division-${s.d.company.subdomain}-export-${day}.zip"`);
    const file = path.join(t.config.DATA_DIR, 'read-back.zip');
    writeFileSync(file, res.rawPayload);
    expect(res.rawPayload.length).toBe(ready.size);

    // Info-ZIP's unzip, not our writer, reads it back: every entry's CRC checks out.
    expect(execFileSync('unzip', ['-tq', file]).toString()).toContain('No errors detected');
    const listing = execFileSync('unzip', ['-Z1', file]).toString().split('\n').filter(Boolean);
    for (const name of [
      'division.json',
      'members.json',
      'templates.json',
      'profiles.json',
      'stylings.json',
      'approvals.json',
      'lead-forms.json',
      'lead-submissions.json',
      'statistics/daily-by-profile.json',
      'manifest.json',
      `uploads/${s.key}`,
    ]) {
      expect(listing, name).toContain(name);
    }
    const read = (name: string) => execFileSync('unzip', ['-p', file, name]);
    expect(JSON.parse(read('division.json').toString())).toMatchObject({ id: s.d.company.id, subdomain: s.d.company.subdomain });
    expect(JSON.parse(read('division.json').toString())).not.toHaveProperty('domainToken');
    const members = JSON.parse(read('members.json').toString()) as Record<string, unknown>[];
    expect(members.map((m) => m.email)).toEqual([s.jane.email]);
    // No password hash or sign-in secret in any file.
    for (const name of listing.filter((n) => n.endsWith('.json'))) {
      const text = read(name).toString();
      expect(text, name).not.toMatch(/passwordHash|password_hash|\$argon2|googleSub/);
    }
    const people = JSON.parse(read('profiles.json').toString()) as { alias: string; content: Record<string, unknown> }[];
    expect(people.find((p) => p.alias === s.alias)?.content).toMatchObject(childDetails('Jane Doe'));
    expect(JSON.parse(read('lead-submissions.json').toString())).toMatchObject([{ data: { email: 'lead@example.test' } }]);
    expect(JSON.parse(read('statistics/daily-by-profile.json').toString())).toMatchObject([{ day: '2026-11-01', count: 7 }]);
    // The photo's bytes, exactly as stored.
    const stored = await t.app.inject({ method: 'GET', url: `/uploads/${s.key}` });
    expect(read(`uploads/${s.key}`).equals(stored.rawPayload)).toBe(true);
    expect(JSON.parse(read('manifest.json').toString())).toMatchObject({ uploads: { files: 1, missing: [] } });
  });

  it('answers the running export to a second request instead of starting another, and 409 for a download before it is ready', async () => {
    const d = await createCompany(t.db);
    const first = (await startExport(d.id)).json() as DivisionExport;
    const [row] = await t.db.select().from(divisionExports).where(eq(divisionExports.id, first.id));
    if (row!.status !== 'ready') {
      expect((await startExport(d.id)).json().id).toBe(first.id);
    }
    await t.db.update(divisionExports).set({ status: 'running' }).where(eq(divisionExports.id, first.id));
    const early = await download(d.id, first.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.notReady);
  });

  it('is the superadmin’s: a supervisor of the division or a user gets 403 on every route, another division’s export 404', async () => {
    const s = await divisionWithData();
    const ready = await exportReady(s.d.company.id);
    const supervisor = (await signIn(t.app, (await createUser(t.app, { role: 'supervisor', companyId: s.d.company.id, supervises: true })).email)).headers;
    const user = (await signIn(t.app, s.jane.email)).headers;
    for (const headers of [supervisor, user]) {
      expect((await startExport(s.d.company.id, headers)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/companies/${s.d.company.id}/exports`, headers })).statusCode).toBe(403);
      expect((await exportStatus(s.d.company.id, ready.id, headers)).statusCode).toBe(403);
      expect((await download(s.d.company.id, ready.id, headers)).statusCode).toBe(403);
      expect((await remove(s.d.company.id, { confirm: s.d.company.title, exportId: ready.id }, headers)).statusCode).toBe(403);
    }
    const other = await createCompany(t.db);
    expect((await exportStatus(other.id, ready.id)).statusCode).toBe(404);
    expect((await download(other.id, ready.id)).statusCode).toBe(404);
    expect((await exportStatus(s.d.company.id, 'not-an-id')).statusCode).toBe(404);
    expect((await startExport(999_999)).statusCode).toBe(404);
    expect((await t.db.select().from(companies).where(eq(companies.id, s.d.company.id))).length).toBe(1);
  });
});

describe('parallel export requests', { timeout: 60_000 }, () => {
  // The store holds the finished zip until released: the export stays running meanwhile,
  // so every request below meets it live, on any machine, however fast the job is.
  let release!: () => void;
  const stored = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: FileStore = { kind: 'disk', put: async () => {}, putFile: () => stored, delete: async () => {}, read: async () => null };
  const h = useTestApp({ overrides: { fileStore: held } });

  it('20 parallel requests for one division start one export, and every one answers it', async () => {
    const headers = (await signIn(h.app, (await createUser(h.app, { role: 'superadmin' })).email)).headers;
    const d = await createCompany(h.db);
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => h.app.inject({ method: 'POST', url: `/api/companies/${d.id}/exports`, headers })));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((a) => (a.json() as DivisionExport).id)).size).toBe(1);
      expect(await h.db.select().from(divisionExports).where(eq(divisionExports.companyId, d.id))).toHaveLength(1);
    } finally {
      release();
    }
  });
});

describe('deleting a division', { timeout: 60_000 }, () => {
  it('refuses without an export (409), with a wrong name (400), with another division’s export or one older than a change (409)', async () => {
    const s = await divisionWithData();
    const name = s.d.company.title;
    const none = await remove(s.d.company.id, { confirm: name });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(M.exportFirst);
    const ready = await exportReady(s.d.company.id);
    const wrong = await remove(s.d.company.id, { confirm: 'Something else', exportId: ready.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: M.nameMismatch, errors: [{ path: 'confirm' }] });

    const other = await divisionWithData();
    const foreign = await remove(other.d.company.id, { confirm: other.d.company.title, exportId: ready.id });
    expect(foreign.statusCode).toBe(409);

    // A profile saved after the export: the export no longer holds everything.
    await t.db
      .update(profiles)
      .set({ updatedAt: new Date(Date.now() + 1000) })
      .where(eq(profiles.id, s.jane.profileId!));
    const stale = await remove(s.d.company.id, { confirm: name, exportId: ready.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(M.exportOutdated);
    expect((await t.db.select().from(companies).where(eq(companies.id, s.d.company.id))).length).toBe(1);
  });

  it('deletes everything of it in one go: its pages 404, its custom domain free, its only-here accounts gone, staff kept, audited', async () => {
    const s = await divisionWithData({ customDomain: 'cards.deleted-example.com' });
    // Bob belongs to another division too: his account stays, without this division.
    const elsewhere = await createCompany(t.db);
    const bob = await createUser(t.app, { companyId: s.d.company.id });
    await t.db.insert(companyMembers).values({ userId: bob.id, companyId: elsewhere.id });
    // A superadmin who is a member keeps their account.
    await t.db.insert(companyMembers).values({ userId: adminId, companyId: s.d.company.id });
    expect((await s.page(`/${s.alias}`)).statusCode).toBe(200);
    expect((await s.page(`/${s.alias}`, 'cards.deleted-example.com')).statusCode).toBe(200);

    const industry = async () =>
      (
        await t.db
          .select({ count: industryDailyStats.count, visitors: industryDailyStats.visitors })
          .from(industryDailyStats)
          .where(and(eq(industryDailyStats.day, '2026-11-01'), eq(industryDailyStats.action, 'view'), eq(industryDailyStats.type, 'page')))
      )[0]!;
    const before = await industry();

    const ready = await exportReady(s.d.company.id);
    const res = await remove(s.d.company.id, { confirm: ` ${s.d.company.title} `, exportId: ready.id });
    expect(res.statusCode, res.body).toBe(200);
    // Every division's figures are the sum of the divisions there are: this one's share is gone from them too.
    expect(await industry()).toEqual({ count: before.count - 7, visitors: before.visitors - 5 });
    expect(await t.db.select().from(companyDailyStats).where(eq(companyDailyStats.companyId, s.d.company.id))).toEqual([]);
    expect(res.json() as DeleteCompanyResult).toEqual({ id: s.d.company.id, usersDeleted: 1, filesDeleted: 1 });

    expect((await s.page(`/${s.alias}`)).statusCode).toBe(404);
    expect([404, 421]).toContain((await s.page(`/${s.alias}`, 'cards.deleted-example.com')).statusCode);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${s.key}` })).statusCode).toBe(404);
    // The domain and the subdomain are free for another division (both are unique columns).
    const next = await createCompany(t.db);
    const taken = await t.db
      .update(companies)
      .set({ customDomain: 'cards.deleted-example.com', subdomain: s.d.company.subdomain })
      .where(eq(companies.id, next.id))
      .returning();
    expect(taken).toHaveLength(1);

    expect(await t.db.select().from(users).where(eq(users.id, s.jane.id))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, bob.id))).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.id, adminId))).toHaveLength(1);
    expect(await t.db.select().from(profiles).where(eq(profiles.companyId, s.d.company.id))).toEqual([]);
    expect(await t.db.select().from(uploads).where(eq(uploads.companyId, s.d.company.id))).toEqual([]);
    expect(await t.db.select().from(dailyStats).where(eq(dailyStats.companyId, s.d.company.id))).toEqual([]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `company:${s.d.company.id}`))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual(['company.export_requested', 'company.deleted']);
    expect(audits[1]).toMatchObject({ actorId: adminId, meta: { exportId: ready.id, usersDeleted: 1, before: { subdomain: s.d.company.subdomain } } });
    // The export outlives the division until it expires.
    expect((await download(s.d.company.id, ready.id)).statusCode).toBe(200);
  });

  it('an expired export cannot be downloaded (410) nor delete the division (409); the upkeep removes its zip', async () => {
    const s = await divisionWithData();
    const ready = await exportReady(s.d.company.id);
    const [row] = await t.db
      .update(divisionExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(divisionExports.id, ready.id))
      .returning();
    const gone = await download(s.d.company.id, ready.id);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe(M.expired);
    const refused = await remove(s.d.company.id, { confirm: s.d.company.title, exportId: ready.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.expired);
    const store = createFileStore(t.config);
    const stored = await store.read(row!.storageKey!);
    expect(stored).not.toBeNull();
    stored!.destroy();
    expect(await sweepExpiredExports({ db: t.db, store, log: t.app.log })).toBeGreaterThanOrEqual(1);
    expect(await store.read(row!.storageKey!)).toBeNull();
    const [after] = await t.db.select().from(divisionExports).where(eq(divisionExports.id, ready.id));
    expect(after).toMatchObject({ status: 'ready', storageKey: null });
  });

  it('20 parallel deletes delete it once; the others get 404, none a 500', async () => {
    const s = await divisionWithData();
    const ready = await exportReady(s.d.company.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => remove(s.d.company.id, { confirm: s.d.company.title, exportId: ready.id })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 404)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 404)) expect(a.json().message).toBe('Division not found');
    const deletions = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `company:${s.d.company.id}`));
    expect(deletions.filter((a) => a.action === 'company.deleted')).toHaveLength(1);
  });
});
