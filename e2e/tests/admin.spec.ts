import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { auth, editorView, openEditor, openSection, ownProfileId, preview, savedAfter, uploadProfilePhoto } from '../editor-support.ts';
import {
  ACME_HUB_URL,
  apiLogin,
  BASE_URL,
  codeBoxes,
  expectToast,
  lastMailId,
  readCode,
  resize,
  SEED_PASSWORD,
  shot,
  signInAndWait,
  USERS,
  waitForMail,
} from '../support.ts';

/**
 * Organisation admin (spec §2 Users list, Templates list, Approvals list; §4
 * Invite flow, Approval, Lists): a supervisor invites a user, the user
 * registers, fills their card in the editor (where the template locks some
 * items) and asks for approval, the supervisor approves, the public page
 * shows the change. The steps share one database and run in order.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const INVITEE = { name: 'Nora Newman', email: `nora.${stamp}@acme.example`, alias: `nora-${stamp}`, password: 'Nora-Newman-2026' };
const NEW_TITLE = `Head of Partnerships ${stamp}`;
const SUBMITTED = 'Your digital profile data is being submitted for approval. You will be alerted via email once approved.';

/** Nora's public page on Acme's host, as a visitor fetches it. */
function publicPage(request: APIRequestContext) {
  const port = new URL(BASE_URL).port;
  return request.get(`http://127.0.0.1:${port}/${INVITEE.alias}`, { headers: { host: `acme.localhost:${port}` } });
}

/** Publishes as a person whose division approves changes: the request is filed (the answer seen, not only the toast). */
async function submitForApproval(page: Page) {
  const filed = page.waitForResponse((r) => /\/api\/approvals(\/single\/\d+)?$/.test(new URL(r.url()).pathname) && r.request().method() !== 'GET');
  await page.getByRole('button', { name: /^(Re-)?[Ss]ubmit for approval$/ }).click();
  expect((await filed).status()).toBe(200);
  await expectToast(page, SUBMITTED);
}

async function openUsers(page: Page) {
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: /^Users \(\d+ User\(s\)\)$/ })).toBeVisible();
}

