import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Auth, auth, openEditor, ownProfileId, editorView as view } from '../editor-support.ts';
import { BASE_URL, expectToast, resize, shot, signInAndWait, USERS } from '../support.ts';

const editorView = async (request: APIRequestContext, headers: Auth, id: number) => (await view(request, headers, id)) as View;

/**
 * The template editor's permissions mode (spec §2 Template editor, §4
 * Permissions editing, §6): a supervisor of Acme opens the template through
 * the users list's /manage-permissions/{profile} link, locks Jane's job title
 * and hides her office number; Jane then finds the one read-only and the other
 * gone, and a crafted PATCH does not change the locked field. A superadmin
 * switches between the child and the master sets.
 *
 * Other specs share the database and rely on the seeded permissions (Jane edits
 * her job title and name): the child set is put back as it was at the end, and
 * the master set is reset.
 */

type Entry = { key: string; show: boolean; edit: boolean; optional: boolean; sortable: boolean };
type View = {
  profile: { id: number; version: number; companyId: number };
  content: Record<string, unknown>;
  permissions: { childPermissions: Entry[]; masterPermissions: Entry[]; childPermissionId: number | null; masterPermissionId: number | null };
  master: { id: number } | null;
};

const UPDATED = 'Permissions has been updated!';
const RESET = 'Permissions Reset!';
const JOB = 'Job title / subheading';
const OFFICE = 'Office number';

const janeProfileId = async (request: APIRequestContext) => ownProfileId(request, await auth(request, USERS.jane));

/** Closes the permissions legend the template editor opens with (first time in a session); no Welcome modal joins it. */
async function closeLegend(page: Page): Promise<void> {
  const legend = page.getByRole('dialog', { name: 'Edit Template Permissions' });
  await expect(legend).toBeVisible();
  await legend.getByRole('button', { name: 'I Understand' }).click();
  await expect(legend).toBeHidden();
  await expect(page.getByRole('dialog', { name: /^Welcome to/ })).toHaveCount(0);
}

const toggle = (page: Page, flag: 'Optional' | 'Show' | 'Edit', label: string) =>
  page.getByRole('button', { name: `${flag} permission of ${label}`, exact: true });

let seededChild: Entry[] = [];
let childRecordId: number | null = null;
let templateId = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const headers = await auth(request, USERS.supervisor);
  const jane = await editorView(request, headers, await janeProfileId(request));
  templateId = jane.master?.id ?? 0;
  expect(templateId).toBeGreaterThan(0);
  const template = await editorView(request, headers, templateId);
  seededChild = template.permissions.childPermissions;
  childRecordId = template.permissions.childPermissionId;
});

test.afterAll(async ({ playwright }) => {
  // Puts the seeded child set back even when a test above failed half-way.
  const request = await playwright.request.newContext({ baseURL: BASE_URL });
  const headers = await auth(request, USERS.superadmin);
  if (childRecordId) await request.put(`/api/permissions/${childRecordId}`, { headers, data: { data: { permissions: seededChild } } });
  const view = await editorView(request, headers, templateId);
  if (view.permissions.masterPermissionId) await request.delete(`/api/permissions/${view.permissions.masterPermissionId}/entries`, { headers });
  await request.dispose();
});

test('a supervisor locks one field and hides another in the template’s permissions mode', async ({ page, request }) => {
  const janeId = await janeProfileId(request);
  await signInAndWait(page, USERS.supervisor);
  const headers = await auth(request, USERS.supervisor);
  const jane = await editorView(request, headers, janeId);
  // The users list's row link: the profile's template, in permissions mode.
  await page.goto(`/manage-permissions/${janeId}?companyId=${jane.profile.companyId}`);
  await expect(page).toHaveURL(new RegExp(`/manage-templates/${templateId}\\?.*mode=permissions`));
  await expect(page.getByRole('heading', { name: 'Templates Permissions' })).toBeVisible();
  await closeLegend(page);
  await expect(page.getByText('Child permissions')).toBeVisible();
  // A supervisor has no master set.
  await expect(page.getByRole('button', { name: /^Switch to/ })).toHaveCount(0);

  // The tooltips of spec §5 on hover.
  await toggle(page, 'Edit', JOB).hover();
  await expect(page.getByRole('tooltip', { name: `${JOB} can be edited by profile users` })).toBeVisible();
  await toggle(page, 'Edit', JOB).click();
  await expect(toggle(page, 'Edit', JOB)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('tooltip', { name: `${JOB} cannot be edited by profile users` })).toBeVisible();
  await expect(toggle(page, 'Show', JOB)).toHaveAttribute('aria-pressed', 'true');

  await toggle(page, 'Show', OFFICE).click();
  await expect(toggle(page, 'Show', OFFICE)).toHaveAttribute('aria-pressed', 'false');
  await expect(toggle(page, 'Edit', OFFICE)).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle(page, 'Edit', JOB)).toHaveAttribute('aria-pressed', 'false');
  await shot(page, 'permissions-supervisor-1280');

  const saved = page.waitForResponse((r) => /\/api\/permissions(\/\d+)?$/.test(r.url()) && ['POST', 'PUT'].includes(r.request().method()));
  await page.getByRole('button', { name: 'Apply permissions updates' }).click();
  expect((await saved).status()).toBe(200);
  await expectToast(page, UPDATED);

  const child = (await editorView(request, headers, templateId)).permissions.childPermissions;
  expect(child.find((e) => e.key === 'jobTitle')).toMatchObject({ edit: false, show: true });
  expect(child.find((e) => e.key === 'officeNumber')).toMatchObject({ show: false, edit: true, optional: true });
  // The rest of the seeded set is kept.
  expect(child.find((e) => e.key === 'logo')).toMatchObject({ edit: false });

  // On a phone a field's toggles open from one control beside it, and keep their state.
  await resize(page, { width: 375, height: 812 });
  await page.getByRole('button', { name: `Permissions of ${JOB}` }).click();
  await expect(page.getByRole('dialog', { name: `Permissions of ${JOB}` })).toBeVisible();
  await expect(toggle(page, 'Edit', JOB)).toBeVisible();
  await expect(toggle(page, 'Edit', JOB)).toHaveAttribute('aria-pressed', 'false');
  await shot(page, 'permissions-supervisor-375');
  await page.keyboard.press('Escape');
});

