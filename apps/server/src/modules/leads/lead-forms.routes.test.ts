import { DEFAULT_LEAD_FORM_FIELDS, LEAD_FORM_MESSAGES, PROFILE_API_MESSAGES as M, PROFILE_MESSAGES } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leadSubmissions } from '../../db/schema.ts';
import { childDetails, createCompany, createTemplateDivision, freshIp, getProfileRow, lastMailTo, setProfile, signedInUser } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const create = (headers: Headers | undefined, data: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/lead-forms', ...(headers ? { headers } : {}), payload: { data } as object });
const update = (headers: Headers | undefined, id: number, data: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/lead-forms/${id}`, ...(headers ? { headers } : {}), payload: { data } as object });
const list = (headers: Headers | undefined, query = '') => t.app.inject({ method: 'GET', url: `/api/lead-forms${query}`, ...(headers ? { headers } : {}) });

async function setup() {
  const company = await createCompany(t.db);
  const jane = await signedInUser(t.app, {
    companyId: company.id,
    content: { firstName: 'Jane!', lastName: '(Doe)*', contactForm: { sendToMail: 'jane@acme.test' } },
  });
  const sup = await signedInUser(t.app, { role: 'supervisor', companyId: company.id });
  const admin = await signedInUser(t.app, { role: 'superadmin' });
  const colleague = await signedInUser(t.app, { companyId: company.id });
  const other = await createCompany(t.db);
  const outsider = await signedInUser(t.app, { companyId: other.id });
  const otherSup = await signedInUser(t.app, { role: 'supervisor', companyId: other.id });
  return { company, jane, sup, admin, colleague, outsider, otherSup };
}

describe('POST /api/lead-forms', () => {
  it('creates a form named after the person (!@#$%^&*() stripped), id = title + timestamp, spec §5 default requirements', async () => {
    const s = await setup();
    const before = Date.now();
    const res = await create(s.jane.headers, { profileId: s.jane.id });
    expect(res.statusCode).toBe(200);
    const form = res.json().data;
    expect(form).toMatchObject({
      profileId: s.jane.id,
      companyId: s.company.id,
      title: 'Jane Doe Lead Form',
      enabled: false,
      form_submitted_message: null,
      subject: null,
    });
    const stamp = Number(/^Jane Doe Lead Form-(\d+)$/.exec(form.form_id)?.[1]);
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now());
    expect(form.fields).toEqual(DEFAULT_LEAD_FORM_FIELDS);
    expect(form.fields.map((f: { field_name: string; required: boolean }) => [f.field_name, f.required])).toEqual([
      ['name', true],
      ['email', true],
      ['mobile', false],
      ['message', true],
    ]);
  });

  it('lets the supervisor and a superadmin create forms for the profile; a colleague and another division get 404; 401 without sign-in', async () => {
    const s = await setup();
    expect((await create(s.sup.headers, { profileId: s.jane.id, title: 'Sales' })).statusCode).toBe(200);
    expect((await create(s.admin.headers, { profileId: s.jane.id, title: 'Admin' })).statusCode).toBe(200);
    for (const who of [s.colleague, s.outsider, s.otherSup]) {
      const res = await create(who.headers, { profileId: s.jane.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(M.notFound);
    }
    expect((await create(undefined, { profileId: s.jane.id })).statusCode).toBe(401);
  });

  it('two forms with the same title in the same moment still get different form ids', async () => {
    const s = await setup();
    const [a, b] = await Promise.all([
      create(s.jane.headers, { profileId: s.jane.id, title: 'Same' }),
      create(s.jane.headers, { profileId: s.jane.id, title: 'Same' }),
    ]);
    expect(a!.json().data.form_id).not.toBe(b!.json().data.form_id);
  });

  it('enabling needs "Send to email" and a thank-you message (spec §5 wording)', async () => {
    const s = await setup();
    const refused = await create(s.jane.headers, { profileId: s.jane.id, enabled: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('"Send to email" and "Thank you message" required!');
    const ok = await create(s.jane.headers, { profileId: s.jane.id, enabled: true, form_submitted_message: '<p>Thanks!</p>' });
    expect(ok.statusCode).toBe(200);
    // Without "Send to email" on the profile, a message alone is not enough.
    await setProfile(t.db, s.jane.id, { content: { firstName: 'Jane' } });
    expect((await create(s.jane.headers, { profileId: s.jane.id, enabled: true, form_submitted_message: 'Thanks' })).statusCode).toBe(400);
  });

  it('answers 400 with a message for bad fields', async () => {
    const s = await setup();
    const field = (o: Record<string, unknown>) => ({ label: 'X', required: true, type: 'text', field_name: 'name', enabled: true, ...o });
    const cases: [unknown, string][] = [
      [{ profileId: s.jane.id, fields: [field({ field_name: 'company' })] }, LEAD_FORM_MESSAGES.fieldName],
      [{ profileId: s.jane.id, fields: [field({}), field({})] }, LEAD_FORM_MESSAGES.fieldTwice('name')],
      [{ profileId: s.jane.id, title: 'x'.repeat(151) }, PROFILE_MESSAGES.tooLong('Lead form title', 150)],
      [{ title: 'No profile' }, 'profileId is required: the profile the form belongs to.'],
      [{ profileId: s.jane.id, form_id: 'chosen' }, 'Unrecognized key: "form_id"'],
    ];
    for (const [data, message] of cases) {
      const res = await create(s.jane.headers, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('GET /api/lead-forms', () => {
  it('finds a form by form_id for its owner, the supervisor and a superadmin; others see an empty list', async () => {
    const s = await setup();
    const form = (await create(s.jane.headers, { profileId: s.jane.id })).json().data;
    const q = `?form_id=${encodeURIComponent(form.form_id)}`;
    for (const who of [s.jane, s.sup, s.admin]) {
      const res = await list(who.headers, q);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((f: { id: number }) => f.id)).toEqual([form.id]);
    }
    for (const who of [s.colleague, s.outsider, s.otherSup]) expect((await list(who.headers, q)).json()).toEqual({ data: [] });
    expect((await list(undefined, q)).statusCode).toBe(401);
  });

  it('lists a profile’s forms by profileId, and only the caller’s own without a filter', async () => {
    const s = await setup();
    await create(s.jane.headers, { profileId: s.jane.id, title: 'One' });
    await create(s.jane.headers, { profileId: s.jane.id, title: 'Two' });
    await create(s.colleague.headers, { profileId: s.colleague.id, title: 'Theirs' });
    expect((await list(s.jane.headers, `?profileId=${s.jane.id}`)).json().data.map((f: { title: string }) => f.title)).toEqual(['One', 'Two']);
    expect((await list(s.jane.headers)).json().data.map((f: { title: string }) => f.title)).toEqual(['One', 'Two']);
    expect((await list(s.sup.headers)).json().data.map((f: { title: string }) => f.title)).toEqual(['One', 'Two', 'Theirs']);
    expect((await list(s.otherSup.headers)).json().data).toEqual([]);
    expect((await list(s.jane.headers, '?profileId=abc')).statusCode).toBe(400);
  });
});

describe('PUT /api/lead-forms/:id', () => {
  it('changes title, fields, message and subject; the form id stays', async () => {
    const s = await setup();
    const form = (await create(s.jane.headers, { profileId: s.jane.id })).json().data;
    const fields = [{ label: 'Your name', required: true, type: 'text', field_name: 'name', enabled: true }];
    const res = await update(s.sup.headers, form.id, {
      title: 'Quotes',
      fields,
      form_submitted_message: 'Got it',
      subject: 'New quote request',
      enabled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: form.id,
      form_id: form.form_id,
      title: 'Quotes',
      fields,
      form_submitted_message: 'Got it',
      subject: 'New quote request',
      enabled: true,
    });
  });

  it('answers 404 for another division’s form or a colleague’s, 400 for enabling without a message, 401 without sign-in', async () => {
    const s = await setup();
    const form = (await create(s.jane.headers, { profileId: s.jane.id })).json().data;
    for (const who of [s.colleague, s.outsider, s.otherSup]) {
      const res = await update(who.headers, form.id, { title: 'Mine now' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(LEAD_FORM_MESSAGES.notFound);
    }
    expect((await update(s.jane.headers, 999_999, { title: 'x' })).statusCode).toBe(404);
    const refused = await update(s.jane.headers, form.id, { enabled: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('"Send to email" and "Thank you message" required!');
    expect((await update(undefined, form.id, { title: 'x' })).statusCode).toBe(401);
  });
});

describe('a published page’s contact form uses its stored lead form', () => {
  it('checks the stored fields, stores the form id with the submission and mails with its subject and thank-you message', async () => {
    const s = await setup();
    const form = (await create(s.jane.headers, { profileId: s.jane.id })).json().data;
    const fields = [
      { label: 'Name', required: true, type: 'text', field_name: 'name', enabled: true },
      { label: 'Mobile', required: true, type: 'tel', field_name: 'mobile', enabled: true },
    ];
    await update(s.jane.headers, form.id, { fields, subject: 'A lead for Jane', form_submitted_message: '<p>We will call you.</p>' });
    await setProfile(t.db, s.jane.id, {
      publishedAt: new Date(),
      publishedContent: {
        contactForm: { enabled: true, formId: form.form_id, sendToMail: s.jane.user.email, sendToMailCC: 'boss@acme.test', thankYouMessage: 'Thanks' },
      },
    });
    const submit = (f: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/lead-forms/submit/${s.jane.id}`, remoteAddress: freshIp(), payload: { profileId: s.jane.id, fields: f } });
    // Mobile is required by the stored form; email and message are not asked for.
    const missing = await submit({ name: 'Vic' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please fill in Mobile.');
    const ok = await submit({ name: 'Vic', mobile: '+27 82 000 0000' });
    expect(ok.json()).toEqual({ success: true, message: 'We will call you.' });
    const [row] = await t.db.select().from(leadSubmissions).where(eq(leadSubmissions.profileId, s.jane.id));
    expect(row).toMatchObject({ leadFormId: form.id, data: { name: 'Vic', mobile: '+27 82 000 0000' } });
    expect((await lastMailTo(t.db, s.jane.user.email))?.subject).toBe('A lead for Jane');
  });
});

