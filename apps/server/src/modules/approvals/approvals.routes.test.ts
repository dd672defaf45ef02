import { PROFILE_API_MESSAGES as M } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { approvals, companies } from '../../db/schema.ts';
import { childDetails, createTemplateDivision, getProfileRow, lastMailTo, setProfile } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const request = (headers: Headers, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/approvals', headers, payload: payload as object });
const reRequest = (headers: Headers, id: number, payload: unknown = { approved: null, requestedAt: new Date().toISOString() }) =>
  t.app.inject({ method: 'PUT', url: `/api/approvals/single/${id}`, headers, payload: payload as object });
const respond = (headers: Headers, id: number, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/approvals/respond/${id}`, headers, payload: payload as object });
const row = async (id: number) => (await t.db.select().from(approvals).where(eq(approvals.id, id)))[0]!;

async function division(flags: { approvals?: boolean } = { approvals: true }) {
  const d = await createTemplateDivision(t.db, { flags });
  const jane = await t.signedIn({ companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
  const sup = await t.signedIn({ role: 'supervisor', companyId: d.company.id });
  return { ...d, jane, sup };
}

describe('POST /api/approvals', () => {
  it('the owner requests approval: a pending request with the changes against the published page', async () => {
    const d = await division();
    await t.app.inject({ method: 'PUT', url: `/api/profiles/${d.jane.id}/publish`, headers: d.sup.headers });
    await setProfile(t.db, d.jane.id, { content: { ...childDetails(), jobTitle: 'Sales Director' } });
    const res = await request(d.jane.headers, { targetProfile: d.jane.id, profileId: d.jane.id, company: d.company.id, requestedAt: '2020-01-01T00:00:00Z' });
    expect(res.statusCode).toBe(200);
    const approval = res.json().data;
    expect(approval).toMatchObject({
      profileId: d.jane.id,
      targetProfile: d.jane.id,
      company: { id: d.company.id },
      approved: null,
      message: null,
      respondedAt: null,
    });
    // The server's clock, not the client's.
    expect(Date.parse(approval.requestedAt)).toBeGreaterThan(Date.parse('2024-01-01'));
    expect(approval.profileChanges).toEqual([
      { actionType: 'updated', fieldTitle: 'Job title', oldValue: { value: 'Head of Sales' }, newValue: { value: 'Sales Director' } },
    ]);
    const editor = (await t.app.inject({ method: 'GET', url: `/api/profiles/${d.jane.id}?populate=self-service`, headers: d.jane.headers })).json();
    expect(editor.profile).toMatchObject({ pendingApproval: true, pendingApprovalId: approval.id });
  });

  it('lists only what the person changed: not the template’s values on a first request, nor the template’s later edits', async () => {
    const d = await division();
    const first = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    const titles = (a: { profileChanges: { fieldTitle: string }[] }) => a.profileChanges.map((c) => c.fieldTitle);
    // Jane's own details only (childDetails): none of the template's logo, buttons, numbers or disclaimer.
    expect(titles(first).sort()).toEqual(['Full name', 'Job title', 'Profile picture']);
    expect((await respond(d.sup.headers, first.id, { approved: true })).statusCode).toBe(200);

    // The template changes its disclaimer after Jane's page went live; Jane changes her title.
    const master = await getProfileRow(t.db, d.masterId);
    await setProfile(t.db, d.masterId, { content: { ...master!.content, profileDisclaimer: '<p>Acme Holdings.</p>' } });
    await setProfile(t.db, d.jane.id, { content: { ...childDetails(), jobTitle: 'Sales Director' } });
    const second = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    expect(second.profileChanges).toEqual([
      { actionType: 'updated', fieldTitle: 'Job title', oldValue: { value: 'Head of Sales' }, newValue: { value: 'Sales Director' } },
    ]);
  });

  it('a second request re-requests the pending one (one pending per profile)', async () => {
    const d = await division();
    const first = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    const second = await request(d.jane.headers, { targetProfile: d.jane.id });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.id).toBe(first.id);
    expect(Date.parse(second.json().data.requestedAt)).toBeGreaterThanOrEqual(Date.parse(first.requestedAt));
    const [concurrentA, concurrentB] = await Promise.all([
      request(d.jane.headers, { profileId: d.jane.id }),
      request(d.jane.headers, { profileId: d.jane.id }),
    ]);
    expect([concurrentA.json().data.id, concurrentB.json().data.id]).toEqual([first.id, first.id]);
    expect(await t.db.select().from(approvals).where(eq(approvals.profileId, d.jane.id))).toHaveLength(1);
  });

  it('a never-published profile lists its content as added', async () => {
    const d = await division();
    const changes = (await request(d.jane.headers, { profileId: d.jane.id })).json().data.profileChanges;
    expect(changes).toEqual(expect.arrayContaining([{ actionType: 'added', fieldTitle: 'Job title', oldValue: null, newValue: { value: 'Head of Sales' } }]));
  });

  it('refuses without the approvals flag, for a template, for a mismatched division or profile (400)', async () => {
    const d = await division();
    const off = await division({});
    const noFlag = await request(off.jane.headers, { profileId: off.jane.id });
    expect(noFlag.statusCode).toBe(400);
    expect(noFlag.json().message).toBe(M.approvalsOff);
    const template = await request(d.sup.headers, { profileId: d.masterId });
    expect(template.statusCode).toBe(400);
    expect(template.json().message).toBe(M.approvalForTemplate);
    const wrongDivision = await request(d.jane.headers, { profileId: d.jane.id, company: off.company.id });
    expect(wrongDivision.statusCode).toBe(400);
    expect(wrongDivision.json().message).toBe(M.wrongDivision);
    const mismatch = await request(d.jane.headers, { profileId: d.jane.id, targetProfile: d.masterId });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('targetProfile and profileId name different profiles.');
    expect((await request(d.jane.headers, {})).json().message).toBe('profileId is required.');
  });

  it('answers 404 for a colleague’s or another division’s profile, 401 without a session', async () => {
    const d = await division();
    const other = await division();
    const colleague = await t.signedIn({ companyId: d.company.id, masterProfileId: d.masterId });
    expect((await request(colleague.headers, { profileId: d.jane.id })).statusCode).toBe(404);
    expect((await request(other.sup.headers, { profileId: d.jane.id })).statusCode).toBe(404);
    expect((await request({}, { profileId: d.jane.id })).statusCode).toBe(401);
  });
});

describe('PUT /api/approvals/single/:id', () => {
  it('re-requesting a declined approval adds a new pending request and keeps the decision', async () => {
    const d = await division();
    const approval = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    await respond(d.sup.headers, approval.id, { approved: false, message: 'Fix the photo' });
    await setProfile(t.db, d.jane.id, { content: { ...childDetails(), jobTitle: 'Sales Director' } });
    const res = await reRequest(d.jane.headers, approval.id);
    expect(res.statusCode).toBe(200);
    const again = res.json().data;
    expect(again).toMatchObject({ profileId: d.jane.id, approved: null, message: null, respondedAt: null });
    expect(again.id).not.toBe(approval.id);
    expect(again.profileChanges).toEqual(expect.arrayContaining([expect.objectContaining({ fieldTitle: 'Job title', newValue: { value: 'Sales Director' } })]));
    expect(await row(approval.id)).toMatchObject({ approved: false, message: 'Fix the photo', respondedBy: d.sup.user.id });
    // Both rounds are listed: the decision under resolved, the new request under active.
    const list = (status: string) => t.app.inject({ method: 'GET', url: `/api/approvals?status=${status}&companyId=${d.company.id}`, headers: d.sup.headers });
    expect((await list('resolved')).json().data.map((a: { id: number }) => a.id)).toEqual([approval.id]);
    expect((await list('active')).json().data.map((a: { id: number }) => a.id)).toEqual([again.id]);
    // The editor then sees the new request as the pending one.
    const editor = (await t.app.inject({ method: 'GET', url: `/api/profiles/${d.jane.id}?populate=self-service`, headers: d.jane.headers })).json();
    expect(editor.profile).toMatchObject({ pendingApproval: true, pendingApprovalId: again.id });
  });

  it('re-requesting a pending approval resets it in place with a new date and the current changes', async () => {
    const d = await division();
    const approval = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    await setProfile(t.db, d.jane.id, { content: { ...childDetails(), jobTitle: 'Sales Director' } });
    const res = await reRequest(d.jane.headers, approval.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: approval.id, approved: null });
    expect(Date.parse(res.json().data.requestedAt)).toBeGreaterThanOrEqual(Date.parse(approval.requestedAt));
    expect(res.json().data.profileChanges).toEqual(
      expect.arrayContaining([expect.objectContaining({ fieldTitle: 'Job title', newValue: { value: 'Sales Director' } })]),
    );
    expect(await t.db.select().from(approvals).where(eq(approvals.profileId, d.jane.id))).toHaveLength(1);
  });

  it('refuses a re-request while another request is pending (409), approved other than null (400), elsewhere (404)', async () => {
    const d = await division();
    const old = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    await respond(d.sup.headers, old.id, { approved: false });
    const pending = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    expect(pending.id).not.toBe(old.id);
    const clash = await reRequest(d.jane.headers, old.id);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(M.approvalPendingExists);
    const bad = await reRequest(d.jane.headers, pending.id, { approved: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('approved must be null to re-request an approval.');
    const other = await division();
    expect((await reRequest(other.sup.headers, pending.id)).statusCode).toBe(404);
    expect((await reRequest(d.jane.headers, 2_147_483_000)).statusCode).toBe(404);
    expect((await reRequest({}, pending.id)).statusCode).toBe(401);
  });
});

describe('PUT /api/approvals/respond/:id', () => {
  it('approving publishes the profile at once', async () => {
    const d = await division();
    const approval = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    const res = await respond(d.sup.headers, approval.id, { approved: true, message: 'Looks good', rebuild: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: approval.id, approved: true, message: 'Looks good', respondedAt: expect.any(String) });
    const profile = await getProfileRow(t.db, d.jane.id);
    expect(profile!.publishedHtml).toContain('Jane Doe');
    expect(await row(approval.id)).toMatchObject({ approved: true, respondedBy: d.sup.user.id });
  });

  it('approving publishes exactly what was reviewed, never an edit saved after the request', async () => {
    const d = await division();
    const approval = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    expect(approval.profileChanges).toEqual(
      expect.arrayContaining([expect.objectContaining({ fieldTitle: 'Job title', newValue: { value: 'Head of Sales' } })]),
    );
    // Jane edits the job title after asking; the queue still shows the harmless change.
    const version = (await getProfileRow(t.db, d.jane.id))!.version;
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/${d.jane.id}`,
      headers: d.jane.headers,
      payload: { version, changes: { jobTitle: 'URGENT: wire payments to account 123' } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await respond(d.sup.headers, approval.id, { approved: true, rebuild: true })).statusCode).toBe(200);
    const profile = await getProfileRow(t.db, d.jane.id);
    expect((profile!.publishedContent as { jobTitle?: string }).jobTitle).toBe('Head of Sales');
    expect(profile!.publishedHtml).not.toContain('URGENT');
    // The later edit is still there, as a draft that needs its own request.
    expect((profile!.content as { jobTitle?: string }).jobTitle).toBe('URGENT: wire payments to account 123');
  });

  it('approving without rebuild only records the answer', async () => {
    const d = await division();
    const approval = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    expect((await respond(d.sup.headers, approval.id, { approved: true, rebuild: false })).statusCode).toBe(200);
    expect((await getProfileRow(t.db, d.jane.id))!.publishedAt).toBeNull();
  });

  it('an approval that cannot be published stays pending with the checklist (400)', async () => {
    const d = await division();
    // The content under review is incomplete (the request binds to it).
    await setProfile(t.db, d.jane.id, { content: { fullName: 'Jane Doe' } });
    const approval = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    const res = await respond(d.sup.headers, approval.id, { approved: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().missing.map((m: { key: string }) => m.key)).toEqual(['profilePhoto', 'jobTitle']);
    expect((await row(approval.id)).approved).toBeNull();
  });

  it('declining mails the owner with the message', async () => {
    const d = await division();
    const approval = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    const res = await respond(d.sup.headers, approval.id, { approved: false, message: 'Please use a professional photo.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ approved: false, message: 'Please use a professional photo.' });
    await t.app.deps.jobs.idle();
    const mail = await lastMailTo(t.db, d.jane.user.email);
    expect(mail?.subject).toBe('Your profile changes were not approved');
    expect(mail?.text).toContain('Please use a professional photo.');
    expect((await getProfileRow(t.db, d.jane.id))!.publishedAt).toBeNull();
  });

  it('an answered approval cannot be answered again (409); the owner may not answer (403); others 404', async () => {
    const d = await division();
    const approval = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    const own = await respond(d.jane.headers, approval.id, { approved: true });
    expect(own.statusCode).toBe(403);
    const other = await division();
    expect((await respond(other.sup.headers, approval.id, { approved: true })).statusCode).toBe(404);
    expect((await respond({}, approval.id, { approved: true })).statusCode).toBe(401);
    expect((await respond(d.sup.headers, approval.id, { approved: 'yes' })).statusCode).toBe(400);
    expect((await respond(d.sup.headers, approval.id, { approved: false })).statusCode).toBe(200);
    const again = await respond(d.sup.headers, approval.id, { approved: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.approvalAnswered);
  });
});

describe('approval mails and the last decision in the editor', () => {
  const editorOf = async (d: Awaited<ReturnType<typeof division>>) =>
    (await t.app.inject({ method: 'GET', url: `/api/profiles/${d.jane.id}?populate=self-service`, headers: d.jane.headers })).json().profile;

  it('a request mails the division’s supervisors (not the one who asked) with a link to the queue', async () => {
    const d = await division();
    const second = await t.signedIn({ role: 'supervisor', companyId: d.company.id });
    const before = await lastMailTo(t.db, d.jane.user.email);
    expect((await request(d.jane.headers, { profileId: d.jane.id })).statusCode).toBe(200);
    await t.app.deps.jobs.idle();
    for (const sup of [d.sup, second]) {
      const mail = await lastMailTo(t.db, sup.user.email);
      expect(mail?.subject).toBe('Test Person asks for approval of profile changes');
      expect(mail?.text).toContain('Review the request: http://hub.test/approvals');
    }
    expect(await lastMailTo(t.db, d.jane.user.email)).toEqual(before);

    // A supervisor asking on Jane's behalf is not told about their own request.
    const mark = await lastMailTo(t.db, d.sup.user.email);
    const pending = (await editorOf(d)).pendingApprovalId;
    expect((await reRequest(d.sup.headers, pending)).statusCode).toBe(200);
    await t.app.deps.jobs.idle();
    expect((await lastMailTo(t.db, d.sup.user.email))?.id).toBe(mark?.id);
    expect((await lastMailTo(t.db, second.user.email))?.id).not.toBe(mark?.id);
  });

  it('a supervisor who turned approval requests off, and an owner who turned decisions off, get none of them', async () => {
    const d = await division();
    const second = await t.signedIn({ role: 'supervisor', companyId: d.company.id });
    const off = { approvalRequests: false, approvalDecisions: false, leadMessages: true };
    for (const who of [d.sup, d.jane]) {
      expect((await t.app.inject({ method: 'PUT', url: '/api/account/notifications', headers: who.headers, payload: off })).statusCode).toBe(200);
    }
    const approval = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    expect((await respond(second.headers, approval.id, { approved: false, message: 'Not yet.' })).statusCode).toBe(200);
    expect((await lastMailTo(t.db, second.user.email))?.subject).toBe('Test Person asks for approval of profile changes');
    expect(await lastMailTo(t.db, d.sup.user.email)).toBeUndefined();
    expect((await lastMailTo(t.db, d.jane.user.email))?.subject).not.toBe('Your profile changes were not approved');
  });

  it('approving tells the owner the changes are live, with the page address; the editor shows the decision', async () => {
    const d = await division();
    const approval = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    expect((await editorOf(d)).lastDecision).toBeNull();
    expect((await respond(d.sup.headers, approval.id, { approved: true, message: 'Looks great.' })).statusCode).toBe(200);
    await t.app.deps.jobs.idle();
    const mail = await lastMailTo(t.db, d.jane.user.email);
    expect(mail?.subject).toBe('Your profile changes were approved');
    expect(mail?.text).toContain('Your latest profile changes were approved and are now live.');
    expect(mail?.text).toContain('Looks great.');
    expect(mail?.text).toMatch(new RegExp(`See your page: http://${d.company.subdomain}\\.localhost/p-`));
    expect((await editorOf(d)).lastDecision).toMatchObject({ approved: true, message: 'Looks great.' });
  });

  it('declining shows the supervisor’s message in the editor until a new request is made', async () => {
    const d = await division();
    const approval = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    await respond(d.sup.headers, approval.id, { approved: false, message: 'Please use a professional photo.' });
    const editor = await editorOf(d);
    expect(editor.lastDecision).toMatchObject({ approved: false, message: 'Please use a professional photo.' });
    expect(Date.parse(editor.lastDecision.respondedAt)).toBeGreaterThan(Date.now() - 60_000);
    await request(d.jane.headers, { profileId: d.jane.id });
    expect((await editorOf(d)).lastDecision).toBeNull();
  });

  it('speaks in a white-labelled division’s name and links to its own hub', async () => {
    const d = await createTemplateDivision(t.db, { flags: { approvals: true } });
    await t.db
      .update(companies)
      .set({ whiteLabel: { title: 'Acme hub', domain: 'hub.acme.test', brand_color: '#aa0000' } as never, hubDomain: 'hub.acme.test' })
      .where(eq(companies.id, d.company.id));
    const jane = await t.signedIn({ companyId: d.company.id, masterProfileId: d.masterId, content: childDetails() });
    const sup = await t.signedIn({ role: 'supervisor', companyId: d.company.id });
    const approval = (await request(jane.headers, { profileId: jane.id })).json().data;
    await t.app.deps.jobs.idle();
    const asked = await lastMailTo(t.db, sup.user.email);
    expect(asked?.text).toContain('Review the request: http://hub.acme.test/approvals');
    expect(asked?.text).toContain('— Acme hub');
    expect(asked?.text).not.toContain('Profilehub');
    await respond(sup.headers, approval.id, { approved: false });
    await t.app.deps.jobs.idle();
    const answered = await lastMailTo(t.db, jane.user.email);
    expect(answered?.text).toContain('Open your profile: http://hub.acme.test/self-service');
    expect(answered?.html).toContain('#aa0000');
  });
});

describe('an approval and the lead form the page draws', () => {
  const updateForm = (headers: Headers, id: number, data: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/lead-forms/${id}`, headers, payload: { data } as object });
  const queue = async (d: Awaited<ReturnType<typeof division>>) =>
    (await t.app.inject({ method: 'GET', url: `/api/approvals?status=active&companyId=${d.company.id}`, headers: d.sup.headers })).json().data;
  const nameField = { label: 'Your name', required: true, type: 'text', field_name: 'name', enabled: true };
  const phishing = { label: 'Card number and CVV', required: true, type: 'text', field_name: 'message', enabled: true };

  /** Jane's contact form sends through her one-field lead form, and her page is live with it. */
  async function liveWithForm() {
    const d = await division();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/lead-forms',
      headers: d.jane.headers,
      payload: { data: { profileId: d.jane.id, title: 'Contact Jane', fields: [nameField] } },
    });
    const form = created.json().data;
    const own = (await getProfileRow(t.db, d.jane.id))!.content;
    await setProfile(t.db, d.jane.id, {
      content: {
        ...own,
        contactForm: { enabled: true, formId: form.form_id, sendToMail: 'jane@acme.test', sendToMailCC: 'boss@acme.test', thankYouMessage: 'Thanks' },
      },
    });
    const published = await t.app.inject({ method: 'PUT', url: `/api/profiles/${d.jane.id}/publish`, headers: d.sup.headers });
    expect(published.statusCode, published.body).toBe(200);
    expect((await getProfileRow(t.db, d.jane.id))!.publishedHtml).toContain('Your name');
    return { d, form };
  }

  it('approving publishes the form that was reviewed, not a field added after the request; asked for on its own, the form change is listed and goes live', async () => {
    const { d, form } = await liveWithForm();
    const own = (await getProfileRow(t.db, d.jane.id))!.content;
    await setProfile(t.db, d.jane.id, { content: { ...own, jobTitle: 'Sales Director' } });
    const approval = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    const jobTitleOnly = [{ actionType: 'updated', fieldTitle: 'Job title', oldValue: { value: 'Head of Sales' }, newValue: { value: 'Sales Director' } }];
    expect(approval.profileChanges).toEqual(jobTitleOnly);

    // After asking, Jane adds a field to the form; the supervisor reviews the request as it was.
    expect((await updateForm(d.jane.headers, form.id, { fields: [nameField, phishing] })).statusCode).toBe(200);
    expect((await queue(d)).map((a: { profileChanges: unknown }) => a.profileChanges)).toEqual([jobTitleOnly]);
    expect((await respond(d.sup.headers, approval.id, { approved: true, rebuild: true })).statusCode).toBe(200);
    const live = (await getProfileRow(t.db, d.jane.id))!;
    expect(live.publishedHtml).toContain('Sales Director');
    expect(live.publishedHtml).not.toContain('Card number');
    expect((live.publishedLeadForm as { fields: unknown[] }).fields).toEqual([nameField]);

    // The form edit needs a request of its own, which shows it.
    const formOnly = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    const added = [
      {
        actionType: 'added',
        fieldTitle: 'Lead form field: Card number and CVV',
        oldValue: null,
        newValue: { value: 'Card number and CVV', description: 'Required' },
      },
    ];
    expect(formOnly.profileChanges).toEqual(added);
    expect((await queue(d)).map((a: { profileChanges: unknown }) => a.profileChanges)).toEqual([added]);
    expect((await respond(d.sup.headers, formOnly.id, { approved: true, rebuild: true })).statusCode).toBe(200);
    expect((await getProfileRow(t.db, d.jane.id))!.publishedHtml).toContain('Card number and CVV');
  });

  it('lists each change of the form against the live one: title, field renamed, made optional, added, removed, thank-you message', async () => {
    const { d, form } = await liveWithForm();
    const fields = [
      { ...nameField, label: 'Full name', required: false },
      { label: 'Mobile', required: false, type: 'tel', field_name: 'mobile', enabled: true },
    ];
    const edit = await updateForm(d.jane.headers, form.id, { title: 'Call me back', fields, form_submitted_message: 'We will call you.' });
    expect(edit.statusCode, edit.body).toBe(200);
    const approval = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    expect(approval.profileChanges).toEqual([
      { actionType: 'updated', fieldTitle: 'Lead form title', oldValue: { value: 'Contact Jane' }, newValue: { value: 'Call me back' } },
      { actionType: 'updated', fieldTitle: 'Lead form field: Your name', oldValue: { value: 'Your name' }, newValue: { value: 'Full name' } },
      { actionType: 'updated', fieldTitle: 'Lead form field: Full name: required', oldValue: { value: 'Required' }, newValue: { value: 'Optional' } },
      { actionType: 'added', fieldTitle: 'Lead form field: Mobile', oldValue: null, newValue: { value: 'Mobile', description: 'Optional' } },
      { actionType: 'added', fieldTitle: 'Lead form thank-you message', oldValue: null, newValue: { value: 'We will call you.' } },
    ]);
    // Taking the mobile field away again before it was reviewed: the request asked again lists no mobile field.
    expect((await updateForm(d.jane.headers, form.id, { fields: [fields[0]] })).statusCode).toBe(200);
    const again = (await reRequest(d.jane.headers, approval.id)).json().data;
    expect(again.profileChanges.map((c: { fieldTitle: string }) => c.fieldTitle)).not.toContain('Lead form field: Mobile');
    expect((await respond(d.sup.headers, approval.id, { approved: true, rebuild: true })).statusCode).toBe(200);
    // Removing a field the live page shows is listed too.
    expect((await updateForm(d.jane.headers, form.id, { fields: [] })).statusCode).toBe(200);
    const removal = (await request(d.jane.headers, { profileId: d.jane.id })).json().data;
    expect(removal.profileChanges).toEqual([
      { actionType: 'removed', fieldTitle: 'Lead form field: Full name', oldValue: { value: 'Full name', description: 'Optional' }, newValue: null },
    ]);
  });
});
