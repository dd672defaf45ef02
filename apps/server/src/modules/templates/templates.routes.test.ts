import { TEMPLATES_PAGE_SIZE } from '@profilehub/shared';
import { describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema.ts';
import { createCompany, createUser, setProfile, signedInUser, signIn } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });

/** A division with the templates flag, its supervisor, and extra templates named `names` (the factory's own template first). */
async function division(names: string[], flags = { templates: true }) {
  const company = await createCompany(t.db, { flags });
  const sup = await signedInUser(t.app, { role: 'supervisor', companyId: company.id });
  const ids = [company.masterProfileId];
  for (const name of names) {
    const [row] = await t.db
      .insert(profiles)
      .values({ companyId: company.id, isMaster: true, templateName: name || null, content: name ? {} : { fullName: 'Profile Named' } })
      .returning();
    ids.push(row!.id);
  }
  return { company, sup, ids };
}
const names = (body: { data: { fullName: string }[] }) => body.data.map((d) => d.fullName);

describe('GET /api/templates', () => {
  it('lists the division’s templates with linked profiles, search falling back to the profile name', async () => {
    const d = await division(['Sales Team', '']);
    for (let i = 0; i < 3; i++) await createUser(t.app, { companyId: d.company.id, masterProfileId: d.ids[1] });
    await setProfile(t.db, d.ids[1]!, { publishedAt: new Date(), alias: `tpl-${d.company.id}` });
    const res = await get(d.sup.headers, '/api/templates');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, all: 3, page: 0, pageSize: TEMPLATES_PAGE_SIZE });
    expect(body.data.find((x: { id: number }) => x.id === d.ids[1])).toMatchObject({
      templateName: 'Sales Team',
      companyId: d.company.id,
      companyName: d.company.title,
      linkedProfiles: 3,
      isMaster: true,
      isLive: true,
      url: expect.stringContaining(`/tpl-${d.company.id}`),
    });
    expect(names((await get(d.sup.headers, '/api/templates?filter=sALES')).json())).toEqual(['Sales Team']);
    const fallback = (await get(d.sup.headers, '/api/templates?filter=profile named')).json();
    expect(fallback).toMatchObject({ total: 1, all: 3 });
    expect(fallback.data[0]).toMatchObject({ templateName: null, profileName: 'Profile Named', fullName: 'Profile Named' });
  });

  it('sorts A-Z, by division and by linked profiles both ways, and pages', async () => {
    const d = await division(['Bravo', 'Alpha', 'Charlie']);
    await createUser(t.app, { companyId: d.company.id, masterProfileId: d.ids[3] });
    await createUser(t.app, { companyId: d.company.id, masterProfileId: d.ids[3] });
    await createUser(t.app, { companyId: d.company.id, masterProfileId: d.ids[1] });
    const own = `${d.company.subdomain} template`;
    expect(names((await get(d.sup.headers, '/api/templates?orderBy=A-Z&order=asc')).json())).toEqual(['Alpha', 'Bravo', 'Charlie', own]);
    expect(names((await get(d.sup.headers, '/api/templates?orderBy=A-Z&order=desc')).json())).toEqual([own, 'Charlie', 'Bravo', 'Alpha']);
    expect(names((await get(d.sup.headers, '/api/templates?orderBy=LINKED_PROFILES&order=desc')).json()).slice(0, 2)).toEqual(['Charlie', 'Bravo']);
    expect((await get(d.sup.headers, '/api/templates?orderBy=DIVISION&order=asc')).statusCode).toBe(200);
    const paged = (await get(d.sup.headers, '/api/templates?orderBy=A-Z&order=asc&pageSize=3&page=1')).json();
    expect(names(paged)).toEqual([own]);
    expect(paged.total).toBe(4);
  });

  it('scopes: a supervisor sees only divisions they supervise with the templates flag; users 403; bad input 400; no session 401', async () => {
    const a = await division(['Mine']);
    const b = await division(['Theirs']);
    const off = await division(['Flag Off'], { templates: false });
    expect(names((await get(a.sup.headers, '/api/templates')).json())).not.toContain('Theirs');
    expect((await get(a.sup.headers, `/api/templates?companyId=${b.company.id}`)).json()).toMatchObject({ total: 0, data: [] });
    expect((await get(off.sup.headers, '/api/templates')).json()).toMatchObject({ total: 0, all: 0 });
    const admin = await createUser(t.app, { role: 'superadmin' });
    const adminHeaders = (await signIn(t.app, admin.email)).headers;
    expect(names((await get(adminHeaders, `/api/templates?companyId=${b.company.id},${off.company.id}&orderBy=A-Z`)).json())).toEqual(
      expect.arrayContaining(['Theirs', 'Flag Off']),
    );
    const user = await signedInUser(t.app, { companyId: a.company.id });
    expect((await get(user.headers, '/api/templates')).statusCode).toBe(403);
    const bad = await get(a.sup.headers, '/api/templates?orderBy=NAME');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('orderBy must be one of A-Z, DIVISION, LINKED_PROFILES.');
    expect((await get({}, '/api/templates')).statusCode).toBe(401);
  });
});
