import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvals, companies, profilePublications, profiles, uploads } from '../../db/schema.ts';
import { createCompany, createUser, multipartBody, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { createDiskStore } from './store.ts';
import { ORPHAN_GRACE_MS, sweepUploads } from './sweep.ts';
import { png } from './test-images.ts';

type Item = { id: number; url: string };
const t = useTestApp();
let headers: Record<string, string>;
let profileId: number;
let companyId: number;

beforeAll(async () => {
  companyId = (await createCompany(t.app.deps.db)).id;
  const u = await createUser(t.app, { companyId });
  profileId = u.profileId!;
  headers = (await signIn(t.app, u.email)).headers;
});

async function upload(): Promise<Item> {
  const body = multipartBody([
    { name: 'purpose', value: 'general' },
    { name: 'files', filename: 'a.png', data: await png() },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Item[])[0]!;
}
const remove = async (item: Item) => expect((await t.app.inject({ method: 'DELETE', url: `/api/upload/files/${item.id}`, headers })).statusCode).toBe(200);
const served = async (item: Item) => (await t.app.inject({ method: 'GET', url: item.url })).statusCode;
const onDisk = (item: Item) => {
  const key = item.url.replace('/uploads/', '');
  return existsSync(path.join(t.config.DATA_DIR, 'uploads', key.slice(0, 2), key));
};
const store = () => createDiskStore(path.join(t.config.DATA_DIR, 'uploads'));
const sweep = (now = new Date()) => sweepUploads(t.app.deps.db, store(), t.app.log, now);
const photo = (item: Item) => ({ profilePhoto: { url: item.url } });

describe('the unused-uploads sweep', () => {
  it('keeps a replaced photo while the live page shows it, and removes it once nothing does (spec: a draft never breaks the live page)', async () => {
    const { db } = t.app.deps;
    const old = await upload();
    await db
      .update(profiles)
      .set({ content: photo(old), publishedContent: photo(old) })
      .where(eq(profiles.id, profileId));
    // The editor replaces the photo in the draft and removes the old upload.
    const next = await upload();
    await db
      .update(profiles)
      .set({ content: photo(next) })
      .where(eq(profiles.id, profileId));
    await remove(old);

    expect(await sweep()).toBe(0);
    expect(await served(old)).toBe(200);
    expect(onDisk(old)).toBe(true);

    // Published: the live page shows the new photo; the old one goes.
    await db
      .update(profiles)
      .set({ publishedContent: photo(next) })
      .where(eq(profiles.id, profileId));
    expect(await sweep()).toBe(1);
    expect(await served(old)).toBe(404);
    expect(onDisk(old)).toBe(false);
    expect(await served(next)).toBe(200);
  });

  it('keeps what a pending approval, a rollback target or white-label settings show', async () => {
    const { db } = t.app.deps;
    const [pending, rollback, logo] = [await upload(), await upload(), await upload()];
    await db.insert(approvals).values({ profileId, companyId, requestedContent: photo(pending) });
    await db.insert(profilePublications).values({ profileId, content: {}, publishedContent: photo(rollback) });
    await db
      .update(companies)
      .set({ whiteLabel: { logo: logo.url } as never })
      .where(eq(companies.id, companyId));
    for (const item of [pending, rollback, logo]) await remove(item);
    expect(await sweep()).toBe(0);
    for (const item of [pending, rollback, logo]) expect(onDisk(item)).toBe(true);

    // Declined: the request no longer keeps its files.
    await db.update(approvals).set({ approved: false }).where(eq(approvals.profileId, profileId));
    expect(await sweep()).toBe(1);
    expect(onDisk(pending)).toBe(false);
    expect(onDisk(rollback)).toBe(true);
  });

  it('gives a fresh upload a day to be used, then removes it if nothing shows it', async () => {
    const fresh = await upload();
    expect(await sweep()).toBe(0);
    expect(await sweep(new Date(Date.now() + ORPHAN_GRACE_MS - 60_000))).toBe(0);
    // A day later the rollback target and logo of the test above are still shown; only the unused file goes.
    const [row] = await t.app.deps.db.select().from(uploads).where(eq(uploads.id, fresh.id));
    expect(row).toBeDefined();
    expect(await sweep(new Date(Date.now() + ORPHAN_GRACE_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await served(fresh)).toBe(404);
    expect(onDisk(fresh)).toBe(false);
  });
});
