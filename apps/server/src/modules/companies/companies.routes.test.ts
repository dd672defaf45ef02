import { randomBytes } from 'node:crypto';
import { type Company, DEFAULT_FEATURE_FLAGS, DEFAULT_SUPPORT_LINK, NUL_MESSAGE } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, companyMembers } from '../../db/schema.ts';
import { createCompany, createUser, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
let admin: { headers: Record<string, string> };
beforeAll(async () => {
  admin = await signIn(t.app, (await createUser(t.app, { role: 'superadmin' })).email);
});

/** A word no other test's companies carry, so a description search sees only this test's companies. */
const tag = () => `t${randomBytes(5).toString('hex')}`;
const enc = encodeURIComponent;
const list = (headers: Record<string, string>, query = '') => t.app.inject({ method: 'GET', url: `/api/companies${query ? `?${query}` : ''}`, headers });
const search = (word: string) => `filters[description][$containsi]=${enc(word)}`;
const idsOf = (res: { json(): { data: Company[] } }) => res.json().data.map((c) => c.id);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const headersOf = async (o: Parameters<typeof createUser>[1]) => {
  const user = await createUser(t.app, o);
  return { user, headers: (await signIn(t.app, user.email)).headers };
};

describe('GET /api/companies: who sees what', () => {
  it('needs a session', async () => {
    const res = await list({});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'unauthorized' });
  });

  it('a superadmin sees every division; a supervisor only those they supervise; a user only their own', async () => {
    const word = tag();
    const a = await createCompany(t.app.deps.db, { description: `${word} alpha` });
    const b = await createCompany(t.app.deps.db, { description: `${word} beta` });
    const c = await createCompany(t.app.deps.db, { description: `${word} gamma` });

    const adminRes = await list(admin.headers, search(word));
    expect(adminRes.statusCode).toBe(200);
    expect(sorted(idsOf(adminRes))).toEqual(sorted([a.id, b.id, c.id]));

    const sup = await headersOf({ role: 'supervisor', companyId: a.id });
    // A plain membership in c does not make c one of the supervisor's divisions.
    await t.app.deps.db.insert(companyMembers).values([
      { userId: sup.user.id, companyId: b.id, role: 'supervisor', position: 1 },
      { userId: sup.user.id, companyId: c.id, role: 'member', position: 2 },
    ]);
    expect(sorted(idsOf(await list(sup.headers, search(word))))).toEqual(sorted([a.id, b.id]));

    const user = await headersOf({ companyId: b.id });
    expect(idsOf(await list(user.headers, search(word)))).toEqual([b.id]);
    expect(idsOf(await list(user.headers))).toEqual([b.id]);
  });

  it('a user or supervisor without divisions sees none', async () => {
    for (const role of ['user', 'supervisor'] as const) {
      const { headers } = await headersOf({ role });
      const res = await list(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } });
    }
  });

  it('returns divisions in the shape of spec §3, flags merged over the defaults', async () => {
    const word = tag();
    const co = await createCompany(t.app.deps.db, {
      description: `${word} shape`,
      flags: { templates: true },
      paymentStructure: 'individual',
      supportLink: 'help@acme.test',
    });
    const [company] = (await list(admin.headers, search(word))).json().data as Company[];
    expect(company).toMatchObject({
      id: co.id,
      name: co.name,
      title: co.title,
      description: `${word} shape`,
      subdomain: co.subdomain,
      masterProfiles: [{ id: co.masterProfileId }],
      limits: { imageGallery: 5 },
      customSupportLink: 'help@acme.test',
      paymentStructure: 'individual',
      publicationState: 'live',
      whiteLabel: null,
    });
    expect(company!.feature_flags).toEqual({ ...DEFAULT_FEATURE_FLAGS, templates: true });
  });
});

