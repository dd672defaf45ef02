import { PROFILE_API_MESSAGES as M, PROFILE_MESSAGES } from '@profilehub/shared';
import { describe, expect, it } from 'vitest';
import { childDetails, createCompany, createTemplateDivision, createTheme, getProfileRow, setProfile } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const view = (headers: Headers, id: number) => t.app.inject({ method: 'GET', url: `/api/profiles/${id}?populate=self-service`, headers });
const save = (headers: Headers, id: number, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/profiles/${id}`, headers, payload: payload as object });

/** A division with a template, a child user with their own details, and its supervisor. */
async function division(o: Parameters<typeof createTemplateDivision>[1] = {}) {
  const d = await createTemplateDivision(t.db, o);
  const jane = await t.signedIn({ companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
  const sup = await t.signedIn({ role: 'supervisor', companyId: d.company.id });
  return { ...d, jane, sup, janeId: jane.user.profileId! };
}

/** A change that sets one field of the content. */
const setField = (field: string, value: unknown) => (content: Record<string, unknown>) => {
  content[field] = value;
};

/** Loads the editor view, applies `change` to its content and saves it with the view's version. */
async function edit(headers: Headers, id: number, change: (content: Record<string, unknown>) => void) {
  const before = (await view(headers, id)).json();
  const content = structuredClone(before.content);
  change(content);
  return save(headers, id, { version: before.profile.version, content });
}

describe('GET /api/profiles/:id?populate=self-service', () => {
  it('gives a child its effective content, the permissions that govern it, its division and master', async () => {
    const d = await division({ flags: { approvals: true }, permissions: [{ key: 'profileDisclaimer', show: false }] });
    const res = await view(d.jane.headers, d.janeId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.profile).toMatchObject({
      id: d.janeId,
      isMaster: false,
      masterProfileId: d.masterId,
      companyId: d.company.id,
      userId: d.jane.user.id,
      version: 1,
      publishedAt: null,
      site: null,
      pendingApproval: false,
      pendingApprovalId: null,
    });
    // Inherited from the master, with the child's own on top; the hidden disclaimer is left out.
    expect(body.content).toMatchObject({ fullName: 'Jane Doe', jobTitle: 'Head of Sales', mainContactNumber: '+27 21 555 0100', stylingId: d.theme.id });
    expect(body.content.links.map((l: { key: string }) => l.key)).toEqual(['website', 'brochure']);
    expect(body.content).not.toHaveProperty('profileDisclaimer');
    // "Request edits" writes to the division's supervisors.
    expect(body.company.editRequestsTo).toEqual([d.sup.user.email]);
    expect(body.permissions).toMatchObject({
      childPermissions: [{ key: 'profileDisclaimer', show: false, edit: true, optional: true, sortable: true }],
      masterPermissions: [],
      childPermissionId: d.permissions!.id,
      profileId: d.masterId,
      profileName: 'Standard',
    });
    expect(body.company).toMatchObject({
      id: d.company.id,
      subdomain: d.company.subdomain,
      profileDomain: `${d.company.subdomain}.localhost`,
      feature_flags: { approvals: true, templates: false },
      limits: { imageGallery: 5 },
    });
    expect(body.master).toMatchObject({ id: d.masterId, templateName: 'Standard', stylingId: d.theme.id, publishedAt: null });
    // The template's text values the child falls back to — never a hidden one.
    expect(body.master.textValues).toMatchObject({ whatsappNumber: '+27 21 555 0100' });
    expect(body.master.textValues).not.toHaveProperty('profileDisclaimer');
    // Which of them show because the person left the field empty: the editor says so beside the value.
    expect(body.master.inheritedKeys).toContain('whatsappNumber');
    expect(body.master.inheritedKeys).not.toContain('profileDisclaimer');
    expect(body.access).toEqual({ canManage: false, canEditStyling: false, canManagePermissions: false, needsApproval: true });
  });

  it('gives a supervisor a template with both permission sets and what they may do', async () => {
    const d = await division({ flags: { permissions: true, style_editing: true, templates: true }, permissions: [{ key: 'jobTitle', edit: false }] });
    const body = (await view(d.sup.headers, d.masterId)).json();
    expect(body.profile).toMatchObject({ id: d.masterId, isMaster: true, userId: null, masterProfileId: null });
    expect(body.master).toBeNull();
    expect(body.content.links).toHaveLength(2);
    expect(body.permissions).toMatchObject({ childPermissions: [{ key: 'jobTitle', edit: false }], masterPermissions: [], masterPermissionId: null });
    expect(body.access).toEqual({ canManage: true, canEditStyling: true, canManagePermissions: true, needsApproval: false });
  });

  it('answers another division’s profile with 404, needs a session and a known populate value', async () => {
    const d = await division();
    const other = await division();
    expect((await view(d.jane.headers, other.janeId)).statusCode).toBe(404);
    expect((await view(d.sup.headers, other.janeId)).statusCode).toBe(404);
    expect((await view({}, d.janeId)).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: `/api/profiles/${d.janeId}?populate=everything`, headers: d.jane.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('populate can only be self-service.');
  });
});

describe('PUT /api/profiles/:id', () => {
  it('saves a child’s change as an override, bumps the version and answers the spec’s save shape', async () => {
    const d = await division();
    const res = await edit(d.jane.headers, d.janeId, (c) => {
      c.jobTitle = 'Sales Director';
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: d.janeId, companyId: d.company.id, hideNotification: false, version: 2 });
    const row = await getProfileRow(t.db, d.janeId);
    expect(row!.version).toBe(2);
    // Only what differs from the master is stored; inherited items keep their place.
    expect(row!.content).toMatchObject({ ...childDetails(), jobTitle: 'Sales Director' });
    expect(row!.content).not.toHaveProperty('mainContactNumber');
    expect((await view(d.jane.headers, d.janeId)).json()).toMatchObject({
      profile: { version: 2 },
      content: { jobTitle: 'Sales Director', emailAddress: 'hello@acme.test' },
    });
  });

  it('accepts the body wrapped in data', async () => {
    const d = await division();
    const before = (await view(d.jane.headers, d.janeId)).json();
    const res = await save(d.jane.headers, d.janeId, { data: { version: 1, content: { ...before.content, jobTitle: 'Wrapped' } } });
    expect(res.statusCode).toBe(200);
    expect((await getProfileRow(t.db, d.janeId))!.content.jobTitle).toBe('Wrapped');
  });

  it('a save that changes nothing keeps the version and hides the notification', async () => {
    const d = await division();
    // The first save stores the child's document in its normal form (inherited items keep their places).
    expect((await edit(d.jane.headers, d.janeId, () => {})).json()).toMatchObject({ version: 2 });
    const res = await edit(d.jane.headers, d.janeId, () => {});
    expect(res.json()).toMatchObject({ success: true, hideNotification: true, version: 2 });
    expect((await getProfileRow(t.db, d.janeId))!.version).toBe(2);
  });

  it('a stale version gets 409 with the current version and content, and nothing is overwritten', async () => {
    const d = await division();
    expect((await edit(d.jane.headers, d.janeId, setField('jobTitle', 'First'))).statusCode).toBe(200);
    const stored = await getProfileRow(t.db, d.janeId);
    const stale = await save(d.jane.headers, d.janeId, { version: 1, content: { ...childDetails(), jobTitle: 'Second' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ statusCode: 409, code: 'stale_version', message: M.stale, currentVersion: 2, content: { jobTitle: 'First' } });
    expect(stale.json().errors[0].message).toBe(M.stale);
    const after = await getProfileRow(t.db, d.janeId);
    expect(after!.content).toEqual(stored!.content);
    expect(after!.version).toBe(2);
  });

  it('of two concurrent saves from the same version exactly one is written', async () => {
    const d = await division();
    const base = (await view(d.jane.headers, d.janeId)).json();
    const results = await Promise.all(
      ['Tab A', 'Tab B'].map((jobTitle) => save(d.jane.headers, d.janeId, { version: base.profile.version, content: { ...base.content, jobTitle } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!;
    const row = await getProfileRow(t.db, d.janeId);
    expect(row!.version).toBe(2);
    expect(winner.json().version).toBe(2);
    expect(['Tab A', 'Tab B']).toContain(row!.content.jobTitle);
    expect(results.find((r) => r.statusCode === 409)!.json().content.jobTitle).toBe(row!.content.jobTitle);
  });

  it('drops a child’s edits to locked and hidden keys: the master’s values stay', async () => {
    const d = await division({
      permissions: [
        { key: 'website', edit: false },
        { key: 'cssVariables', edit: false },
        { key: 'profileDisclaimer', show: false },
        { key: 'emailAddress', edit: false },
      ],
    });
    const res = await edit(d.jane.headers, d.janeId, (c) => {
      (c.links as { key: string; title: string }[])[0]!.title = 'My own website';
      (c.cssVariables as Record<string, { css: string; color: string }>)['background-color'] = { css: '#000000', color: '#000000' };
      c.profileDisclaimer = '<p>Mine</p>';
      c.emailAddress = 'jane@elsewhere.test';
      c.jobTitle = 'Allowed change';
    });
    expect(res.statusCode).toBe(200);
    const row = await getProfileRow(t.db, d.janeId);
    expect(row!.content.jobTitle).toBe('Allowed change');
    for (const key of ['cssVariables', 'profileDisclaimer', 'emailAddress']) expect(row!.content, key).not.toHaveProperty(key);
    expect(JSON.stringify(row!.content)).not.toContain('My own website');
    const content = (await view(d.jane.headers, d.janeId)).json().content;
    expect(content.links[0].title).toBe('Website');
    expect(content.cssVariables['background-color'].css).toBe('#ffffff');
    expect(content.emailAddress).toBe('hello@acme.test');
  });

  it('drops empty values (spec §5) instead of storing them', async () => {
    const d = await division();
    const res = await edit(d.jane.headers, d.janeId, (c) => {
      c.jobTitle = '';
      c.firstName = '   ';
      c.profileDisclaimer = '<p><br></p>';
    });
    expect(res.statusCode).toBe(200);
    const row = await getProfileRow(t.db, d.janeId);
    expect(row!.content).not.toHaveProperty('jobTitle');
    expect(row!.content).not.toHaveProperty('firstName');
    // An empty value means "inherit": the view shows the master's disclaimer again.
    expect((await view(d.jane.headers, d.janeId)).json().content.profileDisclaimer).toBe('<p>Acme (Pty) Ltd.</p>');
  });

  it('keeps the subscription, limits and custom CSS of a plain user as stored; a supervisor with style editing may set them', async () => {
    const d = await division({ flags: { style_editing: true } });
    const sneaky = (c: Record<string, unknown>) => {
      c.subscriptionType = 'enterprise';
      c.limits = { imageGallery: 50 };
      c.cssPlug = 'body { display: none; }';
      c.jobTitle = 'Changed';
    };
    expect((await edit(d.jane.headers, d.janeId, sneaky)).statusCode).toBe(200);
    let row = await getProfileRow(t.db, d.janeId);
    expect(row!.content.jobTitle).toBe('Changed');
    for (const key of ['subscriptionType', 'limits', 'cssPlug']) expect(row!.content, key).not.toHaveProperty(key);

    expect((await edit(d.sup.headers, d.janeId, sneaky)).statusCode).toBe(200);
    row = await getProfileRow(t.db, d.janeId);
    expect(row!.content).toMatchObject({ subscriptionType: 'enterprise', limits: { imageGallery: 50 }, cssPlug: 'body { display: none; }' });
  });

  it('refuses invalid content with 400 naming the field, and nothing is written', async () => {
    const d = await division();
    const bad = await edit(d.jane.headers, d.janeId, (c) => {
      (c.links as { url: string }[])[1]!.url = 'javascript:alert(1)';
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, message: PROFILE_MESSAGES.linkHttps, errors: [{ path: 'content.links.1.url' }] });
    const tooLong = await edit(d.jane.headers, d.janeId, setField('jobTitle', 'x'.repeat(151)));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(PROFILE_MESSAGES.jobTitleTooLong);
    const unknownKey = await edit(d.jane.headers, d.janeId, setField('password', 'x'));
    expect(unknownKey.statusCode).toBe(400);
    expect((await getProfileRow(t.db, d.janeId))!.version).toBe(1);
  });

  it('refuses a body without a version or content', async () => {
    const d = await division();
    for (const payload of [{ content: {} }, { version: 1 }, { version: 'one', content: {} }, { version: 1, content: [] }]) {
      const res = await save(d.jane.headers, d.janeId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(0);
    }
  });

  it('refuses a theme of another division', async () => {
    const d = await division();
    const foreign = await createCompany(t.db);
    const theirs = await createTheme(t.db, { companyId: foreign.id });
    const res = await edit(d.jane.headers, d.janeId, setField('stylingId', theirs.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.unknownTheme);
    const own = await createTheme(t.db, { companyId: d.company.id });
    expect((await edit(d.jane.headers, d.janeId, setField('stylingId', own.id))).statusCode).toBe(200);
    expect((await getProfileRow(t.db, d.janeId))!.stylingId).toBe(own.id);
  });

  it('answers 404 for a colleague’s or another division’s profile and changes nothing; 401 without a session', async () => {
    const d = await division();
    const colleague = await t.signedIn({ companyId: d.company.id, masterProfileId: d.masterId, content: childDetails('Colleague') });
    const other = await division();
    for (const [headers, id] of [
      [colleague.headers, d.janeId],
      [d.jane.headers, d.masterId],
      [d.sup.headers, other.janeId],
      [d.jane.headers, other.janeId],
    ] as const) {
      const res = await save(headers, id, { version: 1, content: { fullName: 'Intruder' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(M.notFound);
    }
    expect((await getProfileRow(t.db, d.janeId))!.content.fullName).toBe('Jane Doe');
    expect((await save({}, d.janeId, { version: 1, content: {} })).statusCode).toBe(401);
  });

  it('a template is saved whole by a supervisor with the templates flag; without it 403', async () => {
    const d = await division({ flags: { templates: true } });
    const res = await edit(d.sup.headers, d.masterId, setField('officeNumber', '+27 21 555 9999'));
    expect(res.statusCode).toBe(200);
    const row = await getProfileRow(t.db, d.masterId);
    expect(row!.content).toMatchObject({ officeNumber: '+27 21 555 9999', templateLayout: 'desktop2', iconStyle: 'regular' });
    // The children see it at once.
    expect((await view(d.jane.headers, d.janeId)).json().content.officeNumber).toBe('+27 21 555 9999');

    const plain = await division();
    const refused = await edit(plain.sup.headers, plain.masterId, setField('officeNumber', '+1 555'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.templatesOff);
  });

  it('a supervisor edits a profile of their division; a superadmin any', async () => {
    const d = await division();
    expect((await edit(d.sup.headers, d.janeId, setField('jobTitle', 'By supervisor'))).statusCode).toBe(200);
    const admin = await t.signedIn({ role: 'superadmin' });
    expect((await edit(admin.headers, d.janeId, setField('jobTitle', 'By admin'))).statusCode).toBe(200);
    expect((await getProfileRow(t.db, d.janeId))!.content.jobTitle).toBe('By admin');
  });

  it('a standalone profile stores its whole document', async () => {
    const co = await createCompany(t.db);
    const bob = await t.signedIn({ companyId: co.id });
    await setProfile(t.db, bob.user.profileId!, { content: { fullName: 'Bob' } });
    const res = await edit(bob.headers, bob.user.profileId!, setField('jobTitle', 'Engineer'));
    expect(res.statusCode).toBe(200);
    expect((await getProfileRow(t.db, bob.user.profileId!))!.content).toMatchObject({
      fullName: 'Bob',
      jobTitle: 'Engineer',
      links: [],
      templateLayout: 'desktop2',
    });
  });
});

describe('PATCH /api/profiles/:id (autosave: only the changed fields)', () => {
  const patch = (headers: Headers, id: number, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/profiles/${id}`, headers, payload: payload as object });

  it('saves one changed field and keeps everything else; null clears a field', async () => {
    const d = await division();
    const before = (await view(d.jane.headers, d.janeId)).json();
    const res = await patch(d.jane.headers, d.janeId, { version: before.profile.version, changes: { jobTitle: 'Patched' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: d.janeId, hideNotification: false, version: before.profile.version + 1 });
    const row = await getProfileRow(t.db, d.janeId);
    expect(row!.content).toMatchObject({ fullName: 'Jane Doe', jobTitle: 'Patched', profilePhoto: { url: 'https://cdn.acme.test/jane.jpg' } });

    const cleared = await patch(d.jane.headers, d.janeId, { version: res.json().version, changes: { jobTitle: null } });
    expect(cleared.statusCode).toBe(200);
    expect((await getProfileRow(t.db, d.janeId))!.content).not.toHaveProperty('jobTitle');
  });

  it('answers a stale version with 409, the current version and content; nothing is written', async () => {
    const d = await division();
    expect((await patch(d.jane.headers, d.janeId, { version: 1, changes: { jobTitle: 'First' } })).statusCode).toBe(200);
    const stale = await patch(d.jane.headers, d.janeId, { version: 1, changes: { firstName: 'Second' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: M.stale, currentVersion: 2, content: { jobTitle: 'First' } });
    expect((await getProfileRow(t.db, d.janeId))!.content).not.toHaveProperty('firstName');
  });

  it('drops a child’s change to a locked or hidden key, also when crafted by hand', async () => {
    const d = await division({
      permissions: [
        { key: 'emailAddress', edit: false },
        { key: 'profileDisclaimer', show: false },
      ],
    });
    const res = await patch(d.jane.headers, d.janeId, {
      version: 1,
      changes: { emailAddress: 'jane@elsewhere.test', profileDisclaimer: '<p>Mine</p>', jobTitle: 'Allowed' },
    });
    expect(res.statusCode).toBe(200);
    const row = await getProfileRow(t.db, d.janeId);
    expect(row!.content.jobTitle).toBe('Allowed');
    expect(row!.content).not.toHaveProperty('emailAddress');
    expect(row!.content).not.toHaveProperty('profileDisclaimer');
    expect((await view(d.jane.headers, d.janeId)).json().content.emailAddress).toBe('hello@acme.test');
  });

  it('a template needs the templates flag (403 without it, even with a stale version); a plain user gets 404', async () => {
    const d = await division({ flags: { templates: true } });
    expect((await patch(d.sup.headers, d.masterId, { version: 1, changes: { officeNumber: '+27 21 555 9999' } })).statusCode).toBe(200);
    expect((await getProfileRow(t.db, d.masterId))!.content.officeNumber).toBe('+27 21 555 9999');
    const plain = await division();
    for (const version of [1, 99]) {
      const refused = await patch(plain.sup.headers, plain.masterId, { version, changes: { officeNumber: '+1 555' } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(M.templatesOff);
    }
    expect((await patch(d.jane.headers, d.masterId, { version: 2, changes: { officeNumber: '+1 555' } })).statusCode).toBe(404);
  });

  it('consent turned on for a template or a standalone profile without a consent text is refused with 400 naming the field; with a text it is saved', async () => {
    const d = await division({ flags: { templates: true } });
    const before = (await view(d.sup.headers, d.masterId)).json();
    for (const consentText of [undefined, '', '<p>  </p>']) {
      const refused = await patch(d.sup.headers, d.masterId, {
        version: before.profile.version,
        changes: { enableConsent: true, consentText: consentText ?? null },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: PROFILE_MESSAGES.consentTextRequired, errors: [{ path: 'content.consentText' }] });
    }
    expect((await getProfileRow(t.db, d.masterId))!.content).not.toHaveProperty('enableConsent', true);
    const saved = await patch(d.sup.headers, d.masterId, {
      version: before.profile.version,
      changes: { enableConsent: true, consentText: '<p>I confirm my card is correct.</p>' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await getProfileRow(t.db, d.masterId))!.content).toMatchObject({ enableConsent: true, consentText: '<p>I confirm my card is correct.</p>' });

    const co = await createCompany(t.db);
    const bob = await t.signedIn({ companyId: co.id });
    const refused = await edit(bob.headers, bob.user.profileId!, setField('enableConsent', true));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PROFILE_MESSAGES.consentTextRequired);
  });

  it('refuses unknown fields and invalid values with 400 and a message; 401 without a session; 404 for another division', async () => {
    const d = await division();
    const unknown = await patch(d.jane.headers, d.janeId, { version: 1, changes: { password: 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('changes may only name profile fields');
    const tooLong = await patch(d.jane.headers, d.janeId, { version: 1, changes: { jobTitle: 'x'.repeat(151) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(PROFILE_MESSAGES.jobTitleTooLong);
    expect((await patch(d.jane.headers, d.janeId, { changes: {} })).statusCode).toBe(400);
    expect((await patch({}, d.janeId, { version: 1, changes: {} })).statusCode).toBe(401);
    const other = await division();
    const foreign = await patch(d.jane.headers, other.janeId, { version: 1, changes: { jobTitle: 'Intruder' } });
    expect(foreign.statusCode).toBe(404);
    expect((await patch(d.sup.headers, other.janeId, { version: 1, changes: { jobTitle: 'Intruder' } })).statusCode).toBe(404);
    expect((await getProfileRow(t.db, other.janeId))!.content.jobTitle).toBe('Head of Sales');
  });
});
