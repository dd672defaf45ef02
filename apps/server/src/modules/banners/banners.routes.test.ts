import { BANNER_MESSAGES, PROFILE_API_MESSAGES as M } from '@profilehub/shared';
import { describe, expect, it } from 'vitest';
import { childDetails, createCompany, createTemplateDivision, getProfileRow, setProfile, signedInUser } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const slide = (url: string) => ({ url });
const post = (headers: Headers | undefined, data: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/profile-banners?populate[0]=banner.slider', ...(headers ? { headers } : {}), payload: { data } as object });
const put = (headers: Headers, id: string | number, data: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/profile-banners/${id}?populate[0]=banner.slider`, headers, payload: { data } as object });
const del = (headers: Headers, id: string | number, profileId: number, version?: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/profile-banners/${id}?profileId=${profileId}${version ? `&version=${version}` : ''}`, headers });
const get = (headers: Headers, id: string | number, profileId: number) =>
  t.app.inject({ method: 'GET', url: `/api/profile-banners/${id}?profileId=${profileId}`, headers });
const stored = async (id: number) => (await getProfileRow(t.db, id))!;

/** A division with a user (standalone profile), its supervisor, a superadmin and a user of another division. */
async function setup() {
  const company = await createCompany(t.db);
  const jane = await signedInUser(t.app, { companyId: company.id });
  const sup = await signedInUser(t.app, { role: 'supervisor', companyId: company.id });
  const admin = await signedInUser(t.app, { role: 'superadmin' });
  const other = await createCompany(t.db);
  const outsider = await signedInUser(t.app, { companyId: other.id });
  const otherSup = await signedInUser(t.app, { role: 'supervisor', companyId: other.id });
  return { company, jane, sup, admin, outsider, otherSup };
}