test('Jane then sees the locked field read-only and the hidden one not at all; a crafted PATCH does not change it', async ({ page, request }) => {
  await signInAndWait(page, USERS.jane);
  await openEditor(page);
  await expect(page.getByRole('textbox', { name: JOB })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toBeEnabled();
  await expect(page.getByRole('textbox', { name: OFFICE })).toHaveCount(0);
  // No permission toggles and no placeholders outside permissions mode.
  await expect(page.getByRole('button', { name: /permission of/ })).toHaveCount(0);
  await shot(page, 'permissions-jane-locked');

  const headers = await auth(request, USERS.jane);
  const id = await janeProfileId(request);
  const before = await editorView(request, headers, id);
  const res = await request.patch(`/api/profiles/${id}`, { headers, data: { version: before.profile.version, changes: { jobTitle: 'Hijacked' } } });
  expect(res.status()).toBeLessThan(500);
  const after = await editorView(request, headers, id);
  expect(after.content.jobTitle).toBe(before.content.jobTitle);
  expect(after.content.jobTitle).not.toBe('Hijacked');
});

test('a superadmin switches between the child and the master permissions; reset clears the master set', async ({ page, request }) => {
  await signInAndWait(page, USERS.superadmin);
  await page.goto(`/manage-templates/${templateId}?mode=permissions`);
  await closeLegend(page);
  await expect(page.getByText('Child permissions')).toBeVisible();
  // The child set as the supervisor left it.
  await expect(toggle(page, 'Edit', JOB)).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('button', { name: 'Switch to master permissions' }).click();
  await expect(page.getByText('Master permissions')).toBeVisible();
  await expect(toggle(page, 'Edit', JOB)).toHaveAttribute('aria-pressed', 'true');
  await toggle(page, 'Show', 'Full name').click();
  await page.getByRole('button', { name: 'Apply permissions updates' }).click();
  await expectToast(page, UPDATED);
  const headers = await auth(request, USERS.superadmin);
  let view = await editorView(request, headers, templateId);
  expect(view.permissions.masterPermissions).toEqual([{ key: 'fullName', show: false, edit: true, optional: false, sortable: true }]);
  expect(view.permissions.childPermissions.find((e) => e.key === 'fullName')).toBeUndefined();
  await shot(page, 'permissions-superadmin-master');

  await page.getByRole('button', { name: 'Reset permissions' }).click();
  await expectToast(page, RESET);
  await expect(toggle(page, 'Show', 'Full name')).toHaveAttribute('aria-pressed', 'true');
  view = await editorView(request, headers, templateId);
  expect(view.permissions.masterPermissions).toEqual([]);

  await page.getByRole('button', { name: 'Switch to child permissions' }).click();
  await expect(page.getByText('Child permissions')).toBeVisible();
  await expect(toggle(page, 'Edit', JOB)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Switch to master permissions' })).toBeVisible();
});

test('with the child set put back, Jane edits her job title again and sees her office number', async ({ page, request }) => {
  const headers = await auth(request, USERS.supervisor);
  const res = await request.put(`/api/permissions/${childRecordId}`, { headers, data: { data: { permissions: seededChild } } });
  expect(res.status()).toBe(200);
  await signInAndWait(page, USERS.jane);
  await openEditor(page);
  await expect(page.getByRole('textbox', { name: JOB })).toBeEnabled();
  await expect(page.getByRole('textbox', { name: OFFICE })).toBeVisible();
});