/** Jane, a user of a new template division, whose contact form sends through her new one-field lead form. */
async function janeWithLeadForm(o: Parameters<typeof createTemplateDivision>[1] = {}) {
  const d = await createTemplateDivision(t.db, o);
  const jane = await signedInUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
  const form = (
    await create(jane.headers, { profileId: jane.id, fields: [{ label: 'Your name', required: true, type: 'text', field_name: 'name', enabled: true }] })
  ).json().data;
  const row = (await getProfileRow(t.db, jane.id))!;
  await setProfile(t.db, jane.id, {
    content: {
      ...row.content,
      contactForm: { enabled: true, formId: form.form_id, sendToMail: 'jane@acme.test', sendToMailCC: 'boss@acme.test', thankYouMessage: 'Thanks' },
    },
  });
  return { d, jane, form };
}

describe('a published page shows its stored lead form', () => {
  it('at publish, and again as soon as the form changes (from the published content, not later edits)', async () => {
    const { jane, form } = await janeWithLeadForm();
    const publish = await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.id}/publish`, headers: jane.headers });
    expect(publish.statusCode, publish.body).toBe(200);
    const published = (await getProfileRow(t.db, jane.id))!;
    expect(published.publishedHtml).toContain('Your name');
    expect(published.publishedHtml).not.toContain('id="ph-f-mobile"');

    // An unpublished edit stays unpublished when the form changes.
    await setProfile(t.db, jane.id, { content: { ...published.content, fullName: 'Not Yet Live' } });
    const fields = [
      { label: 'Your name', required: true, type: 'text', field_name: 'name', enabled: true },
      { label: 'Your mobile', required: true, type: 'tel', field_name: 'mobile', enabled: true },
    ];
    expect((await update(jane.headers, form.id, { fields })).statusCode).toBe(200);
    const after = (await getProfileRow(t.db, jane.id))!;
    expect(after.publishedHtml).toContain('Your mobile');
    expect(after.publishedHtml).toContain('id="ph-f-mobile"');
    expect(after.publishedHtml).not.toContain('Not Yet Live');
    expect(after.publishedEtag).not.toBe(published.publishedEtag);
  });
});

describe('a lead form change in a division that approves changes', () => {
  it('does not reach the live page, nor its submit check, until a supervisor publishes; a supervisor’s own change does', async () => {
    const { d, jane, form } = await janeWithLeadForm({ flags: { approvals: true } });
    const sup = await signedInUser(t.app, { role: 'supervisor', companyId: d.company.id });
    // The supervisor publishes (approving what is there).
    const pub = await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.id}/publish`, headers: sup.headers });
    expect(pub.statusCode, pub.body).toBe(200);
    const live = (await getProfileRow(t.db, jane.id))!;

    // Jane changes the form: a phishing label and a new required field.
    const phishing = [
      { label: 'Your name', required: true, type: 'text', field_name: 'name', enabled: true },
      { label: 'Card number and CVV', required: true, type: 'text', field_name: 'message', enabled: true },
    ];
    expect((await update(jane.headers, form.id, { fields: phishing })).statusCode).toBe(200);
    const after = (await getProfileRow(t.db, jane.id))!;
    expect(after.publishedEtag).toBe(live.publishedEtag);
    expect(after.publishedHtml).not.toContain('Card number');
    // A visitor of the live page can still send what it asks for.
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/lead-forms/submit/${jane.id}`,
      remoteAddress: freshIp(),
      payload: { profileId: jane.id, fields: { name: 'Vic' } },
    });
    expect(ok.statusCode, ok.body).toBe(200);

    // The supervisor's own change of the form is live at once.
    const fixed = [
      { label: 'Your name', required: true, type: 'text', field_name: 'name', enabled: true },
      { label: 'Your question', required: false, type: 'text', field_name: 'message', enabled: true },
    ];
    expect((await update(sup.headers, form.id, { fields: fixed })).statusCode).toBe(200);
    expect((await getProfileRow(t.db, jane.id))!.publishedHtml).toContain('Your question');
  });
});
