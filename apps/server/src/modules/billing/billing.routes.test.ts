import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { purchaseHistories } from '../../db/schema.ts';
import { createCompany, signedInUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const payment = async (d: Db, userId: number, companyId: number | null, day: string, amountGross = 9900) => {
  const [row] = await d
    .insert(purchaseHistories)
    .values({ userId, companyId, provider: 'payfast', status: 'COMPLETE', amountGross, currency: 'ZAR', billingDate: new Date(`${day}T10:00:00Z`) })
    .returning();
  return row!;
};
const get = (headers: Record<string, string> | undefined, userId?: number | string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/purchase-histories${userId !== undefined ? `?_where[user.id]=${userId}` : ''}`,
    ...(headers ? { headers } : {}),
  });
const ids = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((p) => p.id);

async function setup() {
  const company = await createCompany(t.db);
  const jane = await signedInUser(t.app, { companyId: company.id });
  const colleague = await signedInUser(t.app, { companyId: company.id });
  const sup = await signedInUser(t.app, { role: 'supervisor', companyId: company.id });
  const admin = await signedInUser(t.app, { role: 'superadmin' });
  const other = await createCompany(t.db);
  const outsider = await signedInUser(t.app, { companyId: other.id });
  const otherSup = await signedInUser(t.app, { role: 'supervisor', companyId: other.id });
  const janeOld = await payment(t.db, jane.user.id, company.id, '2025-01-01', 9900);
  const janeNew = await payment(t.db, jane.user.id, company.id, '2025-02-01', 12_345);
  const theirs = await payment(t.db, outsider.user.id, other.id, '2025-01-15');
  return { jane, colleague, sup, admin, outsider, otherSup, janeOld, janeNew, theirs };
}

describe('GET /api/purchase-histories', () => {
  it('gives a user their own payments, newest first, amounts in cents', async () => {
    const s = await setup();
    const res = await get(s.jane.headers, s.jane.user.id);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([s.janeNew.id, s.janeOld.id]);
    expect(res.json()[0]).toMatchObject({
      userId: s.jane.user.id,
      provider: 'payfast',
      status: 'COMPLETE',
      amountGross: 12_345,
      currency: 'ZAR',
      billingDate: '2025-02-01T10:00:00.000Z',
      expirationDate: null,
    });
    expect(ids(await get(s.jane.headers))).toEqual([s.janeNew.id, s.janeOld.id]);
  });

  it('a user asking for someone else’s payments gets an empty list', async () => {
    const s = await setup();
    expect((await get(s.colleague.headers, s.jane.user.id)).json()).toEqual([]);
    expect((await get(s.outsider.headers, s.jane.user.id)).json()).toEqual([]);
    expect(ids(await get(s.colleague.headers))).toEqual([]);
  });

  it('a supervisor sees the members of their division, not another division’s', async () => {
    const s = await setup();
    expect(ids(await get(s.sup.headers, s.jane.user.id))).toEqual([s.janeNew.id, s.janeOld.id]);
    expect((await get(s.sup.headers, s.outsider.user.id)).json()).toEqual([]);
    expect(ids(await get(s.otherSup.headers, s.outsider.user.id))).toEqual([s.theirs.id]);
    expect((await get(s.otherSup.headers, s.jane.user.id)).json()).toEqual([]);
    const all = ids(await get(s.sup.headers));
    expect(all).toContain(s.janeNew.id);
    expect(all).not.toContain(s.theirs.id);
  });

  it('a superadmin sees everyone’s', async () => {
    const s = await setup();
    expect(ids(await get(s.admin.headers, s.outsider.user.id))).toEqual([s.theirs.id]);
    expect(ids(await get(s.admin.headers, s.jane.user.id))).toEqual([s.janeNew.id, s.janeOld.id]);
  });

  it('answers 401 without a sign-in and 400 with a message for a bad user id', async () => {
    const s = await setup();
    expect((await get(undefined, s.jane.user.id)).statusCode).toBe(401);
    for (const bad of ['abc', '-1', '1.5']) {
      const res = await get(s.jane.headers, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('_where[user.id] must be a user id.');
    }
  });
});

describe('OpenAPI', () => {
  it('documents the banners, lead forms and purchase histories calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/profile-banners']!)).toEqual(['post']);
    expect(Object.keys(paths['/api/profile-banners/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(paths['/api/lead-forms']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/lead-forms/{id}']!)).toEqual(['put']);
    expect(Object.keys(paths['/api/purchase-histories']!)).toEqual(['get']);
  });
});
