/**
 * Spec §5 expiry on a published page: once a gallery item's `expireAt` passes,
 * the page stops showing it — the stored page is rebuilt from its published
 * content before it is served (so it also holds after a restart).
 */
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { childDetails, createTemplateDivision, getProfileRow, setProfile, signedInUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { refreshDuePage } from '../publishing/publishing.service.ts';
import { PublishedPageCache } from './public-pages.service.ts';

const t = useTestApp();
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3_600_000;
const gallery = (expireAt: string) => ({
  infoSections: [{ key: 'photos', type: 'imageGallery', title: 'Offers' }],
  imageGallery: [
    { key: 'deal', url: '/uploads/deal.jpg', title: 'Winter deal', type: 'promotion', expireAt, sectionKey: 'photos' },
    { key: 'team', url: '/uploads/team.jpg', title: 'Our team', type: 'image', sectionKey: 'photos' },
  ],
});

/** Jane published with a promotion that expires in an hour; then the clock "moves on" (the stored expiry is moved into the past). */
async function publishedWithPromotion() {
  const d = await createTemplateDivision(t.db);
  const jane = await signedInUser(t.app, {
    companyId: d.company.id,
    masterProfileId: d.masterId,
    content: { ...childDetails(), ...gallery(new Date(Date.now() + HOUR).toISOString()) },
  });
  const res = await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.id}/publish`, headers: jane.headers });
  expect(res.statusCode).toBe(200);
  const row = (await getProfileRow(t.db, jane.id))!;
  return { d, jane, row, host: `${d.company.subdomain}.localhost`, alias: row.alias! };
}

/** Two hours later: the same stored page, its promotion now expired (only the clock is faked, not timers). */
function twoHoursLater() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 2 * HOUR);
}

describe('gallery item expiry on published pages', () => {
  it('a page stops showing a promotion once it expires: rebuilt at serve time, with a new ETag', async () => {
    const p = await publishedWithPromotion();
    const cache = new PublishedPageCache(t.db, 'http://hub.test');
    const before = (await cache.get(p.d.company.id, p.alias))!;
    expect(brotliDecompressSync(before.br).toString()).toContain('Winter deal');
    expect(before.nextChangeAt).toBeGreaterThan(Date.now());

    twoHoursLater();
    const after = (await cache.get(p.d.company.id, p.alias))!;
    const html = brotliDecompressSync(after.br).toString();
    expect(html).not.toContain('Winter deal');
    expect(html).toContain('Our team');
    expect(after.etag).not.toBe(before.etag);
    expect(after.nextChangeAt).toBeNull();
    // Stored: the item is marked expired, so the next server (or a restart) serves the rebuilt page as it is.
    const row = (await getProfileRow(t.db, p.jane.id))!;
    expect((row.publishedContent as { imageGallery: { key: string; expired?: boolean }[] }).imageGallery).toMatchObject([
      { key: 'deal', expired: true },
      { key: 'team' },
    ]);
    expect(`"${row.publishedEtag}"`).toBe(after.etag);
    expect(Buffer.from(row.publishedBr!).equals(after.br)).toBe(true);
    expect(brotliDecompressSync(row.publishedBr!).toString()).toBe(row.publishedHtml);
    const fresh = new PublishedPageCache(t.db, 'http://hub.test', 0);
    expect((await fresh.get(p.d.company.id, p.alias))!.etag).toBe(after.etag);
  });

  it('the real server serves the rebuilt page', async () => {
    const p = await publishedWithPromotion();
    const page = () => t.app.inject({ method: 'GET', url: `/${p.alias}`, headers: { host: p.host } });
    expect((await page()).body).toContain('Winter deal');
    twoHoursLater();
    const res = await page();
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Winter deal');
    expect(res.body).toContain('Our team');
  });

  it('rebuilds from what was published, not from later unpublished edits, and leaves a page without expired items alone', async () => {
    const p = await publishedWithPromotion();
    expect(await refreshDuePage({ db: t.db, config: { PUBLIC_URL: 'http://hub.test' } }, p.jane.id)).toBe(false);
    await setProfile(t.db, p.jane.id, { content: { ...p.row.content, fullName: 'Unpublished Name' } });
    twoHoursLater();
    expect(await refreshDuePage({ db: t.db, config: { PUBLIC_URL: 'http://hub.test' } }, p.jane.id)).toBe(true);
    const row = (await getProfileRow(t.db, p.jane.id))!;
    expect(row.publishedHtml).toContain('Jane Doe');
    expect(row.publishedHtml).not.toContain('Unpublished Name');
    expect(row.publishedHtml).not.toContain('Winter deal');
  });

  it('a publish after the expiry stores the item as expired, so serving needs no rebuild', async () => {
    const d = await createTemplateDivision(t.db);
    const jane = await signedInUser(t.app, {
      companyId: d.company.id,
      masterProfileId: d.masterId,
      content: { ...childDetails(), ...gallery(new Date(Date.now() + HOUR).toISOString()) },
    });
    // The item expired before the publish (stored directly: the editor refuses a past expiry).
    const row = (await getProfileRow(t.db, jane.id))!;
    const content = structuredClone(row.content) as { imageGallery: { expireAt?: string }[] };
    content.imageGallery[0]!.expireAt = new Date(Date.now() - HOUR).toISOString();
    await setProfile(t.db, jane.id, { content });
    expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.id}/publish`, headers: jane.headers })).statusCode).toBe(200);
    const published = (await getProfileRow(t.db, jane.id))!;
    expect((published.publishedContent as { imageGallery: { expired?: boolean }[] }).imageGallery[0]!.expired).toBe(true);
    expect(published.publishedHtml).not.toContain('Winter deal');
    const cache = new PublishedPageCache(t.db, 'http://hub.test', 0);
    expect((await cache.get(d.company.id, published.alias!))!.nextChangeAt).toBeNull();
  });
});
