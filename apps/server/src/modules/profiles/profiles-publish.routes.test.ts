import { PROFILE_API_MESSAGES as M } from '@profilehub/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { approvals, profilePublications } from '../../db/schema.ts';
import { childDetails, createTemplateDivision, getProfileRow, setProfile } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const put = (headers: Headers, url: string) => t.app.inject({ method: 'PUT', url, headers });
const publish = (headers: Headers, id: number) => put(headers, `/api/profiles/${id}/publish`);
const unpublish = (headers: Headers, id: number) => put(headers, `/api/profiles/${id}/unpublish`);
const rebuild = (headers: Headers, id: number) => t.app.inject({ method: 'POST', url: `/api/profiles/rebuild-children/${id}`, headers });
const rebuildStatus = (headers: Headers, id: number) => t.app.inject({ method: 'GET', url: `/api/profiles/rebuilds/${id}`, headers });
const page = (host: string, alias: string) => t.app.inject({ method: 'GET', url: `/${alias}`, headers: { host } });

async function division(o: Parameters<typeof createTemplateDivision>[1] = {}) {
  const d = await createTemplateDivision(t.db, o);
  const jane = await t.signedIn({ companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
  const sup = await t.signedIn({ role: 'supervisor', companyId: d.company.id });
  const alias = (await getProfileRow(t.db, jane.id))!.alias!;
  return { ...d, jane, sup, alias, host: `${d.company.subdomain}.localhost` };
}

describe('PUT /api/profiles/:id/publish', () => {
  it('renders and stores the page, its snapshot and site, and answers the site', async () => {
    const d = await division();
    const res = await publish(d.jane.headers, d.jane.id);
    expect(res.statusCode).toBe(200);
    const site = { siteId: String(d.jane.id), domainName: d.host };
    expect(res.json()).toEqual({ success: true, site: { netlifySiteID: site.siteId, ...site }, publishedAt: expect.any(String) });
    const row = await getProfileRow(t.db, d.jane.id);
    expect(row!.publishedAt).toBeInstanceOf(Date);
    expect(row!.site).toEqual(site);
    expect(row!.publishedHtml).toContain('Jane Doe');
    expect(row!.publishedEtag).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(row!.publishedContent).toMatchObject({ fullName: 'Jane Doe', emailAddress: 'hello@acme.test', links: [{ key: 'website' }, { key: 'brochure' }] });
    expect(row!.publishedOverrides).toEqual(row!.content);

    const served = await page(d.host, d.alias);
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('Jane Doe');
  });

  it('20 publishes of the same content at once all answer 200 and write one history entry; a change writes the next', async () => {
    const d = await division();
    const history = () => t.db.select().from(profilePublications).where(eq(profilePublications.profileId, d.jane.id));
    const answers = await Promise.all(Array.from({ length: 20 }, () => publish(d.sup.headers, d.jane.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await history()).toHaveLength(1);
    await setProfile(t.db, d.jane.id, { content: { ...childDetails(), jobTitle: 'Sales Director' } });
    expect((await publish(d.sup.headers, d.jane.id)).statusCode).toBe(200);
    expect((await history()).map((h) => (h.content as { jobTitle?: string }).jobTitle).sort()).toEqual(['Head of Sales', 'Sales Director']);
  });

  it('puts the page on the division’s custom domain when it has one', async () => {
    const d = await division({ customDomain: 'cards.acme-example.test' });
    expect((await publish(d.jane.headers, d.jane.id)).json().site.domainName).toBe('cards.acme-example.test');
  });

  it('refuses with the Profile Checklist’s missing items (400), and publishes nothing', async () => {
    const d = await division();
    await setProfile(t.db, d.jane.id, { content: { fullName: 'Jane Doe' } });
    const res = await publish(d.jane.headers, d.jane.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'missing_for_publish',
      message: M.missingForPublish(['Profile image', 'Job title']),
      missing: [
        { key: 'profilePhoto', label: 'Profile image' },
        { key: 'jobTitle', label: 'Job title' },
      ],
    });
    expect((await getProfileRow(t.db, d.jane.id))!.publishedAt).toBeNull();
  });

  it('someone else’s declined changes go live only with confirm=declined (409 without), and once published are settled', async () => {
    const d = await division({ flags: { approvals: true } });
    const request = await t.app.inject({ method: 'POST', url: '/api/approvals', headers: d.jane.headers, payload: { profileId: d.jane.id } });
    expect(request.statusCode, request.body).toBe(200);
    const id = (request.json() as { data: { id: number } }).data.id;
    const declined = await t.app.inject({ method: 'PUT', url: `/api/approvals/respond/${id}`, headers: d.sup.headers, payload: { approved: false } });
    expect(declined.statusCode, declined.body).toBe(200);
    const asked = await publish(d.sup.headers, d.jane.id);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ code: 'declined_changes', message: M.declinedChanges(new Date().toISOString().slice(0, 10)) });
    expect((await getProfileRow(t.db, d.jane.id))!.publishedAt).toBeNull();
    expect((await put(d.sup.headers, `/api/profiles/${d.jane.id}/publish?confirm=declined`)).statusCode).toBe(200);
    // Published once, the decline is settled: the next publish is not asked again.
    expect((await publish(d.sup.headers, d.jane.id)).statusCode).toBe(200);
    expect((await put(d.sup.headers, `/api/profiles/${d.jane.id}/publish?confirm=yes`)).statusCode).toBe(400);
  });

  it('an item the template marks optional is not required', async () => {
    const d = await division({ permissions: [{ key: 'jobTitle', optional: true }] });
    await setProfile(t.db, d.jane.id, { content: { ...childDetails(), jobTitle: undefined } });
    expect((await publish(d.jane.headers, d.jane.id)).statusCode).toBe(200);
  });

  it('needs an alias first', async () => {
    const d = await division();
    await setProfile(t.db, d.jane.id, { alias: null });
    const res = await publish(d.jane.headers, d.jane.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'alias_required', message: M.aliasRequired });
  });

  it('a template is always publishable', async () => {
    const d = await division({ flags: { templates: true } });
    await setProfile(t.db, d.masterId, { content: {} });
    expect((await publish(d.sup.headers, d.masterId)).statusCode).toBe(200);
  });

  it('with the approvals flag a plain user is told to request approval; nothing is published', async () => {
    const d = await division({ flags: { approvals: true } });
    const res = await publish(d.jane.headers, d.jane.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'approval_required', message: M.approvalRequired, pendingApprovalId: null });
    expect((await getProfileRow(t.db, d.jane.id))!.publishedHtml).toBeNull();
  });

  it('with the approvals flag a supervisor publishes and thereby approves what was pending', async () => {
    const d = await division({ flags: { approvals: true } });
    const requested = await t.app.inject({ method: 'POST', url: '/api/approvals', headers: d.jane.headers, payload: { profileId: d.jane.id } });
    expect(requested.statusCode).toBe(200);
    const refused = await publish(d.jane.headers, d.jane.id);
    expect(refused.json().pendingApprovalId).toBe(requested.json().data.id);

    expect((await publish(d.sup.headers, d.jane.id)).statusCode).toBe(200);
    const [approval] = await t.db.select().from(approvals).where(eq(approvals.id, requested.json().data.id));
    expect(approval).toMatchObject({ approved: true, respondedBy: d.sup.user.id });
    expect(
      await t.db
        .select()
        .from(approvals)
        .where(and(eq(approvals.profileId, d.jane.id), isNull(approvals.approved))),
    ).toEqual([]);
  });

  it('answers 404 for a colleague’s or another division’s profile, 401 without a session', async () => {
    const d = await division();
    const other = await division();
    const colleague = await t.signedIn({ companyId: d.company.id, masterProfileId: d.masterId, content: childDetails('Colleague') });
    expect((await publish(colleague.headers, d.jane.id)).statusCode).toBe(404);
    expect((await publish(other.sup.headers, d.jane.id)).statusCode).toBe(404);
    expect((await publish(d.jane.headers, d.masterId)).statusCode).toBe(404);
    expect((await publish({}, d.jane.id)).statusCode).toBe(401);
    expect((await getProfileRow(t.db, d.jane.id))!.publishedAt).toBeNull();
  });
});