test('a supervisor invites a new user from the home tile; the invitation arrives by mail', async ({ page, request }) => {
  await signInAndWait(page, USERS.supervisor);
  await page.goto('/home');
  await page.getByText('Invite a New User').click();
  const dialog = page.getByRole('dialog', { name: 'Invite new user' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Send an invite email' })).toBeChecked();
  const invite = dialog.getByRole('button', { name: /^(Invite|Checking Alias)$/ });
  await expect(invite).toBeDisabled();

  await dialog.getByLabel('Full Name').fill(INVITEE.name);
  await dialog.getByLabel('Email Address').fill(INVITEE.email.toUpperCase());
  await dialog.getByLabel('Profile Alias').fill('Bad Alias!');
  await expect(dialog.getByText('The alias can only have lowercase letters, numbers, a dash or an underscore.')).toBeVisible();
  await dialog.getByLabel('Profile Alias').fill('jane-doe');
  await expect(dialog.getByText('The alias `jane-doe` has already been taken.')).toBeVisible();
  await dialog.getByLabel('Profile Alias').fill(INVITEE.alias);
  await expect(dialog.getByText('Available')).toBeVisible();
  await expect(dialog.getByText(new RegExp(`acme\\.localhost:\\d+/${INVITEE.alias}$`))).toBeVisible();
  await shot(page, 'admin-invite-dialog');

  const after = await lastMailId(request, INVITEE.email);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  const success = page.getByRole('dialog', { name: 'Success!' });
  await expect(success).toBeVisible();
  await expect(success.getByText(`${INVITEE.name} has been invited.`)).toBeVisible();
  const mail = await waitForMail(request, INVITEE.email, after);
  expect(mail.text).toContain(`/register?email=${encodeURIComponent(INVITEE.email)}`);
  await success.getByRole('button', { name: 'Manage User' }).click();
  await expect(page).toHaveURL(/\/statistics\/\d+_\d+_nora-newman\?companyId=\d+$/);
});

test('the invited user registers, edits their profile and asks for approval', async ({ page, request }) => {
  const after = await lastMailId(request, INVITEE.email);
  await page.goto(`/register?email=${encodeURIComponent(INVITEE.email)}`);
  const email = page.getByLabel('Email address');
  if ((await email.inputValue()) === '') await email.fill(INVITEE.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'Email sent with your OTP!');
  const code = await readCode(request, INVITEE.email, after);
  await codeBoxes(page).first().focus();
  await page.keyboard.type(code, { delay: 30 });
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('New Password').fill(INVITEE.password);
  await page.getByLabel('Confirm Password').fill(INVITEE.password);
  await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
  await expect(page).toHaveURL(/\/self-service$/);

  // The editor, as the new person sees it: the template's values, some of them locked.
  await openEditor(page);
  // The invitation filled in the name and the email address.
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue(INVITEE.name);
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(INVITEE.email);
  await savedAfter(page, () => page.getByLabel('Job title / subheading').fill(NEW_TITLE));
  await savedAfter(page, () => page.getByLabel('Main contact number').fill('+27 82 555 0199'));
  await uploadProfilePhoto(page);
  await expect(preview(page).getByText(NEW_TITLE)).toBeVisible();
  // The template locks its logo and its website button: shown, but not for this person to change.
  await openSection(page, 'Appearance and branding');
  await expect(page.getByRole('button', { name: /^(Upload|Replace) logo$/ })).toBeDisabled();
  await openSection(page, 'Buttons');
  await expect(page.getByRole('switch', { name: 'Show Visit our website' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete Visit our website' })).toHaveCount(0);
  await shot(page, 'admin-invitee-editor');

  // Acme approves changes: publishing asks for approval instead (spec §4 Publish flow step 4).
  const supervisorMails = await lastMailId(request, USERS.supervisor);
  await page.getByRole('button', { name: 'Submit for approval' }).click();
  await expectToast(page, SUBMITTED);
  await expect(page.getByRole('button', { name: 'Re-submit for approval' })).toBeVisible();
  // The division's supervisors hear of it.
  const asked = await waitForMail(request, USERS.supervisor, supervisorMails);
  expect(asked.subject).toBe(`${INVITEE.name} asks for approval of profile changes`);
  expect(asked.text).toContain('/approvals');
});

test('the supervisor sees the badge, views the updates, approves; the public page shows the change', async ({ page, request }) => {
  await signInAndWait(page, USERS.supervisor);
  await page.goto('/home');
  const badge = page.getByRole('navigation', { name: 'Main' }).getByTestId('pending-approvals');
  await expect(badge).toBeVisible();
  await expect(page.getByRole('link', { name: /^Approvals \d+ pending approvals$/ })).toBeVisible();
  const pending = Number((await badge.locator('[aria-hidden="true"]').textContent())?.trim());
  expect(pending).toBeGreaterThanOrEqual(1);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /Approvals/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Approvals (${pending})` })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: INVITEE.name });
  await expect(row).toBeVisible();
  await shot(page, 'admin-approvals-1280');
  await row.getByRole('button', { name: /View updates/ }).click();
  const changes = page.getByRole('dialog', { name: new RegExp(`Updates by ${INVITEE.name}`) });
  await expect(changes.getByRole('columnheader', { name: 'Field' })).toBeVisible();
  await expect(changes.getByRole('row').filter({ hasText: 'Job title' }).getByText(NEW_TITLE)).toBeVisible();
  // Seven to a page (spec §9).
  expect(await changes.getByRole('row').count()).toBeLessThanOrEqual(8);
  // Only Nora's own content (issue 13 §7): what the invitation and she wrote, none of the template's values (its consent text, buttons, logo).
  const queue = await request.get('/api/approvals?status=active&pageSize=100', { headers: await auth(request, USERS.supervisor) });
  const mine = ((await queue.json()) as { data: { fullName: string; profileChanges: { fieldTitle: string }[] }[] }).data.find(
    (a) => a.fullName === INVITEE.name,
  );
  const titles = mine?.profileChanges.map((c) => c.fieldTitle) ?? [];
  expect(titles).toEqual(expect.arrayContaining(['Job title', 'Main contact number', 'Profile picture']));
  const hers = ['Full name', 'First name', 'Last name', 'Email address', 'Job title', 'Main contact number', 'Profile picture'];
  for (const title of titles) expect(hers).toContain(title);
  await shot(page, 'admin-changes-viewer');
  await page.keyboard.press('Escape');

  // Preview: the page as approving would publish it, drawn by the public page's components.
  await row.getByRole('button', { name: `Preview the proposed page of ${INVITEE.name}` }).click();
  const preview = page.getByRole('dialog', { name: `Preview of ${INVITEE.name} if approved` });
  await expect(preview.frameLocator('iframe').getByText(NEW_TITLE)).toBeVisible();
  await shot(page, 'admin-approval-preview-1280');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  const noraMails = await lastMailId(request, INVITEE.email);
  await row.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve changes' });
  await confirm.getByLabel('Message (optional)').fill('Welcome aboard!');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Profile Aproved!');
  await expect(page.getByRole('heading', { level: 1, name: `Approvals (${pending - 1})` })).toBeVisible();
  if (pending === 1) await expect(badge).toHaveCount(0);

  await page.getByText('Resolved', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Resolved' })).toBeChecked();
  const resolved = page.getByRole('row').filter({ hasText: INVITEE.name });
  await expect(resolved.getByText('Approved')).toBeVisible();
  await expect(resolved.getByText('“Welcome aboard!”')).toBeVisible();

  const pageRes = await publicPage(request);
  expect(pageRes.status()).toBe(200);
  expect(await pageRes.text()).toContain(NEW_TITLE);
  // "You will be alerted via email once approved."
  const answer = await waitForMail(request, INVITEE.email, noraMails);
  expect(answer.subject).toBe('Your profile changes were approved');
  expect(answer.text).toContain('Welcome aboard!');
  expect(answer.text).toContain(`/${INVITEE.alias}`);
});

test('a photo replaced in a draft leaves the live page whole until approved; a decline shows its message in the editor', async ({ page, request }) => {
  const nora = await auth(request, INVITEE.email, INVITEE.password);
  const sup = await auth(request, USERS.supervisor);
  const id = await ownProfileId(request, nora);
  const livePhoto = (await editorView(request, nora, id)).content.profilePhoto.url as string;
  expect(await (await publicPage(request)).text()).toContain(livePhoto);

  await signInAndWait(page, INVITEE.email, INVITEE.password);
  await openEditor(page);
  await uploadProfilePhoto(page);
  const draftPhoto = (await editorView(request, nora, id)).content.profilePhoto.url as string;
  expect(draftPhoto).not.toBe(livePhoto);
  // The live page still shows the old photo, and the photo still loads.
  expect(await (await publicPage(request)).text()).toContain(livePhoto);
  expect((await request.get(livePhoto)).status()).toBe(200);

  await submitForApproval(page);
  const respond = async (body: object) => {
    const queue = await (await request.get('/api/approvals', { headers: sup })).json();
    const mine = (queue.data as { id: number; profileId: number }[]).find((a) => a.profileId === id);
    expect(mine, 'Nora’s request is in the queue').toBeDefined();
    const res = await request.put(`/api/approvals/respond/${mine!.id}`, { headers: sup, data: body });
    expect(res.status(), await res.text()).toBe(200);
  };
  await respond({ approved: true, rebuild: true });
  const live = await (await publicPage(request)).text();
  expect(live).toContain(draftPhoto);
  expect(live).not.toContain(livePhoto);

  // Declined, with a message: the editor says so until Nora asks again. She comes back to the editor later.
  await page.reload();
  await savedAfter(page, () => page.getByLabel('Job title / subheading').fill(`${NEW_TITLE} and more`));
  await submitForApproval(page);
  const before = await lastMailId(request, INVITEE.email);
  await respond({ approved: false, message: 'Please keep the title short.' });
  const declined = await waitForMail(request, INVITEE.email, before);
  expect(declined.subject).toBe('Your profile changes were not approved');
  expect(declined.text).toContain('Please keep the title short.');
  await page.reload();
  const banner = page.getByRole('status', { name: 'Your last changes were not approved' });
  await expect(banner).toBeVisible();
  await expect(banner.getByText('Please keep the title short.')).toBeVisible();
  await shot(page, 'admin-declined-banner-1280');
  await resize(page, { width: 375, height: 812 });
  await expect(banner).toBeVisible();
  await shot(page, 'admin-declined-banner-375');
});

test('the users list sorts and pages; the Excel export has every row and no formula', async ({ page, request }) => {
  // Enough people for a second page of ten, one with a name a spreadsheet would run as a formula.
  const jwt = await apiLogin(request, USERS.supervisor, SEED_PASSWORD);
  const me = await (await request.get('/api/companies/users/me', { headers: { authorization: `Bearer ${jwt}` } })).json();
  for (let i = 0; i < 10; i++) {
    const name = i === 0 ? '=HYPERLINK("http://evil.example","click")' : `Paging Person ${String(i).padStart(2, '0')}`;
    const res = await request.post('/api/users?notify_user=false', {
      headers: { authorization: `Bearer ${jwt}` },
      data: { email: `paging-${i}-${stamp}@acme.example`, name, company: me.company.id },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await signInAndWait(page, USERS.supervisor);
  await openUsers(page);
  const header = (name: string) => page.getByRole('columnheader', { name: new RegExp(name) });
  await expect(header('Views')).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('tab', { name: /^All \(\d+\)$/ }).click();
  const names = async () => (await page.locator('tbody tr td:first-child p:first-of-type').allInnerTexts()).map((t) => t.trim());
  // What the list shows once the answer to the next call is on screen.
  const shownAfter = async (action: () => Promise<void>, match: (url: URL) => boolean) => {
    const answer = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/users' && match(url);
    });
    await action();
    const expected = ((await (await answer).json()) as { data: { fullName: string }[] }).data.map((r) => r.fullName);
    await expect.poll(names).toEqual(expected);
    return expected;
  };
  const paging = (list: string[]) => list.filter((n) => n.startsWith('Paging Person'));
  const asc = paging(
    await shownAfter(
      () => header('Name').getByRole('button').click(),
      (url) => url.searchParams.get('orderBy') === 'NAME' && url.searchParams.get('order') === 'asc',
    ),
  );
  await expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
  expect(asc.length).toBeGreaterThan(1);
  expect([...asc].sort()).toEqual(asc);
  const desc = paging(
    await shownAfter(
      () => header('Name').getByRole('button').click(),
      (url) => url.searchParams.get('orderBy') === 'NAME' && url.searchParams.get('order') === 'desc',
    ),
  );
  await expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
  expect(desc[0]).toBe('Paging Person 09');
  expect([...desc].sort().reverse()).toEqual(desc);
  const page1 = await shownAfter(
    () => header('Name').getByRole('button').click(),
    (url) => !url.searchParams.has('orderBy'),
  );
  await expect(header('Name')).toHaveAttribute('aria-sort', 'none');

  // Page 2 of the All tab holds the rest; a new sort returns to page 1.
  const page2 = await shownAfter(
    () => page.getByRole('button', { name: 'Page 2' }).click(),
    (url) => url.searchParams.get('page') === '1',
  );
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  expect(page2.length).toBeGreaterThan(0);
  expect(page2.some((n) => page1.includes(n))).toBe(false);
  await header('Views').getByRole('button').click();
  await expect(header('Views')).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await header('Views').getByRole('button').click();
  await header('Views').getByRole('button').click();
  await expect(header('Views')).toHaveAttribute('aria-sort', 'none');

  await page.getByLabel('Search').fill('nora');
  await expect(page.getByRole('row').filter({ hasText: INVITEE.name })).toBeVisible();
  await expect.poll(async () => (await names()).length).toBe(1);
  await page.getByLabel('Search').fill('');
  // The search settles 1000 ms after the last key.
  await expect.poll(async () => (await names()).length).toBeGreaterThan(1);
  const allTab = page.getByRole('tab', { name: /^All \(\d+\)$/ });
  const total = Number((await allTab.textContent())?.match(/\((\d+)\)/)?.[1]);
  await shot(page, 'admin-users-1280');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV / Excel' }).click();
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^.+ - Users - \d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.worksheets[0]!;
  let formulas = 0;
  sheet.eachRow((r) =>
    r.eachCell((c) => {
      if (c.type === ExcelJS.ValueType.Formula) formulas += 1;
    }),
  );
  expect(formulas).toBe(0);
  expect(sheet.rowCount - 1).toBe(total);
  const exported: string[] = [];
  sheet.eachRow((r, n) => {
    if (n > 1) exported.push(String(r.getCell(1).value));
  });
  expect(exported).toContain(INVITEE.name);
  // Typed-in text stays text: the would-be formula arrives as typed, in a string cell (no formula, no guard's quote).
  expect(exported).toContain('=HYPERLINK("http://evil.example","click")');
});

test('templates list and every admin screen at phone and desktop width', async ({ page }) => {
  await signInAndWait(page, USERS.supervisor);
  await page.goto('/templates');
  await expect(page.getByRole('heading', { level: 1, name: /^Templates \(\d+\)$/ })).toBeVisible();
  await expect(page.getByText(/^1 to \d+ of \d+ results$/)).toBeVisible();
  await page.getByLabel('Search templates').fill('zzz-no-such-template');
  // Nothing found: the spec's "No results found" with what to do, not "0 to 0 of 0 results filtered".
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.getByText(/0 to 0 of 0/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  await page.getByLabel('Search templates').fill('');
  await expect(page.getByText(/^1 to \d+ of \d+ results$/)).toBeVisible();
  await shot(page, 'admin-templates-1280');
  // The seeded template is not published: Preview draws its saved content as a page would show it.
  await page.getByRole('button', { name: 'Preview Acme Standard' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview of Acme Standard' });
  await expect(preview.frameLocator('iframe').getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'admin-template-preview-1280');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await resize(page, { width: 375, height: 812 });
  for (const path of ['/users', '/templates', '/approvals']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, `admin${path.replace('/', '-')}-375`);
  }
  await page.goto('/users#invite');
  await expect(page.getByRole('dialog', { name: 'Invite new user' })).toBeVisible();
  await shot(page, 'admin-invite-375');
  expect(ACME_HUB_URL).toContain('acme');
});
