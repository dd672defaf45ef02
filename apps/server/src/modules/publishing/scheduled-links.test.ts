/**
 * Links that keep time (issue #30, decision 028): a button switched off or outside its window
 * is not on the published page, and the stored page changes at the boundary without a publish —
 * re-rendered by the every-minute job (run directly here, at a chosen moment), once across copies.
 */
import { brotliDecompressSync } from 'node:zlib';
import { PROFILE_MESSAGES } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { profiles } from '../../db/schema.ts';
import { childDetails, createTemplateDivision, getProfileRow } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';
import { claimDuePages } from './publishing.queries.ts';
import { rerenderDuePages } from './publishing.service.ts';

const t = useTestApp();

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
type Link = { key: string; title?: string; url?: string; enabled?: boolean; showFrom?: string; showUntil?: string };

async function division(o: Parameters<typeof createTemplateDivision>[1] = {}) {
  const d = await createTemplateDivision(t.db, o);
  const sup = await t.signedIn({ role: 'supervisor', companyId: d.company.id });
  return { ...d, sup, host: `${d.company.subdomain}.localhost` };
}

/** A child of the division with its own buttons (after the template's Website and Brochure). */
async function staff(d: Awaited<ReturnType<typeof division>>, links: Link[], name = 'Jane Doe') {
  const person = await t.signedIn({ companyId: d.company.id, masterProfileId: d.masterId, content: { ...childDetails(name), links } });
  return person;
}

const publish = (headers: Headers, id: number) => t.app.inject({ method: 'PUT', url: `/api/profiles/${id}/publish`, headers });
const page = (host: string, alias: string) => t.app.inject({ method: 'GET', url: `/${alias}`, headers: { host } });