describe('PUT /api/profiles/:id/unpublish', () => {
  it('takes the page down: publishedAt, the HTML and its compressed forms are cleared and the page answers 404', async () => {
    const d = await division();
    await publish(d.jane.headers, d.jane.id);
    expect((await page(d.host, d.alias)).statusCode).toBe(200);
    const res = await unpublish(d.sup.headers, d.jane.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const row = await getProfileRow(t.db, d.jane.id);
    expect(row).toMatchObject({ publishedAt: null, publishedHtml: null, publishedBr: null, publishedGzip: null, publishedEtag: null });
    expect((await page(d.host, d.alias)).statusCode).toBe(404);
  });

  it('is for supervisors and superadmins: the owner gets 403, others 404', async () => {
    const d = await division();
    await publish(d.jane.headers, d.jane.id);
    const other = await division();
    const owner = await unpublish(d.jane.headers, d.jane.id);
    expect(owner.statusCode).toBe(403);
    expect((await unpublish(other.sup.headers, d.jane.id)).statusCode).toBe(404);
    expect((await unpublish({}, d.jane.id)).statusCode).toBe(401);
    expect((await getProfileRow(t.db, d.jane.id))!.publishedAt).not.toBeNull();
    const admin = await t.signedIn({ role: 'superadmin' });
    expect((await unpublish(admin.headers, d.jane.id)).statusCode).toBe(200);
  });
});

describe('POST /api/profiles/rebuild-children/:id', () => {
  it('republishes only the published children, with the template’s new content and what each child last published', async () => {
    const d = await division({ flags: { templates: true } });
    const bob = await t.signedIn({ companyId: d.company.id, masterProfileId: d.masterId, content: childDetails('Bob Brown') });
    const draft = await t.signedIn({ companyId: d.company.id, masterProfileId: d.masterId, content: childDetails('Dora Draft') });
    await publish(d.jane.headers, d.jane.id);
    await publish(bob.headers, bob.id);
    // Jane saves a change after publishing; a rebuild must not publish it.
    await setProfile(t.db, d.jane.id, { content: { ...childDetails(), jobTitle: 'Unpublished title' } });
    const master = (await getProfileRow(t.db, d.masterId))!;
    const links = (master.content.links as { key: string; title: string }[]).map((l) => (l.key === 'website' ? { ...l, title: 'Our new website' } : l));
    await setProfile(t.db, d.masterId, { content: { ...master.content, links } });

    const res = await rebuild(d.sup.headers, d.masterId);
    expect(res.statusCode).toBe(202);
    const started = res.json();
    expect(started).toEqual({ id: expect.any(Number), templateId: d.masterId, state: 'queued', total: 0, done: 0, rebuilt: 0, failed: 0 });
    await t.app.deps.jobs.idle();
    const status = await rebuildStatus(d.sup.headers, started.id);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ id: started.id, templateId: d.masterId, state: 'done', total: 2, done: 2, rebuilt: 2, failed: 0 });
    const jane = (await getProfileRow(t.db, d.jane.id))!;
    expect(jane.publishedHtml).toContain('Our new website');
    expect(jane.publishedHtml).toContain('Head of Sales');
    expect(jane.publishedHtml).not.toContain('Unpublished title');
    expect((await getProfileRow(t.db, bob.id))!.publishedHtml).toContain('Our new website');
    expect((await getProfileRow(t.db, draft.id))!).toMatchObject({ publishedAt: null, publishedHtml: null });
    expect((await page(d.host, d.alias)).body).toContain('Our new website');
  });

  it('is only for templates, by their editors', async () => {
    const d = await division({ flags: { templates: true } });
    const notTemplate = await rebuild(d.sup.headers, d.jane.id);
    expect(notTemplate.statusCode).toBe(400);
    expect(notTemplate.json().message).toBe(M.notATemplate);
    expect((await rebuild(d.jane.headers, d.masterId)).statusCode).toBe(404);
    const other = await division({ flags: { templates: true } });
    expect((await rebuild(other.sup.headers, d.masterId)).statusCode).toBe(404);
    expect((await rebuild({}, d.masterId)).statusCode).toBe(401);
    const noFlag = await division();
    expect((await rebuild(noFlag.sup.headers, noFlag.masterId)).statusCode).toBe(403);
  });

  it('is followed by the template’s editors only: another division’s rebuild answers 404, like a missing one', async () => {
    const d = await division({ flags: { templates: true } });
    await publish(d.jane.headers, d.jane.id);
    const started = (await rebuild(d.sup.headers, d.masterId)).json();
    await t.app.deps.jobs.idle();
    const admin = await t.signedIn({ role: 'superadmin' });
    expect((await rebuildStatus(admin.headers, started.id)).json()).toMatchObject({ state: 'done', total: 1, done: 1, rebuilt: 1 });
    const other = await division({ flags: { templates: true } });
    const notFound = await rebuildStatus(other.sup.headers, started.id);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe(M.rebuildNotFound);
    expect((await rebuildStatus(d.jane.headers, started.id)).statusCode).toBe(404);
    expect((await rebuildStatus(d.sup.headers, started.id + 1_000_000)).statusCode).toBe(404);
    expect((await rebuildStatus({}, started.id)).statusCode).toBe(401);
  });
});
