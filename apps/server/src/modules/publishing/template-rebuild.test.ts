/**
 * A template's rebuild in batches (decision 034): one statement writes a batch of children, each
 * only if it is still published as the rebuild read it; a followed rebuild records its progress
 * with each batch and, retried, goes on after the last batch it wrote.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { templateRebuilds } from '../../db/schema.ts';
import { childDetails, createTemplateDivision, getProfileRow, setProfile } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';
import { insertTemplateRebuild, publishedChildrenAfter, storeRebuiltPages } from './publishing.queries.ts';
import { forgetFinishedRebuilds, pageForms, rebuildChildrenJob } from './publishing.service.ts';

const t = useTestApp();

const publish = (headers: Headers, id: number) => t.app.inject({ method: 'PUT', url: `/api/profiles/${id}/publish`, headers });

async function division(names: string[]) {
  const d = await createTemplateDivision(t.db, { flags: { templates: true } });
  const staff = [];
  for (const name of names) {
    const person = await t.signedIn({ companyId: d.company.id, masterProfileId: d.masterId, content: childDetails(name) });
    expect((await publish(person.headers, person.id)).statusCode).toBe(200);
    staff.push(person);
  }
  return { ...d, staff };
}

const page = async (id: number, readPublishedAt: string, html: string) => ({
  id,
  readPublishedAt,
  ...(await pageForms(html)),
  publishedEtag: `etag-${html}`,
  publishedContent: { fullName: html },
  publishedLeadForm: null,
  site: { siteId: String(id), domainName: 'x.localhost' },
  nextChangeAt: null,
});

describe('storeRebuiltPages', () => {
  it('writes a batch in one statement, but never over a child published again or unpublished since it was read', async () => {
    const d = await division(['Ann Able', 'Ben Busy', 'Cat Gone']);
    const read = await publishedChildrenAfter(t.db, d.masterId, 0, 10);
    expect(read.map((r) => r.profile.id)).toEqual(d.staff.map((s) => s.id));
    // Between the read and the write: Ben publishes new content, Cat's page is taken down.
    const [ann, ben, cat] = d.staff as [(typeof d.staff)[0], (typeof d.staff)[0], (typeof d.staff)[0]];
    await setProfile(t.db, ben.id, { content: childDetails('Ben Newer') });
    expect((await publish(ben.headers, ben.id)).statusCode).toBe(200);
    const bensPage = (await getProfileRow(t.db, ben.id))!;
    await setProfile(t.db, cat.id, { publishedAt: null });

    const at = new Date();
    const stored = await storeRebuiltPages(t.db, at, await Promise.all(read.map((r) => page(r.profile.id, r.readPublishedAt, `rebuilt-${r.profile.id}`))));
    expect(stored).toEqual([ann.id]);
    expect(await getProfileRow(t.db, ann.id)).toMatchObject({ publishedHtml: `rebuilt-${ann.id}`, publishedEtag: `etag-rebuilt-${ann.id}`, publishedAt: at });
    expect(await getProfileRow(t.db, ben.id)).toMatchObject({ publishedHtml: bensPage.publishedHtml, publishedEtag: bensPage.publishedEtag });
    expect((await getProfileRow(t.db, ben.id))!.publishedHtml).toContain('Ben Newer');
    expect(await getProfileRow(t.db, cat.id)).toMatchObject({ publishedAt: null });
  });
});

describe('a followed rebuild', () => {
  it('records total, done and rebuilt, and a retry goes on after the last child written', async () => {
    const d = await division(['Ann Able', 'Ben Busy']);
    const [ann, ben] = d.staff as [(typeof d.staff)[0], (typeof d.staff)[0]];
    const annBefore = (await getProfileRow(t.db, ann.id))!;
    const benBefore = (await getProfileRow(t.db, ben.id))!;
    const master = (await getProfileRow(t.db, d.masterId))!;
    const links = (master.content.links as { key: string; title: string }[]).map((l) => (l.key === 'website' ? { ...l, title: 'Our new website' } : l));
    await setProfile(t.db, d.masterId, { content: { ...master.content, links } });
    // A first try wrote Ann's batch, then its copy died.
    const row = await insertTemplateRebuild(t.db, { companyId: d.company.id, masterId: d.masterId, createdBy: null });
    await t.db.update(templateRebuilds).set({ state: 'running', afterId: ann.id, done: 1, rebuilt: 1 }).where(eq(templateRebuilds.id, row.id));

    const counts = await rebuildChildrenJob(t.app.deps, { masterId: d.masterId, rebuildId: row.id }, () => {});
    expect(counts).toEqual({ total: 2, rebuilt: 2, failed: 0 });
    const [after] = await t.db.select().from(templateRebuilds).where(eq(templateRebuilds.id, row.id));
    expect(after).toMatchObject({ state: 'done', total: 2, done: 2, rebuilt: 2, failed: 0, afterId: ben.id, finishedAt: expect.any(Date) });
    expect((await getProfileRow(t.db, ann.id))!.publishedEtag).toBe(annBefore.publishedEtag);
    expect((await getProfileRow(t.db, ann.id))!.publishedHtml).not.toContain('Our new website');
    expect((await getProfileRow(t.db, ben.id))!.publishedEtag).not.toBe(benBefore.publishedEtag);
    const rebuilt = (await getProfileRow(t.db, ben.id))!;
    expect(rebuilt.publishedHtml).toContain('Our new website');
    // The forms of the page it replaced are cleared with it (decision 035); its first visit
    // compresses the new page and stores them.
    expect(benBefore.publishedBr).not.toBeNull();
    expect(rebuilt).toMatchObject({ publishedBr: null, publishedGzip: null });
    const visit = await t.app.inject({
      method: 'GET',
      url: `/${rebuilt.alias}`,
      headers: { host: `${d.company.subdomain}.localhost`, 'accept-encoding': 'br' },
    });
    expect(visit.headers.etag).toBe(`"${rebuilt.publishedEtag}"`);
    expect(brotliDecompressSync(visit.rawPayload).toString()).toBe(rebuilt.publishedHtml);
    const visited = (await getProfileRow(t.db, ben.id))!;
    expect(Buffer.from(visited.publishedBr!).equals(visit.rawPayload)).toBe(true);
    expect(gunzipSync(visited.publishedGzip!).toString()).toBe(rebuilt.publishedHtml);
    // The batch stores what a publish renders: publishing Ben again stores the very same page.
    expect((await publish(ben.headers, ben.id)).statusCode).toBe(200);
    expect(await getProfileRow(t.db, ben.id)).toMatchObject({
      publishedHtml: rebuilt.publishedHtml,
      publishedEtag: rebuilt.publishedEtag,
      publishedContent: rebuilt.publishedContent,
      site: rebuilt.site,
    });
  });
});

describe('finished rebuilds', () => {
  it('are forgotten a week after they finished; running ones and recent ones stay', async () => {
    const d = await createTemplateDivision(t.app.deps.db);
    const db = t.app.deps.db;
    const now = new Date('2026-11-27T12:00:00Z');
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const row = async (state: string, finishedAt: Date | null) => {
      const r = await insertTemplateRebuild(db, { companyId: d.company.id, masterId: d.masterId, createdBy: null });
      await db.update(templateRebuilds).set({ state, finishedAt }).where(eq(templateRebuilds.id, r.id));
      return r.id;
    };
    const oldDone = await row('done', daysAgo(8));
    const oldFailed = await row('failed', daysAgo(30));
    const recent = await row('done', daysAgo(6));
    const running = await row('running', null);
    expect(await forgetFinishedRebuilds(db, now)).toBeGreaterThanOrEqual(2);
    const left = new Set((await db.select({ id: templateRebuilds.id }).from(templateRebuilds)).map((r) => r.id));
    expect([left.has(oldDone), left.has(oldFailed), left.has(recent), left.has(running)]).toEqual([false, false, true, true]);
  });
});