describe('a published page with scheduled buttons', () => {
  it('shows only what is switched on and inside its window, and stores when it next changes', async () => {
    const d = await division();
    const now = Date.now();
    const jane = await staff(d, [
      { key: 'off', title: 'Switched off', url: 'https://acme.test/off', enabled: false },
      { key: 'sale', title: 'Spring sale', url: 'https://acme.test/sale', showFrom: iso(now + 2 * HOUR) },
      { key: 'week', title: 'This week only', url: 'https://acme.test/week', showFrom: iso(now - HOUR), showUntil: iso(now + HOUR) },
    ]);
    expect((await publish(jane.headers, jane.id)).statusCode).toBe(200);
    const row = (await getProfileRow(t.db, jane.id))!;
    expect(row.publishedHtml).toContain('This week only');
    expect(row.publishedHtml).toContain('Website');
    expect(row.publishedHtml).not.toContain('Switched off');
    expect(row.publishedHtml).not.toContain('Spring sale');
    // The switched-off button and the windows are kept in the content: the editor still has them.
    expect(JSON.stringify(row.publishedContent)).toContain('Switched off');
    expect(row.nextChangeAt?.toISOString()).toBe(iso(now + HOUR));
  });

  it('is re-rendered by the job at each boundary, with a new ETag, and the held page is forgotten at once', async () => {
    const d = await division();
    const now = Date.now();
    const jane = await staff(d, [
      { key: 'week', title: 'This week only', url: 'https://acme.test/week', showUntil: iso(now + HOUR) },
      { key: 'sale', title: 'Spring sale', url: 'https://acme.test/sale', showFrom: iso(now + 2 * HOUR) },
    ]);
    await publish(jane.headers, jane.id);
    const published = (await getProfileRow(t.db, jane.id))!;
    const alias = published.alias!;
    // This server now holds the page in memory (trusted for a second without asking the database).
    const before = await page(d.host, alias);
    expect(before.body).toContain('This week only');

    // Before the boundary the job leaves it alone (other tests' pages share the database).
    expect((await rerenderDuePages(t.app.deps, new Date(now + HOUR - 1000))).rendered).not.toContain(jane.id);
    expect((await getProfileRow(t.db, jane.id))!.publishedEtag).toBe(published.publishedEtag);

    // The first boundary: the week's offer ends.
    expect((await rerenderDuePages(t.app.deps, new Date(now + HOUR))).rendered).toContain(jane.id);
    const ended = (await getProfileRow(t.db, jane.id))!;
    expect(ended.publishedHtml).not.toContain('This week only');
    expect(ended.publishedHtml).not.toContain('Spring sale');
    expect(ended.publishedEtag).not.toBe(published.publishedEtag);
    expect(ended.nextChangeAt?.toISOString()).toBe(iso(now + 2 * HOUR));
    // Stored with its compressed forms, as every write of a page is (decision 035).
    expect(brotliDecompressSync(ended.publishedBr!).toString()).toBe(ended.publishedHtml);
    // Published content, publish time and history are the publish's: nothing was published.
    expect(ended.publishedAt).toEqual(published.publishedAt);
    const after = await page(d.host, alias);
    expect(after.body).not.toContain('This week only');
    expect(after.headers.etag).toBe(`"${ended.publishedEtag}"`);

    // The second: the sale starts; nothing keeps time on the page any more.
    expect((await rerenderDuePages(t.app.deps, new Date(now + 2 * HOUR))).rendered).toContain(jane.id);
    const started = (await getProfileRow(t.db, jane.id))!;
    expect(started.publishedHtml).toContain('Spring sale');
    expect(started.nextChangeAt).toBeNull();
    expect((await page(d.host, alias)).body).toContain('Spring sale');
    expect((await rerenderDuePages(t.app.deps, new Date(now + 3 * HOUR))).rendered).not.toContain(jane.id);
  });

  it('renders from what was published, never from later edits', async () => {
    const d = await division();
    const now = Date.now();
    const jane = await staff(d, [{ key: 'week', title: 'This week only', url: 'https://acme.test/week', showUntil: iso(now + HOUR) }]);
    await publish(jane.headers, jane.id);
    const view = (await t.app.inject({ method: 'GET', url: `/api/profiles/${jane.id}?populate=self-service`, headers: jane.headers })).json();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/profiles/${jane.id}`,
      headers: jane.headers,
      payload: { version: view.profile.version, content: { ...view.content, jobTitle: 'Not published yet' } },
    });
    expect(saved.statusCode).toBe(200);
    await rerenderDuePages(t.app.deps, new Date(now + HOUR));
    const row = (await getProfileRow(t.db, jane.id))!;
    expect(row.publishedHtml).not.toContain('This week only');
    expect(row.publishedHtml).not.toContain('Not published yet');
  });

  it('is rendered by one of two servers running the job at the same moment, never by both', async () => {
    const d = await division();
    const now = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await staff(d, [{ key: `offer${i}`, title: `Offer ${i}`, url: 'https://acme.test/o', showUntil: iso(now + HOUR) }], `Person ${i}`);
      await publish(d.sup.headers, p.id);
      ids.push(p.id);
    }
    const second = await buildApp({ config: t.config, database: t.database });
    await second.ready();
    try {
      const at = new Date(now + HOUR);
      const [a, b] = await Promise.all([rerenderDuePages(t.app.deps, at), rerenderDuePages(second.deps, at)]);
      const all = [...a.rendered, ...b.rendered].filter((id) => ids.includes(id));
      expect(all.sort()).toEqual([...ids].sort());
      expect(new Set([...a.rendered, ...b.rendered]).size).toBe(a.rendered.length + b.rendered.length);
      for (const id of ids) {
        const row = (await getProfileRow(t.db, id))!;
        expect(row.publishedHtml).not.toContain('Offer');
        expect(row.nextChangeAt).toBeNull();
      }
    } finally {
      await second.close();
    }
  });

  it('a page claimed by a copy that then died is left to it until its lease runs out, then taken by another', async () => {
    const d = await division();
    const now = Date.now();
    const jane = await staff(d, [{ key: 'offer', title: 'Short offer', url: 'https://acme.test/o', showUntil: iso(now + HOUR) }]);
    await publish(jane.headers, jane.id);
    const at = new Date(now + HOUR);
    // One copy claims the page and stops before rendering it.
    const claimed = await claimDuePages(t.db, at, new Date(at.getTime() + 5 * 60_000), 1000);
    expect(claimed.map((c) => c.id)).toContain(jane.id);
    // Another copy running the job meanwhile does not render it too.
    expect((await rerenderDuePages(t.app.deps, at)).rendered).not.toContain(jane.id);
    expect((await getProfileRow(t.db, jane.id))!.publishedHtml).toContain('Short offer');
    // Once the lease is over, the next run does.
    expect((await rerenderDuePages(t.app.deps, new Date(at.getTime() + 5 * 60_000))).rendered).toContain(jane.id);
    expect((await getProfileRow(t.db, jane.id))!.publishedHtml).not.toContain('Short offer');
  });

  it('a visit after a boundary the job has not reached yet gets the re-rendered page', async () => {
    const d = await division();
    const jane = await staff(d, [{ key: 'soon', title: 'Ends in a moment', url: 'https://acme.test/soon', showUntil: iso(Date.now() + HOUR) }]);
    await publish(jane.headers, jane.id);
    const alias = (await getProfileRow(t.db, jane.id))!.alias!;
    // The boundary passed while no job ran (stored directly: the clock cannot be moved for the server).
    const row = (await getProfileRow(t.db, jane.id))!;
    const content = structuredClone(row.publishedContent) as { links: Link[] };
    content.links.find((l) => l.key === 'soon')!.showUntil = iso(Date.now() - 1000);
    await t.db
      .update(profiles)
      .set({ publishedContent: content, nextChangeAt: new Date(Date.now() - 1000) })
      .where(eq(profiles.id, jane.id));
    const fresh = await buildApp({ config: t.config, database: t.database });
    await fresh.ready();
    try {
      const res = await fresh.inject({ method: 'GET', url: `/${alias}`, headers: { host: d.host } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('Ends in a moment');
      expect((await getProfileRow(t.db, jane.id))!.nextChangeAt).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});

describe('the schedule fields of a button', () => {
  it('are refused with a 400 that names the field when until is not after from', async () => {
    const d = await division();
    const jane = await staff(d, []);
    const view = (await t.app.inject({ method: 'GET', url: `/api/profiles/${jane.id}?populate=self-service`, headers: jane.headers })).json();
    const links = [{ key: 'mine', title: 'Mine', url: 'https://acme.test', showFrom: '2026-03-02T00:00:00Z', showUntil: '2026-03-01T00:00:00Z' }];
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/profiles/${jane.id}`,
      headers: jane.headers,
      payload: { version: view.profile.version, content: { ...view.content, links } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ message: PROFILE_MESSAGES.showUntilBeforeFrom }));
    expect(JSON.stringify(res.json().errors)).toContain('showUntil');
  });

  it('are locked with their button: a child’s switch and window on a button the template locks are dropped', async () => {
    const d = await division({ permissions: [{ key: 'website', edit: false }] });
    const jane = await staff(d, []);
    const view = (await t.app.inject({ method: 'GET', url: `/api/profiles/${jane.id}?populate=self-service`, headers: jane.headers })).json();
    const content = structuredClone(view.content) as { links: Link[] };
    const past = iso(Date.now() - HOUR);
    for (const link of content.links) Object.assign(link, link.key === 'website' ? { enabled: false } : { showUntil: past });
    content.links.find((l) => l.key === 'website')!.showUntil = past;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/profiles/${jane.id}`,
      headers: jane.headers,
      payload: { version: view.profile.version, content },
    });
    expect(saved.statusCode).toBe(200);
    const stored = JSON.stringify((await getProfileRow(t.db, jane.id))!.content);
    // The locked Website keeps the template's switch and no window; the unlocked Brochure takes Jane's window.
    expect(stored).not.toContain('"enabled":false');
    expect(stored.match(/showUntil/g)).toHaveLength(1);
    await publish(jane.headers, jane.id);
    const html = (await getProfileRow(t.db, jane.id))!.publishedHtml!;
    expect(html).toContain('Website');
    expect(html).not.toContain('Brochure');
  });

  it('a staff member’s schedule waits for approval like any other change, and goes live with it', async () => {
    const d = await division({ flags: { approvals: true } });
    const jane = await staff(d, []);
    await publish(d.sup.headers, jane.id);
    const view = (await t.app.inject({ method: 'GET', url: `/api/profiles/${jane.id}?populate=self-service`, headers: jane.headers })).json();
    const until = iso(Date.now() + HOUR);
    const content = structuredClone(view.content) as { links: Link[] };
    content.links.find((l) => l.key === 'brochure')!.showUntil = until;
    await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.id}`, headers: jane.headers, payload: { version: view.profile.version, content } });
    expect((await publish(jane.headers, jane.id)).statusCode).toBe(409);
    expect((await getProfileRow(t.db, jane.id))!.nextChangeAt).toBeNull();
    const requested = await t.app.inject({ method: 'POST', url: '/api/approvals', headers: jane.headers, payload: { profileId: jane.id } });
    expect(requested.statusCode).toBe(200);
    const approval = requested.json().data;
    expect(approval.profileChanges.length).toBeGreaterThan(0);
    const answered = await t.app.inject({ method: 'PUT', url: `/api/approvals/respond/${approval.id}`, headers: d.sup.headers, payload: { approved: true } });
    expect(answered.statusCode).toBe(200);
    expect((await getProfileRow(t.db, jane.id))!.nextChangeAt?.toISOString()).toBe(until);
  });
});
