import { expect, type Page, test } from '@playwright/test';
import { codeBoxes, expectToast, lastMailId, logOut, paste, readCode, shot, USERS } from '../support.ts';

/**
 * Spec §2 Register page, §4 Registration, §5 one-time code and password rules.
 * new@acme.example is invited to Acme (role user) and not registered yet; the
 * database is fresh per run. The tests run in order: the second one consumes the invitation.
 */
test.describe.configure({ mode: 'serial' });

const EMAIL = USERS.invited;
/** censorEmail('new@acme.example'): two characters of each part stay, the rest is starred. */
const CENSORED = 'ne***@ac***.example';

async function expectBoxes(page: Page, digits: string[]) {
  const boxes = codeBoxes(page);
  await expect(boxes).toHaveCount(digits.length);
  for (const [i, digit] of digits.entries()) await expect(boxes.nth(i)).toHaveValue(digit);
}

async function requestCode(page: Page) {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Activate Profilehub hub' })).toBeVisible();
  await page.getByLabel('Email address').fill(EMAIL);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'Email sent with your OTP!');
  await expect(page.getByText(`We sent a 4-digit code to ${CENSORED}`)).toBeVisible();
  // The address itself is not on the screen, only its censored form.
  await expect(page.getByText(EMAIL)).toHaveCount(0);
  await expect(codeBoxes(page)).toHaveCount(4);
}

test('register: an empty email is refused with the spec message', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please enter an email address.', { exact: true })).toBeVisible();
});

test('register: a pasted code fills all four boxes, and a wrong code is refused', async ({ page, request }) => {
  const after = await lastMailId(request, EMAIL);
  await requestCode(page);
  const code = await readCode(request, EMAIL, after);
  // A code that is certainly wrong: every digit shifted by one.
  const wrong = [...code].map((d) => String((Number(d) + 1) % 10)).join('');

  // Blocks the check until the boxes have been looked at.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/profiles/link',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await paste(page, codeBoxes(page).first(), wrong);
  await expectBoxes(page, [...wrong]);
  await shot(page, 'register-code-pasted');
  release();

  await expectToast(page, 'The code is incorrect or has expired. Request a new code.');
  // A refused code empties the boxes for the next try.
  await expectBoxes(page, ['', '', '', '']);
  await expect(page).toHaveURL(/\/register/);
});

test('register: typing the emailed code activates the account, then a password is set and the user lands on self-service', async ({ page, request }) => {
  const after = await lastMailId(request, EMAIL);
  await requestCode(page);
  await shot(page, 'register-code');
  const code = await readCode(request, EMAIL, after);

  // One digit per box, auto-advancing: the focus starts in the first box.
  await expect(codeBoxes(page).first()).toBeFocused();
  await page.keyboard.type(code, { delay: 30 });
  await expectToast(page, 'Account verified!');

  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { name: 'UPDATE YOUR PASSWORD' })).toBeVisible();
  // The way back home is only for people who came from Settings → Change Password.
  await expect(page.getByRole('link', { name: 'Click Here' })).toHaveCount(0);
  await shot(page, 'password-page');

  const newPassword = page.getByLabel('New Password');
  const confirm = page.getByLabel('Confirm Password');
  await newPassword.fill('Short1a');
  await confirm.fill('Short1a');
  await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
  await expect(page.getByText('Password is too short', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);

  await newPassword.fill('Fresh-Start-2024');
  await confirm.fill('Fresh-Start-2025');
  await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
  await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();

  await confirm.fill('Fresh-Start-2024');
  await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
  await expectToast(page, 'Password reset!');
  // A role user's signed-in home is the self-service page (spec §2 Routes).
  await expect(page).toHaveURL(/\/self-service$/);

  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'What would you like to do ?' })).toBeVisible();
  await shot(page, 'register-home');

  const jwt = await page.evaluate(() => window.sessionStorage.getItem('jwt'));
  await logOut(page);
  await expect(page.getByRole('heading', { name: /^Sign in to .+ hub$/ })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('jwt'))).toBeNull();
  // Log Out ended the session on the server too.
  const verify = await request.get('/api/jwts/verify', { headers: { authorization: `Bearer ${jwt}` } });
  expect(verify.status()).toBe(401);
  // Signed out for real: the dashboard sends the visitor back to sign in.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/sign-in\?params=%2Fhome$/);
});

test('register: the activated account signs in with its new password and cannot register again', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Email address').fill(EMAIL);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'User has already been registered.');
  await expect(page).toHaveURL(/\/sign-in\?email=/);
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Fresh-Start-2024');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectToast(page, 'Logged in successfully!');
  await expect(page).toHaveURL(/\/self-service$/);
});
