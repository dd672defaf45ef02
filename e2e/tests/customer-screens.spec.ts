import { expect, test } from '@playwright/test';
import { auth, editorView, openEditor, openSection, ownProfileId, saveStatus } from '../editor-support.ts';
import {
  apiLogin,
  codeBoxes,
  expectToast,
  lastMailId,
  logOut,
  paste,
  readCode,
  SEED_PASSWORD,
  shot,
  signInAndWait,
  toast,
  USERS,
  waitForMail,
} from '../support.ts';

/**
 * Issue #25, "What customers see": consent needs its text (row 5), Change Password asks
 * for the current one (row 6), `?verify` and toasts (row 7), a rollback reaches the
 * profile's owner (row 8). Bob's own card and password are changed and put back.
 */
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 900 } });

test('consent turned on with an empty text is refused: a field error in the editor, a 400 from the server', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signInAndWait(page, USERS.bob);
  await openEditor(page);
  await openSection(page, 'Footer disclaimer');
  const consent = page.getByRole('switch', { name: 'Ask for consent before publishing' });
  // The section's last control sits at the sticky save bar's edge when the section opens: bring it to
  // the middle of the screen first, so the click lands on the switch and not on the bar.
  await consent.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await consent.click();
  await expect(consent).toBeChecked();
  const text = page.getByRole('textbox', { name: 'Consent text' });
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Write the consent text people agree to before publishing, or turn consent off.', { exact: true })).toBeVisible();
  await expect(saveStatus(page)).toHaveAttribute('data-save-status', 'invalid');
  // The save status names the field in words, as the form does.
  await expect(page.getByRole('button', { name: /^Consent text: Write the consent text/ })).toBeVisible();
  await shot(page, 'consent-empty-1440');

  // The server says the same to a client that skips the editor.
  const bob = await auth(request, USERS.bob);
  const id = await ownProfileId(request, bob);
  const view = await editorView(request, bob, id);
  const refused = await request.patch(`/api/profiles/${id}`, { headers: bob, data: { version: view.profile.version, changes: { enableConsent: true } } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toBe('Write the consent text people agree to before publishing, or turn consent off.');

  // Turned off again, nothing is left to fix and Bob's card is as it was.
  await consent.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await consent.click();
  await expect(page.getByText(/Write the consent text people agree to before publishing/)).toHaveCount(0);
  await expect(saveStatus(page)).toHaveAttribute('data-save-status', 'saved');
});

test('Change Password asks for the current password: a wrong one is said under the field, the right one changes it', async ({ page, request }) => {
  const NEW = 'Bobs-New-Secret-42';
  try {
    await signInAndWait(page, USERS.bob);
    await openEditor(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('UPDATE YOUR PASSWORD')).toBeVisible();
    const current = page.getByLabel('Current Password');
    await current.fill('Not-My-Password-1');
    await page.getByLabel('New Password').fill(NEW);
    await page.getByLabel('Confirm Password').fill(NEW);
    await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
    await expect(page.getByText('Your current password is not correct.')).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(await apiLogin(request, USERS.bob, NEW)).toBeNull();
    await shot(page, 'change-password-wrong-1440');

    await current.fill(SEED_PASSWORD);
    await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
    await expectToast(page, 'Password reset!');
    await expect(page).not.toHaveURL(/reset-password/);
    expect(await apiLogin(request, USERS.bob, NEW)).toBeTruthy();
    expect(await apiLogin(request, USERS.bob, SEED_PASSWORD)).toBeNull();
  } finally {
    const jwt = await apiLogin(request, USERS.bob, NEW);
    if (jwt) {
      const res = await request.post('/api/profiles/setup', {
        data: { password: SEED_PASSWORD, currentPassword: NEW },
        headers: { authorization: `Bearer ${jwt}` },
      });
      expect(res.ok(), `restoring Bob's password answered ${res.status()}`).toBe(true);
    }
  }
});

test('?verify opened from an address says no code was sent until one is; the emailed code then verifies', async ({ page, request }) => {
  await page.goto(`/sign-in?verify=${encodeURIComponent(USERS.jane)}`);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(/We sent a 4-digit code/)).toHaveCount(0);
  await expect(codeBoxes(page)).toHaveCount(0);
  await shot(page, 'verify-from-address-1440');

  const after = await lastMailId(request, USERS.jane);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expectToast(page, 'Email sent with your OTP!');
  await expect(page.getByText(/We sent a 4-digit code to/)).toBeVisible();
  const code = await readCode(request, USERS.jane, after);
  await paste(page, codeBoxes(page).first(), code);
  await expectToast(page, 'Login verified!');
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
});

test('on a phone a toast opens below the top bar, and leaving its screen closes it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAndWait(page, USERS.supervisor);
  const loggedIn = toast(page, 'Logged in successfully!');
  // It announced this screen, so it came along; and it does not cover the 64 px top bar.
  await expect(loggedIn).toBeVisible();
  const header = await page.locator('header').first().boundingBox();
  const box = await loggedIn.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  await shot(page, 'toast-below-header-390');

  // Another screen, in the app (a tile of Home): the toast of the one left goes (well before its 4 s are up).
  await expect(page).toHaveURL(/\/home$/);
  await expect(loggedIn).toBeVisible();
  await page
    .getByRole('main')
    .getByRole('link', { name: /Manage Users|^Users/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Users \(/ })).toBeVisible();
  await expect(loggedIn).toHaveCount(0);
});

test('a rollback tells the owner: her editor says her changes were rolled back, by whom, and she gets a mail', async ({ page, request }) => {
  test.setTimeout(60_000);
  // Jane's card goes live with a change, so there is an earlier version to go back to.
  const sam = await auth(request, USERS.supervisor);
  const jane = await auth(request, USERS.jane);
  const janeId = await ownProfileId(request, jane);
  const view = await editorView(request, jane, janeId);
  expect((await request.put(`/api/profiles/${janeId}/publish`, { headers: sam })).status()).toBe(200);
  const { variableChangeRecords: _records, ...content } = view.content;
  const saved = await request.put(`/api/profiles/${janeId}`, {
    headers: sam,
    data: { version: view.profile.version, content: { ...content, jobTitle: 'Chief Everything' } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await request.put(`/api/profiles/${janeId}/publish`, { headers: sam })).status()).toBe(200);
  const mailsBefore = await lastMailId(request, USERS.jane);

  // Sam rolls it back from the users list.
  await signInAndWait(page, USERS.supervisor);
  await page.goto('/users');
  await page.getByRole('button', { name: 'More actions for Jane Doe' }).first().click();
  await page.getByRole('menuitem', { name: 'Roll back to previous version' }).click();
  await page.getByRole('dialog', { name: 'Roll back profile' }).getByRole('button', { name: 'Roll back' }).click();
  await expectToast(page, 'The profile is back to its previous published version.');

  const mail = await waitForMail(request, USERS.jane, mailsBefore);
  expect(mail.subject).toBe('Your profile was rolled back to its previous version');
  expect(mail.text).toContain('rolled your profile back');

  // Jane opens her editor: rolled back, by Sam — not "approved".
  await logOut(page);
  await signInAndWait(page, USERS.jane);
  await openEditor(page);
  const banner = page.getByRole('status').filter({ hasText: 'Your last changes were rolled back' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(/Sam \S+ rolled your profile back on/);
  await expect(page.getByText('Your last changes were approved')).toHaveCount(0);
  await shot(page, 'rollback-banner-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'rollback-banner-390');
});
