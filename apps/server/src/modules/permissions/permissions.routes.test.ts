import { PROFILE_API_MESSAGES as M } from '@profilehub/shared';
import { describe, expect, it } from 'vitest';
import { childDetails, createTemplateDivision, getProfileRow } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const post = (headers: Headers, data: unknown) => t.app.inject({ method: 'POST', url: '/api/permissions', headers, payload: { data } });
const put = (headers: Headers, id: number, data: unknown) => t.app.inject({ method: 'PUT', url: `/api/permissions/${id}`, headers, payload: { data } });
const clear = (headers: Headers, id: number) => t.app.inject({ method: 'DELETE', url: `/api/permissions/${id}/entries`, headers });
const view = (headers: Headers, id: number) => t.app.inject({ method: 'GET', url: `/api/profiles/${id}?populate=self-service`, headers });

async function division(flags = { permissions: true }) {
  const d = await createTemplateDivision(t.db, { flags });
  const sup = await t.signedIn({ role: 'supervisor', companyId: d.company.id });
  const jane = await t.signedIn({ companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
  return { ...d, sup, jane };
}

describe('POST /api/permissions', () => {
  it('a supervisor with the permissions flag saves the children’s entries; saving again replaces them', async () => {
    const d = await division();
    const res = await post(d.sup.headers, { title: 'Standard - Permissions', permissions: [{ key: 'jobTitle', edit: false }], profileId: d.masterId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        id: expect.any(Number),
        profileId: d.masterId,
        kind: 'child',
        title: 'Standard - Permissions',
        permissions: [{ key: 'jobTitle', show: true, edit: false, optional: true, sortable: true }],
      },
    });
    const again = await post(d.sup.headers, { title: 'Renamed', permissions: [{ key: 'links', sortable: false }], profileId: d.masterId });
    expect(again.json().data).toMatchObject({ id: res.json().data.id, title: 'Renamed', permissions: [{ key: 'links', sortable: false }] });
    // The child now works under them.
    expect((await view(d.jane.headers, d.jane.id)).json().permissions.childPermissions).toEqual([
      { key: 'links', show: true, edit: true, optional: true, sortable: false },
    ]);
  });

  it('locking a field keeps a child from changing it', async () => {
    const d = await division();
    await post(d.sup.headers, { title: 'P', permissions: [{ key: 'jobTitle', edit: false }], profileId: d.masterId });
    const before = (await view(d.jane.headers, d.jane.id)).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/profiles/${d.jane.id}`,
      headers: d.jane.headers,
      payload: { version: before.profile.version, content: { ...before.content, jobTitle: 'Changed anyway' } },
    });
    expect(res.statusCode).toBe(200);
    expect((await getProfileRow(t.db, d.jane.id))!.content.jobTitle).toBe('Head of Sales');
  });

  it('the master set is the superadmin’s', async () => {
    const d = await division();
    const refused = await post(d.sup.headers, { title: 'M', permissions: [], profileId: d.masterId, kind: 'master' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.masterPermissionsSuperadmin);
    const admin = await t.signedIn({ role: 'superadmin' });
    const res = await post(admin.headers, { title: 'M', permissions: [{ key: 'logo', edit: false }], profileId: d.masterId, kind: 'master' });
    expect(res.statusCode).toBe(200);
    expect((await view(admin.headers, d.masterId)).json().permissions).toMatchObject({
      masterPermissions: [{ key: 'logo', edit: false }],
      masterPermissionId: res.json().data.id,
    });
  });

  it('refuses without the flag (403), for a profile that is not a template or bad entries (400), elsewhere (404), without a session (401)', async () => {
    const d = await division();
    const noFlag = await division({ permissions: false });
    const off = await post(noFlag.sup.headers, { title: 'P', permissions: [], profileId: noFlag.masterId });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(M.permissionsOff);
    const notTemplate = await post(d.sup.headers, { title: 'P', permissions: [], profileId: d.jane.id });
    expect(notTemplate.statusCode).toBe(400);
    expect(notTemplate.json().message).toBe(M.notATemplate);
    const twice = await post(d.sup.headers, { title: 'P', permissions: [{ key: 'a' }, { key: 'a' }], profileId: d.masterId });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('The permission key "a" appears twice.');
    expect((await post(d.jane.headers, { title: 'P', permissions: [], profileId: d.masterId })).statusCode).toBe(404);
    expect((await post(noFlag.sup.headers, { title: 'P', permissions: [], profileId: d.masterId })).statusCode).toBe(404);
    expect((await post({}, { title: 'P', permissions: [], profileId: d.masterId })).statusCode).toBe(401);
  });
});

describe('PUT /api/permissions/:id and DELETE /api/permissions/:id/entries', () => {
  it('replaces the entries, and the reset clears them', async () => {
    const d = await division();
    const created = (await post(d.sup.headers, { title: 'P', permissions: [{ key: 'jobTitle', edit: false }], profileId: d.masterId })).json().data;
    const res = await put(d.sup.headers, created.id, { permissions: [{ key: 'logo', show: false }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.id, title: 'P', permissions: [{ key: 'logo', show: false, edit: true }] });
    const cleared = await clear(d.sup.headers, created.id);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.permissions).toEqual([]);
  });

  it('another division’s record answers 404; a user 404; missing 404; no session 401', async () => {
    const d = await division();
    const other = await division();
    const created = (await post(d.sup.headers, { title: 'P', permissions: [], profileId: d.masterId })).json().data;
    for (const headers of [other.sup.headers, d.jane.headers]) {
      expect((await put(headers, created.id, { permissions: [] })).statusCode).toBe(404);
      expect((await clear(headers, created.id)).statusCode).toBe(404);
    }
    expect((await put(d.sup.headers, 2_147_483_000, { permissions: [] })).statusCode).toBe(404);
    expect((await put({}, created.id, { permissions: [] })).statusCode).toBe(401);
    expect((await put(d.sup.headers, created.id, { permissions: 'all' })).statusCode).toBe(400);
  });
});
