import { SIGNATURE_MESSAGES } from '@profilehub/shared';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { childDetails, createTemplateDivision, createUser, getProfileRow, setProfile, signedInUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

// A hub on https, as every real one is: the signature carries https links only.
const t = useTestApp({ env: { PUBLIC_URL: 'https://hub.test' } });

type Division = Awaited<ReturnType<typeof createTemplateDivision>>;

/** A person of the division with a published card. */
async function publishedPerson(d: Division, content: Record<string, unknown> = childDetails('Jane <Doe>')) {
  const person = await signedInUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content });
  const res = await t.app.inject({ method: 'PUT', url: `/api/profiles/${person.id}/publish`, headers: person.headers });
  expect(res.statusCode).toBe(200);
  return person;
}

async function setTemplateLayout(d: Division, layout: string) {
  const master = await getProfileRow(t.app.deps.db, d.masterId);
  await setProfile(t.app.deps.db, d.masterId, { content: { ...(master!.content as object), emailSignatureLayout: layout } });
}

const signature = (id: number, headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/profiles/${id}/signature${query}`, headers });
const zip = (companyId: number, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/companies/${companyId}/signatures.zip`, headers });

describe('GET /api/profiles/{id}/signature', () => {
  it('builds the published card’s signature: escaped, tables and inline styles, absolute https links tagged src=signature', async () => {
    const d = await createTemplateDivision(t.app.deps.db);
    const jane = await publishedPerson(d);
    const res = await signature(jane.id, jane.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.layout).toBe('classic');
    expect(body.locked).toBe(false);
    expect(body.layouts.map((l: { value: string }) => l.value)).toEqual(['classic', 'compact', 'card']);
    const alias = (await getProfileRow(t.app.deps.db, jane.id))!.alias;
    expect(body.cardUrl).toBe(`https://${d.company.subdomain}.localhost/${alias}?src=signature`);
    expect(body.html).toContain('Jane &#60;Doe&#62;');
    expect(body.html).toContain(`href="${body.cardUrl}"`);
    expect(body.html).toContain('src="https://cdn.acme.test/jane.jpg"');
    expect(body.html).not.toMatch(/<script|<style|<link|javascript:/i);
    for (const [, url] of body.html.matchAll(/(?:href|src)="([^"]*)"/g)) expect(url).toMatch(/^https:\/\//);
    expect(body.text).toContain(`My digital card: ${body.cardUrl}`);
  });

  it('previews another layout, with the QR code the hub serves for the card layout', async () => {
    const d = await createTemplateDivision(t.app.deps.db);
    const jane = await publishedPerson(d);
    const body = (await signature(jane.id, jane.headers, '?layout=card')).json();
    expect(body.layout).toBe('card');
    expect(body.html).toContain(`src="${body.cardUrl.replace('?src=signature', '')}/qr.png"`);
    const bad = await signature(jane.id, jane.headers, '?layout=fancy');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('layout must be one of classic, compact, card.');
  });

  it('keeps the template’s layout when the template locks it, whatever the child asks for', async () => {
    const d = await createTemplateDivision(t.app.deps.db, { permissions: [{ key: 'emailSignatureLayout', edit: false }] });
    await setTemplateLayout(d, 'compact');
    const jane = await publishedPerson(d, { ...childDetails(), emailSignatureLayout: 'card' });
    const body = (await signature(jane.id, jane.headers, '?layout=classic')).json();
    expect(body).toMatchObject({ layout: 'compact', locked: true });
  });

  it('takes the template’s layout as a default the child may change when it is not locked', async () => {
    const d = await createTemplateDivision(t.app.deps.db);
    await setTemplateLayout(d, 'card');
    const jane = await publishedPerson(d);
    expect((await signature(jane.id, jane.headers)).json()).toMatchObject({ layout: 'card', locked: false });
    expect((await signature(jane.id, jane.headers, '?layout=compact')).json()).toMatchObject({ layout: 'compact', locked: false });
  });

  it('answers 409 before the card is published, 404 for another division’s profile, 401 without sign-in', async () => {
    const d = await createTemplateDivision(t.app.deps.db);
    const draft = await signedInUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
    const res = await signature(draft.id, draft.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SIGNATURE_MESSAGES.notPublished);
    const other = await signedInUser(t.app, { companyId: (await createTemplateDivision(t.app.deps.db)).company.id });
    expect((await signature(draft.id, other.headers)).statusCode).toBe(404);
    expect((await signature(draft.id, {})).statusCode).toBe(401);
  });

  it('tells a template’s editor that each person’s signature comes from their own card (409)', async () => {
    const d = await createTemplateDivision(t.app.deps.db);
    const admin = await signedInUser(t.app, { role: 'superadmin' });
    const res = await signature(d.masterId, admin.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SIGNATURE_MESSAGES.template);
  });
});

describe('GET /api/companies/{id}/signatures.zip', () => {
  it('gives a supervisor every published person’s signature as HTML and text files', async () => {
    const d = await createTemplateDivision(t.app.deps.db);
    const jane = await publishedPerson(d);
    const sam = await publishedPerson(d, childDetails('Sam Lee'));
    await signedInUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails('Not Published') });
    const boss = await signedInUser(t.app, { companyId: d.company.id, role: 'supervisor' });
    const res = await zip(d.company.id, boss.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="signatures-${d.company.subdomain}.zip"`);
    const files = unzipSync(res.rawPayload);
    const janeAlias = (await getProfileRow(t.app.deps.db, jane.id))!.alias;
    const samAlias = (await getProfileRow(t.app.deps.db, sam.id))!.alias;
    expect(Object.keys(files).sort()).toEqual([`${janeAlias}.html`, `${janeAlias}.txt`, `${samAlias}.html`, `${samAlias}.txt`].sort());
    expect(strFromU8(files[`${samAlias}.html`]!)).toContain('Sam Lee');
    expect(strFromU8(files[`${janeAlias}.txt`]!)).toContain('?src=signature');
  });

  it('is refused to a plain user (403) and to another division’s supervisor (404); a superadmin may', async () => {
    const d = await createTemplateDivision(t.app.deps.db);
    const jane = await publishedPerson(d);
    const res = await zip(d.company.id, jane.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SIGNATURE_MESSAGES.notAllowed);
    const otherBoss = await signedInUser(t.app, { companyId: (await createTemplateDivision(t.app.deps.db)).company.id, role: 'supervisor' });
    expect((await zip(d.company.id, otherBoss.headers)).statusCode).toBe(404);
    const admin = await signedInUser(t.app, { role: 'superadmin' });
    expect((await zip(d.company.id, admin.headers)).statusCode).toBe(200);
  });

  it('answers 404 with a message when nobody of the division has published', async () => {
    const d = await createTemplateDivision(t.app.deps.db);
    await createUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
    const boss = await signedInUser(t.app, { companyId: d.company.id, role: 'supervisor' });
    const res = await zip(d.company.id, boss.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SIGNATURE_MESSAGES.noneToDownload);
  });
});
