import { expect, test } from '@playwright/test';
import { apiLogin, enterEmail, expectToast, lastMailId, readResetLink, SEED_PASSWORD, shot, signIn, USERS } from '../support.ts';

/**
 * Spec §2 Sign-in page (forgotPassword view), §4, §8 'Password reset email sent!':
 * the emailed link opens the Password page; the new password signs in and the old one stops working.
 * The spec changes Jane's password and puts the seed password back afterwards, so other specs do not care about order.
 */
const EMAIL = USERS.jane;
const NEW_PASSWORD = 'Brand-New-Secret-42';

test.afterAll(async ({ request }) => {
  // Put the seed password back (whichever password is current now).
  const jwt = await apiLogin(request, EMAIL, NEW_PASSWORD);
  if (!jwt) return;
  const res = await request.post('/api/profiles/setup', {
    data: { password: SEED_PASSWORD, currentPassword: NEW_PASSWORD },
    headers: { authorization: `Bearer ${jwt}` },
  });
  expect(res.ok(), `restoring ${EMAIL}'s password answered ${res.status()}`).toBe(true);
});

test('an empty email on the forgot-password view shows the spec message', async ({ page }) => {
  await page.goto('/sign-in?forgot-password');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email address').fill('');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter an email address', { exact: true })).toBeVisible();
});

test('forgot password: the emailed link sets a new password and signs in; the old password stops working', async ({ page, request }) => {
  const after = await lastMailId(request, EMAIL);

  await page.goto('/sign-in');
  await enterEmail(page, EMAIL);
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(EMAIL);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expectToast(page, 'Password reset email sent!');
  await shot(page, 'forgot-password-sent');

  const link = await readResetLink(request, EMAIL, after);
  expect(new URL(link).pathname).toBe('/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'UPDATE YOUR PASSWORD' })).toBeVisible();
  await page.getByLabel('New Password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
  await expectToast(page, 'Password reset!');
  // Signed in: a role user's home is self-service, inside the shell.
  await expect(page).toHaveURL(/\/self-service$/);
  await expect(page.getByText('Hello Jane', { exact: true })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New Password').fill('Another-Secret-43');
  await page.getByLabel('Confirm Password').fill('Another-Secret-43');
  await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
  await expectToast(page, 'This password reset link is invalid or has expired. Request a new one.');

  // A new browser session: the old password is refused, the new one works.
  await page.context().clearCookies();
  await page.evaluate(() => window.sessionStorage.clear());
  await signIn(page, EMAIL, SEED_PASSWORD);
  await expectToast(page, 'Incorrect email or password');
  await expect(page).toHaveURL(/\/sign-in/);

  await page.goto('/sign-in');
  await signIn(page, EMAIL, NEW_PASSWORD);
  await expectToast(page, 'Logged in successfully!');
  await expect(page).toHaveURL(/\/self-service$/);
});