describe('GET /api/companies: query language', () => {
  it('filters[description][$containsi] is a case-insensitive substring search', async () => {
    const word = tag();
    const north = await createCompany(t.app.deps.db, { description: `${word} Sales North` });
    await createCompany(t.app.deps.db, { description: `${word} Marketing` });
    expect(idsOf(await list(admin.headers, search(`${word.toUpperCase()} sALES`)))).toEqual([north.id]);
    expect(idsOf(await list(admin.headers, search('s north')))).toContain(north.id);
  });

  it('LIKE wildcards in the search are text: % and _ match only themselves', async () => {
    const word = tag();
    const percent = await createCompany(t.app.deps.db, { description: `${word} 100% pure` });
    const underscore = await createCompany(t.app.deps.db, { description: `${word} a_b` });
    const plain = await createCompany(t.app.deps.db, { description: `${word} axb 100 pure` });
    const backslash = await createCompany(t.app.deps.db, { description: `${word} back\\slash` });

    const byPercent = (await list(admin.headers, `${search('%')}&pagination[pageSize]=100`)).json().data as Company[];
    expect(byPercent.map((c) => c.id)).toContain(percent.id);
    expect(byPercent.every((c) => c.description.includes('%'))).toBe(true);
    expect(idsOf(await list(admin.headers, search(`${word} 100%`)))).toEqual([percent.id]);
    expect(idsOf(await list(admin.headers, search(`${word} a_b`)))).toEqual([underscore.id]);
    expect(idsOf(await list(admin.headers, search(`${word} a_`)))).toEqual([underscore.id]);
    expect(idsOf(await list(admin.headers, search(`${word} back\\`)))).toEqual([backslash.id]);
    expect(idsOf(await list(admin.headers, search(`${word} axb`)))).toEqual([plain.id]);
  });

  it('pagination[page] and pagination[pageSize] page through the results, with meta.pagination', async () => {
    const word = tag();
    const made = [];
    for (const n of [1, 2, 3, 4, 5]) made.push(await createCompany(t.app.deps.db, { description: `${word} ${n}` }));
    const page = async (p: number) => (await list(admin.headers, `${search(word)}&pagination[page]=${p}&pagination[pageSize]=2`)).json();

    const second = await page(2);
    expect(second.data.map((c: Company) => c.description)).toEqual([`${word} 3`, `${word} 4`]);
    expect(second.meta).toEqual({ pagination: { page: 2, pageSize: 2, pageCount: 3, total: 5 } });
    expect((await page(3)).data.map((c: Company) => c.id)).toEqual([made[4]!.id]);
    expect(await page(4)).toEqual({ data: [], meta: { pagination: { page: 4, pageSize: 2, pageCount: 3, total: 5 } } });
  });

  it('sorts by description ascending by default and descending with sort=description:desc', async () => {
    const word = tag();
    for (const d of ['b', 'c', 'a']) await createCompany(t.app.deps.db, { description: `${word} ${d}` });
    const descriptions = async (q: string) => ((await list(admin.headers, `${search(word)}${q}`)).json().data as Company[]).map((c) => c.description.slice(-1));
    expect(await descriptions('')).toEqual(['a', 'b', 'c']);
    expect(await descriptions('&sort=description:asc')).toEqual(['a', 'b', 'c']);
    expect(await descriptions('&sort=description:desc')).toEqual(['c', 'b', 'a']);
  });

  it('publicationState=live (the default) hides unpublished divisions; preview shows them', async () => {
    const word = tag();
    const live = await createCompany(t.app.deps.db, { description: `${word} live` });
    const draft = await createCompany(t.app.deps.db, { description: `${word} draft`, published: false });
    expect(idsOf(await list(admin.headers, search(word)))).toEqual([live.id]);
    expect(idsOf(await list(admin.headers, `${search(word)}&publicationState=live`))).toEqual([live.id]);
    const preview = (await list(admin.headers, `${search(word)}&publicationState=preview`)).json().data as Company[];
    expect(preview.map((c) => [c.id, c.publicationState])).toEqual([
      [draft.id, 'preview'],
      [live.id, 'live'],
    ]);
  });

  it('filters[id][$eq][n] narrows within the caller’s divisions and never widens them', async () => {
    const own = await createCompany(t.app.deps.db);
    const foreign = await createCompany(t.app.deps.db);
    const sup = await headersOf({ role: 'supervisor', companyId: own.id });

    expect(idsOf(await list(sup.headers, `filters[id][$eq][0]=${foreign.id}`))).toEqual([]);
    expect(idsOf(await list(sup.headers, `filters[id][$eq][0]=${foreign.id}&filters[id][$eq][1]=${own.id}`))).toEqual([own.id]);
    expect(idsOf(await list(sup.headers, `filters[id][$in]=${foreign.id}`))).toEqual([]);
    expect(idsOf(await list(admin.headers, `filters[id][$eq][0]=${foreign.id}`))).toEqual([foreign.id]);
    expect(sorted(idsOf(await list(admin.headers, `filters[id][$eq]=${foreign.id}&filters[id][$eq]=${own.id}`)))).toEqual(sorted([own.id, foreign.id]));
  });

  it('accepts populate (the spec sends populate=masterProfiles)', async () => {
    expect((await list(admin.headers, 'populate=masterProfiles')).statusCode).toBe(200);
  });

  it('refuses unknown query parameters with a readable message', async () => {
    for (const [query, message] of [
      ['foo=bar', 'Unknown query parameter foo'],
      ['filters[name][$eq]=x', 'Unknown query parameter filters[name][$eq]'],
      ['filters[description][$contains]=x', 'Unknown query parameter filters[description][$contains]'],
    ]) {
      const res = await list(admin.headers, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ statusCode: 400, message, errors: [{ message }] });
    }
  });

  it('refuses a search the database could not run (a NUL character) with a 400, not a 500', async () => {
    const res = await list(admin.headers, 'filters[description][$containsi]=a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NUL_MESSAGE);
  });

  it('refuses ids that are not company ids', async () => {
    for (const v of ['abc', '-3', '1.5', '2147483648', '99999999999']) {
      const res = await list(admin.headers, `filters[id][$eq][0]=${v}`);
      expect(res.statusCode, v).toBe(400);
      expect(res.json().message, v).toBe('filters[id][$eq][0] must be a company id');
    }
  });

  it('refuses bad paging, sorting and publication states', async () => {
    for (const q of [
      'pagination[page]=0',
      'pagination[page]=x',
      'pagination[pageSize]=0',
      'pagination[pageSize]=101',
      'sort=password:asc',
      'publicationState=draft',
    ]) {
      expect((await list(admin.headers, q)).statusCode, q).toBe(400);
    }
  });
});