describe('POST /api/profile-banners', () => {
  it('adds a banner to the owner’s profile through the profile save (version goes up, ids are numbers)', async () => {
    const s = await setup();
    const res = await post(s.jane.headers, { profileId: s.jane.id, type: 'image', slider: [slide('/uploads/a.jpg'), slide('https://cdn.example/b.webp')] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { id: 1, type: 'image', slider: [{ url: '/uploads/a.jpg' }, { url: 'https://cdn.example/b.webp' }] },
      profileId: s.jane.id,
      version: 2,
    });
    const second = await post(s.jane.headers, { profileId: s.jane.id, type: 'video', slider: [slide('/uploads/clip.mp4')], version: 2 });
    expect(second.json()).toMatchObject({ data: { id: 2, type: 'video' }, version: 3 });
    const row = await stored(s.jane.id);
    expect(row.version).toBe(3);
    expect((row.content.banners as { id: number }[]).map((b) => b.id)).toEqual([1, 2]);
    // The editor view shows them.
    const view = await t.app.inject({ method: 'GET', url: `/api/profiles/${s.jane.id}?populate=self-service`, headers: s.jane.headers });
    expect(view.json().content.banners).toHaveLength(2);
  });

  it('lets the supervisor and a superadmin add banners; another division’s users get 404', async () => {
    const s = await setup();
    expect((await post(s.sup.headers, { profileId: s.jane.id, type: 'image', slider: [slide('/uploads/s.png')] })).statusCode).toBe(200);
    expect((await post(s.admin.headers, { profileId: s.jane.id, type: 'image', slider: [slide('/uploads/s.gif')] })).statusCode).toBe(200);
    for (const who of [s.outsider, s.otherSup]) {
      const res = await post(who.headers, { profileId: s.jane.id, type: 'image', slider: [slide('/uploads/x.png')] });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(M.notFound);
    }
    // A user of the same division cannot touch a colleague's profile either.
    const colleague = await signedInUser(t.app, { companyId: s.company.id });
    expect((await post(colleague.headers, { profileId: s.jane.id, type: 'image' })).statusCode).toBe(404);
    expect(((await stored(s.jane.id)).content.banners as unknown[]).length).toBe(2);
  });

  it('answers 401 without a sign-in', async () => {
    const s = await setup();
    const res = await post(undefined, { profileId: s.jane.id, type: 'image' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a sixth banner with a clear message and stores nothing', async () => {
    const s = await setup();
    for (let i = 0; i < 5; i++)
      expect((await post(s.jane.headers, { profileId: s.jane.id, type: 'image', slider: [slide(`/uploads/${i}.jpg`)] })).statusCode).toBe(200);
    const before = await stored(s.jane.id);
    const res = await post(s.jane.headers, { profileId: s.jane.id, type: 'image', slider: [slide('/uploads/6.jpg')] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You can add up to 5 banners.');
    expect((await stored(s.jane.id)).version).toBe(before.version);
  });

  it('answers 400 with a message for bad input: media type, profileId, unsafe link, too many slides', async () => {
    const s = await setup();
    const cases: [unknown, string][] = [
      [{ profileId: s.jane.id, type: 'image', slider: [slide('/uploads/evil.svg')] }, BANNER_MESSAGES.media],
      [{ profileId: s.jane.id, type: 'video', slider: [slide('https://cdn.example/v.avi')] }, BANNER_MESSAGES.media],
      [{ type: 'image' }, 'profileId is required: the profile the banner belongs to.'],
      [{ profileId: s.jane.id, slider: [slide('javascript:alert(1)')] }, 'Images must be an https:// URL or an uploaded file.'],
      [{ profileId: s.jane.id, slider: Array.from({ length: 6 }, (_, i) => slide(`/uploads/${i}.jpg`)) }, 'You can add up to 5 slides.'],
    ];
    for (const [data, message] of cases) {
      const res = await post(s.jane.headers, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // Every banner media type of spec §5 is taken (case does not matter; an address without an extension names no type).
    const res = await post(s.jane.headers, { profileId: s.jane.id, slider: ['jpg', 'jpeg', 'png', 'webp', 'gif'].map((e) => slide(`/uploads/f.${e}`)) });
    expect(res.statusCode).toBe(200);
    const video = await post(s.jane.headers, {
      profileId: s.jane.id,
      slider: [slide('/uploads/f.mp4'), slide('/uploads/f.MOV'), slide('https://cdn.example/media/7')],
    });
    expect(video.statusCode).toBe(200);
  });

  it('answers 409 with the current version for a stale version, writing nothing', async () => {
    const s = await setup();
    await post(s.jane.headers, { profileId: s.jane.id, type: 'image' });
    const res = await post(s.jane.headers, { profileId: s.jane.id, type: 'image', version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'stale_version', message: M.stale, currentVersion: 2 });
    expect(((await stored(s.jane.id)).content.banners as unknown[]).length).toBe(1);
  });

  it('loses no update when many banners are added at once without a version', async () => {
    const s = await setup();
    const results = await Promise.all([1, 2, 3, 4].map((i) => post(s.jane.headers, { profileId: s.jane.id, slider: [slide(`/uploads/${i}.jpg`)] })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const banners = (await stored(s.jane.id)).content.banners as { id: number; slider: { url: string }[] }[];
    expect(banners.map((b) => b.slider[0]!.url).sort()).toEqual(['/uploads/1.jpg', '/uploads/2.jpg', '/uploads/3.jpg', '/uploads/4.jpg']);
    expect(new Set(banners.map((b) => b.id)).size).toBe(4);
  });
});

describe('GET, PUT and DELETE /api/profile-banners/:id', () => {
  it('reads, replaces and removes a banner by its id inside the profile', async () => {
    const s = await setup();
    await post(s.jane.headers, { profileId: s.jane.id, type: 'image', slider: [slide('/uploads/a.jpg')] });
    await post(s.jane.headers, { profileId: s.jane.id, type: 'image', slider: [slide('/uploads/b.jpg')] });
    expect((await get(s.jane.headers, 2, s.jane.id)).json()).toMatchObject({ data: { id: 2, slider: [{ url: '/uploads/b.jpg' }] }, version: 3 });

    const updated = await put(s.sup.headers, 2, { profileId: s.jane.id, type: 'video', slider: [slide('/uploads/b.mov')], version: 3 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ data: { id: 2, type: 'video', slider: [{ url: '/uploads/b.mov' }] }, profileId: s.jane.id, version: 4 });

    const removed = await del(s.admin.headers, 1, s.jane.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ data: { id: 1 }, version: 5 });
    expect((await stored(s.jane.id)).content.banners).toEqual([{ id: 2, type: 'video', slider: [{ url: '/uploads/b.mov' }] }]);
    expect((await del(s.jane.headers, 2, s.jane.id)).statusCode).toBe(200);
    expect((await stored(s.jane.id)).content.banners ?? []).toEqual([]);
  });

  it('answers 404 for an unknown banner id, and for another division’s profile', async () => {
    const s = await setup();
    await post(s.jane.headers, { profileId: s.jane.id, type: 'image' });
    for (const res of [
      await get(s.jane.headers, 9, s.jane.id),
      await put(s.jane.headers, 9, { profileId: s.jane.id }),
      await del(s.jane.headers, 9, s.jane.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(BANNER_MESSAGES.notFound);
    }
    for (const res of [
      await get(s.outsider.headers, 1, s.jane.id),
      await put(s.otherSup.headers, 1, { profileId: s.jane.id, type: 'video' }),
      await del(s.otherSup.headers, 1, s.jane.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(M.notFound);
    }
    expect(((await stored(s.jane.id)).content.banners as unknown[]).length).toBe(1);
  });

  it('answers 409 for a stale DELETE and 400 without profileId', async () => {
    const s = await setup();
    await post(s.jane.headers, { profileId: s.jane.id, type: 'image' });
    await post(s.jane.headers, { profileId: s.jane.id, type: 'image' });
    expect((await del(s.jane.headers, 1, s.jane.id, 2)).statusCode).toBe(409);
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/profile-banners/1', headers: s.jane.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('profileId is required: the profile the banner belongs to.');
  });
});

describe('banners of a child profile', () => {
  it('a child edits banners when the template lets it, inheriting the template’s until then', async () => {
    const d = await createTemplateDivision(t.db);
    await setProfile(t.db, d.masterId, {
      content: { ...(await getProfileRow(t.db, d.masterId))!.content, banners: [{ id: 1, type: 'image', slider: [{ url: '/uploads/master.jpg' }] }] },
    });
    const jane = await signedInUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
    expect((await get(jane.headers, 1, jane.id)).json().data).toEqual({ id: 1, type: 'image', slider: [{ url: '/uploads/master.jpg' }] });
    const res = await post(jane.headers, { profileId: jane.id, type: 'image', slider: [slide('/uploads/mine.jpg')] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(2);
    expect(((await stored(jane.id)).content.banners as unknown[]).length).toBe(2);
    // The template itself is untouched.
    expect(((await stored(d.masterId)).content.banners as unknown[]).length).toBe(1);
  });

  it('a child cannot change banners the template locks: 403, nothing written', async () => {
    const d = await createTemplateDivision(t.db, { permissions: [{ key: 'banners', edit: false }] });
    const jane = await signedInUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
    const before = await stored(jane.id);
    for (const res of [
      await post(jane.headers, { profileId: jane.id, type: 'image' }),
      await put(jane.headers, 1, { profileId: jane.id, type: 'image' }),
      await del(jane.headers, 1, jane.id),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BANNER_MESSAGES.locked);
    }
    expect((await stored(jane.id)).version).toBe(before.version);
  });

  it('a template’s banners are edited by its supervisor only with the templates flag; a superadmin always', async () => {
    const d = await createTemplateDivision(t.db);
    const sup = await signedInUser(t.app, { role: 'supervisor', companyId: d.company.id });
    const admin = await signedInUser(t.app, { role: 'superadmin' });
    const refused = await post(sup.headers, { profileId: d.masterId, type: 'image' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.templatesOff);
    expect((await post(admin.headers, { profileId: d.masterId, type: 'image' })).statusCode).toBe(200);
  });
});
