/**
 * What a visitor gets from a child profile — the page and the vCard — agrees with
 * what the person did in the editor: an inherited number they removed is gone,
 * and the office address reaches the vCard in its parts.
 */
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema.ts';
import { childDetails, createTemplateDivision, getProfileRow, setProfile } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const TEMPLATE_WHATSAPP = '+27 82 555 0199';
let aliases = 0;

/** A division whose template has its own WhatsApp number, children may leave it out; Jane (with an alias) and her supervisor. */
async function division(permissions = [{ key: 'whatsappNumber', optional: true }]) {
  const d = await createTemplateDivision(t.db, { flags: { approvals: true }, permissions });
  const master = await getProfileRow(t.db, d.masterId);
  await setProfile(t.db, d.masterId, { content: { ...master!.content, whatsappNumber: TEMPLATE_WHATSAPP } });
  const jane = await t.signedIn({ companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
  const sup = await t.signedIn({ role: 'supervisor', companyId: d.company.id });
  const alias = `jane-content-${++aliases}`;
  await t.db.update(profiles).set({ alias }).where(eq(profiles.id, jane.id));
  return { ...d, jane, sup, alias, host: `${d.company.subdomain}.localhost` };
}
type Division = Awaited<ReturnType<typeof division>>;

const editorView = async (headers: Headers, id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/profiles/${id}?populate=self-service`, headers })).json();
/** The editor's autosave: only the changed fields (an emptied one as null). */
async function autosave(headers: Headers, id: number, changes: Record<string, unknown>) {
  const { profile } = await editorView(headers, id);
  const res = await t.app.inject({ method: 'PATCH', url: `/api/profiles/${id}`, headers, payload: { version: profile.version, changes } });
  expect(res.statusCode, res.body).toBe(200);
}
const publish = async (d: Division) => {
  const res = await t.app.inject({ method: 'PUT', url: `/api/profiles/${d.jane.id}/publish`, headers: d.sup.headers });
  expect(res.statusCode, res.body).toBe(200);
};
const page = (d: Division) => t.app.inject({ method: 'GET', url: `/${d.alias}`, headers: { host: d.host } });

/** The published vCard, read back by a third-party vCard parser (ical.js). */
async function card(d: Division) {
  const res = await t.app.inject({ method: 'GET', url: `/${d.alias}/contact.vcf`, headers: { host: d.host } });
  expect(res.statusCode).toBe(200);
  const component = new ICAL.Component(ICAL.parse(res.body));
  const adr = component.getFirstProperty('adr')?.getFirstValue() as string[] | undefined;
  return {
    phones: component.getAllProperties('tel').map((p) => String(p.getFirstValue())),
    labels: component.getAllProperties('x-ablabel').map((p) => String(p.getFirstValue())),
    address: adr && { street: adr[2], city: adr[3], region: adr[4], postcode: adr[5], country: adr[6] },
  };
}

describe('an inherited WhatsApp number the person removes', () => {
  it('is gone from the editor view, the page and the vCard, and the approval lists only that removal', async () => {
    const d = await division();
    await publish(d);
    expect((await card(d)).phones).toContain(TEMPLATE_WHATSAPP);

    await autosave(d.jane.headers, d.jane.id, { whatsappNumber: null, removedFields: ['whatsappNumber'] });
    const view = await editorView(d.jane.headers, d.jane.id);
    expect(view.content).not.toHaveProperty('whatsappNumber');
    expect(view.content.removedFields).toEqual(['whatsappNumber']);
    // The editor can still offer the template's value back.
    expect(view.master.textValues.whatsappNumber).toBe(TEMPLATE_WHATSAPP);

    const asked = await t.app.inject({ method: 'POST', url: '/api/approvals', headers: d.jane.headers, payload: { profileId: d.jane.id } });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.profileChanges).toEqual([
      { actionType: 'removed', fieldTitle: 'WhatsApp number', oldValue: { value: TEMPLATE_WHATSAPP }, newValue: null },
    ]);
    const answered = await t.app.inject({
      method: 'PUT',
      url: `/api/approvals/respond/${asked.json().data.id}`,
      headers: d.sup.headers,
      payload: { approved: true, rebuild: true },
    });
    expect(answered.statusCode, answered.body).toBe(200);

    const html = (await page(d)).body;
    expect(html).toContain('Jane Doe');
    expect(html).not.toContain('27825550199');
    expect(html).not.toContain(TEMPLATE_WHATSAPP);
    const after = await card(d);
    expect(after.phones).not.toContain(TEMPLATE_WHATSAPP);
    expect(after.phones).toContain('+27 21 555 0100');
    expect(after.labels).not.toContain('WhatsApp');
  });

  it('an emptied field without a removal still shows the template’s value; a required field cannot be removed', async () => {
    const d = await division([]);
    await autosave(d.jane.headers, d.jane.id, { whatsappNumber: null, removedFields: ['whatsappNumber'] });
    expect((await editorView(d.jane.headers, d.jane.id)).content.whatsappNumber).toBe(TEMPLATE_WHATSAPP);
    const optional = await division();
    await autosave(optional.jane.headers, optional.jane.id, { whatsappNumber: null });
    await publish(optional);
    expect((await card(optional)).phones).toContain(TEMPLATE_WHATSAPP);
  });
});

describe('the office address in parts', () => {
  it('reaches the vCard’s ADR components and the page, with a maps link', async () => {
    const d = await division();
    const address = { street: '12 Loop St; Unit 4', city: 'Cape Town', region: 'Western Cape', postcode: '8001', country: 'South Africa' };
    await autosave(d.jane.headers, d.jane.id, { navigateToOffice: address });
    await publish(d);
    expect((await card(d)).address).toEqual(address);
    const html = (await page(d)).body;
    expect(html).toContain('12 Loop St; Unit 4, Cape Town, Western Cape, 8001, South Africa');
    expect(html).toContain(
      `https://www.google.com/maps/search/?api=1&amp;query=${encodeURIComponent('12 Loop St; Unit 4, Cape Town, Western Cape, 8001, South Africa')}`,
    );
  });

  it('an address stored as one line before the parts existed is read as parts by the editor, the page and the vCard', async () => {
    const d = await division();
    const row = await getProfileRow(t.db, d.jane.id);
    await setProfile(t.db, d.jane.id, { content: { ...row!.content, navigateToOffice: { title: '1 Long Street, Cape Town 8001, South Africa' } } });
    expect((await editorView(d.jane.headers, d.jane.id)).content.navigateToOffice).toEqual({
      street: '1 Long Street',
      city: 'Cape Town',
      postcode: '8001',
      country: 'South Africa',
    });
    await publish(d);
    expect((await card(d)).address).toEqual({ street: '1 Long Street', city: 'Cape Town', region: '', postcode: '8001', country: 'South Africa' });
    expect((await page(d)).body).toContain('1 Long Street, Cape Town, 8001, South Africa');
  });
});