describe('GET /api/companies/training-video/:id', () => {
  const video = (headers: Record<string, string>, id: number | string) => t.app.inject({ method: 'GET', url: `/api/companies/training-video/${id}`, headers });

  it('answers the own division’s video, the white-label video first, and success false without one', async () => {
    const withVideo = await createCompany(t.app.deps.db);
    await t.app.deps.db.update(companies).set({ trainingVideoUrl: 'https://videos.test/train' }).where(eq(companies.id, withVideo.id));
    const whiteLabelled = await createCompany(t.app.deps.db, { whiteLabel: { title: 'WL', tut_video: 'https://videos.test/wl' } });
    await t.app.deps.db.update(companies).set({ trainingVideoUrl: 'https://videos.test/ignored' }).where(eq(companies.id, whiteLabelled.id));
    const none = await createCompany(t.app.deps.db);

    for (const [co, expected] of [
      [withVideo, { success: true, url: 'https://videos.test/train' }],
      [whiteLabelled, { success: true, url: 'https://videos.test/wl' }],
      [none, { success: false, url: null }],
    ] as const) {
      const { headers } = await headersOf({ companyId: co.id });
      const res = await video(headers, co.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
    }
  });

  it('answers another division exactly like a missing one (404)', async () => {
    const own = await createCompany(t.app.deps.db);
    const foreign = await createCompany(t.app.deps.db);
    await t.app.deps.db.update(companies).set({ trainingVideoUrl: 'https://videos.test/secret' }).where(eq(companies.id, foreign.id));
    for (const role of ['user', 'supervisor'] as const) {
      const { headers } = await headersOf({ role, companyId: own.id });
      const foreignRes = await video(headers, foreign.id);
      const missingRes = await video(headers, 2_147_483_000);
      expect(foreignRes.statusCode, role).toBe(404);
      expect(foreignRes.json()).toEqual(missingRes.json());
      expect(foreignRes.body).not.toContain('secret');
    }
    expect((await video(admin.headers, foreign.id)).json()).toEqual({ success: true, url: 'https://videos.test/secret' });
    expect((await video(admin.headers, 2_147_483_000)).statusCode).toBe(404);
  });

  it('needs a session and a valid id', async () => {
    expect((await video({}, 1)).statusCode).toBe(401);
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '99999999999']) {
      const res = await video(admin.headers, id);
      expect(res.statusCode, id).toBe(400);
    }
  });
});

describe('GET /api/white-label', () => {
  const whiteLabel = (host: string) => t.app.inject({ method: 'GET', url: '/api/white-label', headers: { host } });

  it('answers the white-label of the company whose hub domain is the Host, before sign-in', async () => {
    const domain = `hub.${tag()}.test`;
    await createCompany(t.app.deps.db, { whiteLabel: { title: 'Acme', domain, brand_color: '#c2410c' }, supportLink: 'help@acme.test' });
    for (const host of [domain, `${domain}:3000`, domain.toUpperCase()]) {
      const res = await whiteLabel(host);
      expect(res.statusCode, host).toBe(200);
      expect(res.json(), host).toEqual({
        whiteLabel: { title: 'Acme', domain, brand_color: '#c2410c' },
        supportHref: 'mailto:help@acme.test',
        googleSignIn: false,
        closed: null,
      });
    }
  });

  it('carries the division’s FAQ and legal text for the settings pages', async () => {
    const domain = `hub.${tag()}.test`;
    const faq = [{ question: 'Who approves?', answer: 'Your supervisor.' }];
    await createCompany(t.app.deps.db, { whiteLabel: { title: 'Acme', domain, faq, legal: 'Acme terms.\n\nAcme privacy.' } });
    expect((await whiteLabel(domain)).json().whiteLabel).toEqual({ title: 'Acme', domain, faq, legal: 'Acme terms.\n\nAcme privacy.' });
  });

  it('answers null with the default support link on the product’s own hub; a name near the hub domain is not served', async () => {
    const domain = `hub.${tag()}.test`;
    await createCompany(t.app.deps.db, { whiteLabel: { title: 'Acme', domain } });
    for (const host of ['localhost', 'hub.test']) {
      expect((await whiteLabel(host)).json(), host).toEqual({ whiteLabel: null, supportHref: DEFAULT_SUPPORT_LINK, googleSignIn: false, closed: null });
    }
    for (const host of [`other.${domain}`, `x${domain}`]) expect((await whiteLabel(host)).statusCode, host).toBe(421);
  });
});
