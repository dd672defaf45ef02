import { APPROVALS_PAGE_SIZE } from '@profilehub/shared';
import { describe, expect, it } from 'vitest';
import { childDetails, createTemplateDivision, createUser, setProfile, signedInUser, signIn } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
const request = (headers: Headers, profileId: number) => t.app.inject({ method: 'POST', url: '/api/approvals', headers, payload: { profileId } });
const respond = (headers: Headers, id: number, approved: boolean, message?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/approvals/respond/${id}`, headers, payload: { approved, message } });

/** A division with approvals, its supervisor, and staff who each requested approval. */
async function division(names: string[]) {
  const d = await createTemplateDivision(t.db, { flags: { approvals: true } });
  const sup = await signedInUser(t.app, { role: 'supervisor', companyId: d.company.id });
  const staff = [];
  for (const name of names) {
    const u = await signedInUser(t.app, {
      companyId: d.company.id,
      masterProfileId: d.masterId,
      content: childDetails(name),
      alias: `${name.toLowerCase().replace(/\W+/g, '-')}-${d.company.id}`,
    });
    const approval = (await request(u.headers, u.id)).json().data;
    staff.push({ ...u, approvalId: approval.id as number });
  }
  return { ...d, sup, staff };
}

describe('GET /api/approvals', () => {
  it('lists pending requests of the supervisor’s divisions with the row of spec §3, newest request first', async () => {
    const d = await division(['Ann Able', 'Ben Baker']);
    const res = await get(d.sup.headers, '/api/approvals');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, pending: 2, page: 0, pageSize: APPROVALS_PAGE_SIZE });
    expect(body.data.map((r: { fullName: string }) => r.fullName)).toEqual(['Ben Baker', 'Ann Able']);
    expect(body.data[1]).toMatchObject({
      id: d.staff[0]!.approvalId,
      approvalId: d.staff[0]!.approvalId,
      profileId: d.staff[0]!.id,
      targetProfile: d.staff[0]!.id,
      company: { id: d.company.id },
      companyId: d.company.id,
      companyName: d.company.title,
      approved: null,
      jobTitle: 'Head of Sales',
      profileThumbnail: 'https://cdn.acme.test/jane.jpg',
      alias: `ann-able-${d.company.id}`,
      publishedAt: null,
      url: expect.stringContaining(`/ann-able-${d.company.id}`),
      profileChanges: expect.arrayContaining([expect.objectContaining({ fieldTitle: 'Job title', actionType: 'added' })]),
    });
    expect((await get(d.sup.headers, '/api/approvals/count')).json()).toEqual({ pending: 2 });
  });

  it('moves answered requests to resolved with their answer; filters, sorts and pages', async () => {
    const d = await division(['Cat Cole', 'Dan Drew', 'Eve East']);
    expect((await respond(d.sup.headers, d.staff[0]!.approvalId, false, 'Use a better photo')).statusCode).toBe(200);
    expect((await respond(d.sup.headers, d.staff[1]!.approvalId, true)).statusCode).toBe(200);
    const active = (await get(d.sup.headers, '/api/approvals?status=active')).json();
    expect(active.data.map((r: { fullName: string }) => r.fullName)).toEqual(['Eve East']);
    expect(active.pending).toBe(1);
    const resolved = (await get(d.sup.headers, '/api/approvals?status=resolved&orderBy=NAME&order=asc')).json();
    expect(resolved.data.map((r: { fullName: string; approved: boolean }) => [r.fullName, r.approved])).toEqual([
      ['Cat Cole', false],
      ['Dan Drew', true],
    ]);
    expect(resolved.data[0]).toMatchObject({ message: 'Use a better photo', respondedAt: expect.any(String), respondedBy: 'Test Person' });
    expect(resolved.data[1].publishedAt).not.toBeNull();
    const desc = (await get(d.sup.headers, '/api/approvals?status=resolved&orderBy=ALIAS&order=desc')).json();
    expect(desc.data.map((r: { fullName: string }) => r.fullName)).toEqual(['Dan Drew', 'Cat Cole']);
    expect((await get(d.sup.headers, '/api/approvals?status=resolved&filter=DREW')).json().data).toHaveLength(1);
    const paged = (await get(d.sup.headers, '/api/approvals?status=resolved&orderBy=REQUESTDATE&order=asc&pageSize=1&page=1')).json();
    expect(paged).toMatchObject({ total: 2, page: 1 });
    expect(paged.data.map((r: { fullName: string }) => r.fullName)).toEqual(['Dan Drew']);
  });

  it('a supervisor never sees another division’s approvals; superadmins see all; users 403; bad input 400; 401', async () => {
    const a = await division(['Fay Fox']);
    const b = await division(['Gus Gray']);
    const mine = (await get(a.sup.headers, '/api/approvals')).json();
    expect(mine.data.map((r: { fullName: string }) => r.fullName)).toEqual(['Fay Fox']);
    expect((await get(a.sup.headers, `/api/approvals?companyId=${b.company.id}`)).json()).toMatchObject({ total: 0, data: [] });
    const admin = await createUser(t.app, { role: 'superadmin' });
    const adminHeaders = (await signIn(t.app, admin.email)).headers;
    const all = (await get(adminHeaders, `/api/approvals?companyId=${a.company.id},${b.company.id}`)).json();
    expect(all.data.map((r: { fullName: string }) => r.fullName).sort()).toEqual(['Fay Fox', 'Gus Gray']);
    expect((await get(a.staff[0]!.headers, '/api/approvals')).statusCode).toBe(403);
    expect((await get(a.staff[0]!.headers, '/api/approvals/count')).statusCode).toBe(403);
    const bad = await get(a.sup.headers, '/api/approvals?status=open');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('status must be active or resolved.');
    expect((await get(a.sup.headers, '/api/approvals?orderBy=DATE')).json().message).toBe('orderBy must be one of NAME, DIVISION, ALIAS, REQUESTDATE.');
    expect((await get({}, '/api/approvals')).statusCode).toBe(401);
  });

  it('the owner’s re-request after a decline returns it to the queue as a new request and keeps the decision; the supervisor’s own pending approval is approved by publishing', async () => {
    const d = await division(['Hal Hill']);
    const [hal] = d.staff;
    await respond(d.sup.headers, hal!.approvalId, false, 'No');
    await setProfile(t.db, hal!.id, { content: { ...childDetails('Hal Hill'), jobTitle: 'Better title' } });
    const again = await t.app.inject({ method: 'PUT', url: `/api/approvals/single/${hal!.approvalId}`, headers: hal!.headers, payload: { approved: null } });
    expect(again.statusCode).toBe(200);
    const newId = again.json().data.id;
    expect(newId).not.toBe(hal!.approvalId);
    const active = (await get(d.sup.headers, '/api/approvals')).json();
    expect(active.data.map((r: { id: number }) => r.id)).toEqual([newId]);
    expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${hal!.id}/publish`, headers: d.sup.headers })).statusCode).toBe(200);
    expect((await get(d.sup.headers, '/api/approvals')).json()).toMatchObject({ total: 0, pending: 0 });
    // Every round stays under resolved: the approval by publishing and the earlier decline with its message.
    const resolved = (await get(d.sup.headers, '/api/approvals?status=resolved')).json();
    expect(resolved.total).toBe(2);
    expect(resolved.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: newId, approved: true }),
        expect.objectContaining({ id: hal!.approvalId, approved: false, message: 'No' }),
      ]),
    );
  });
});
