import { expect, test } from '@playwright/test';
import { expectToast, lastMailId, readCode, resize, shot, sideNav, signInAndWait, USERS } from '../support.ts';

/**
 * Issue #26 roles, as a customer does it: Acme's supervisor invites a second supervisor
 * with the invite dialog's Role choice; the invited person activates the account with the
 * emailed code, sets a password and has the supervisor's menu. Then the first supervisor
 * takes the role back from the users list, and a superadmin opens the Superadmins list.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const INVITEE = { name: 'Sid Second', email: `sid.${stamp}@acme.example`, password: 'Sid-Second-2026' };

test('a supervisor invites a supervisor, who registers with the emailed code and sees the supervisor’s menu', async ({ page, request, browser }) => {
  await resize(page, { width: 1440, height: 900 });
  await signInAndWait(page, USERS.supervisor);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite new user' });
  await dialog.getByLabel('Full Name').fill(INVITEE.name);
  await dialog.getByLabel('Email Address').fill(INVITEE.email);
  // Acme's supervisor has one division: it is chosen already.
  await expect(dialog.getByRole('combobox', { name: 'Division' })).toHaveValue('Acme');
  await dialog.getByText('Supervisor', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Supervisor' })).toBeChecked();
  await shot(page, 'roles-invite-supervisor-1440');
  await resize(page, { width: 390, height: 844 });
  await shot(page, 'roles-invite-supervisor-390');
  await resize(page, { width: 1440, height: 900 });
  const after = await lastMailId(request, INVITEE.email);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible();

  // The invited person, in a browser of their own.
  const context = await browser.newContext();
  const them = await context.newPage();
  await them.goto('/register');
  await them.getByLabel('Email address').fill(INVITEE.email);
  await them.getByRole('button', { name: 'Continue' }).click();
  await expectToast(them, 'Email sent with your OTP!');
  const code = await readCode(request, INVITEE.email, after);
  await them.getByRole('textbox').first().focus();
  await them.keyboard.type(code, { delay: 30 });
  await expectToast(them, 'Account verified!');
  await expect(them).toHaveURL(/\/reset-password$/);
  await them.getByLabel('New Password').fill(INVITEE.password);
  await them.getByLabel('Confirm Password').fill(INVITEE.password);
  await them.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
  await expectToast(them, 'Password reset!');
  await them.goto('/home');
  await expect(sideNav(them).getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(sideNav(them).getByRole('link', { name: 'Templates' })).toBeVisible();
  await them.goto('/users');
  await expect(them.getByRole('button', { name: 'Add New User' })).toBeVisible();
  await context.close();
});

test('the supervisor makes the new supervisor a user again from the row menu; their next request has no admin lists', async ({ page, request }) => {
  await resize(page, { width: 1440, height: 900 });
  await signInAndWait(page, USERS.supervisor);
  await page.goto('/users');
  await page.getByRole('tab', { name: /^All/ }).click();
  await page.getByPlaceholder('Search by name').fill(INVITEE.name);
  const row = page.getByRole('row', { name: new RegExp(INVITEE.name) });
  await expect(row.getByText('Supervisor', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `More actions for ${INVITEE.name}` }).click();
  await shot(page, 'roles-row-menu-1440');
  await page.getByRole('menuitem', { name: 'Make user' }).click();
  const confirm = page.getByRole('dialog', { name: 'Make user' });
  await confirm.getByRole('button', { name: 'Make user' }).click();
  await expectToast(page, 'The person is now a user of the division.');
  await expect(row.getByText('Supervisor', { exact: true })).toHaveCount(0);
  await resize(page, { width: 390, height: 844 });
  await shot(page, 'roles-users-list-390');

  const login = await request.post('/api/auth/local', { data: { identifier: INVITEE.email, password: INVITEE.password } });
  const { jwt } = (await login.json()) as { jwt: string };
  expect((await request.get('/api/users', { headers: { authorization: `Bearer ${jwt}` } })).status()).toBe(403);
});

test('a superadmin opens the Superadmins list; Acme’s users list does not show the superadmin', async ({ page }) => {
  await resize(page, { width: 1440, height: 900 });
  await signInAndWait(page, USERS.superadmin);
  await page.goto('/users');
  await page.getByRole('tab', { name: /^All/ }).click();
  await page.getByPlaceholder('Search by name').fill('Ada');
  await expect(page.getByText('No results found')).toBeVisible();
  await page.getByRole('button', { name: 'Superadmins' }).click();
  const dialog = page.getByRole('dialog', { name: 'Superadmins' });
  await expect(dialog.getByText(USERS.superadmin)).toBeVisible();
  await expect(dialog.getByText('You', { exact: true })).toBeVisible();
  await shot(page, 'roles-superadmins-1440');
  await resize(page, { width: 390, height: 844 });
  await shot(page, 'roles-superadmins-390');
});
