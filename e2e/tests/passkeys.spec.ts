import { type APIRequestContext, type CDPSession, expect, type Page, test } from '@playwright/test';
import { apiLogin, codeBoxes, expectToast, lastMailId, readCode, resize, SEED_PASSWORD, shot, signIn, signInAndWait, USERS } from '../support.ts';

/**
 * Passkeys (issue #28) in Chromium with a virtual authenticator (DevTools protocol
 * WebAuthn domain): a platform authenticator with resident keys and user verification,
 * so the browser's prompts answer by themselves. The spec makes its own account, so no
 * other spec meets its passkeys or its second step.
 */
const stamp = Date.now().toString(36);
const EMAIL = `passkey-${stamp}@acme.example`;
const PASSWORD = 'Passkey-Person-123';

/** A new Acme account, registered and with a password, through the API. */
async function createAccount(request: APIRequestContext): Promise<void> {
  const jwt = await apiLogin(request, USERS.supervisor, SEED_PASSWORD);
  const auth = { authorization: `Bearer ${jwt}` };
  const me = await (await request.get('/api/companies/users/me', { headers: auth })).json();
  const created = await request.post('/api/users?notify_user=false', { headers: auth, data: { email: EMAIL, name: 'Pia Passkey', company: me.company.id } });
  expect(created.status(), await created.text()).toBe(200);
  const after = await lastMailId(request, EMAIL);
  expect((await request.post('/api/profiles/generate-otp', { data: { email: EMAIL } })).ok()).toBe(true);
  const otp = await readCode(request, EMAIL, after);
  const linked = await request.post('/api/profiles/link', { data: { email: EMAIL, otp, password: PASSWORD } });
  expect(linked.status(), await linked.text()).toBe(200);
}

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  // The editor's first-visit welcome would stand over the settings cog; it is not what this spec is about.
  await page.addInitScript(() => localStorage.setItem('profile-editor:welcome-seen', '1'));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function openPasskeys(page: Page) {
  await page.getByRole('link', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('link', { name: 'Passkeys' }).click();
  const panel = page.getByRole('dialog', { name: 'Passkeys' });
  await expect(panel).toBeVisible();
  return panel;
}

async function closeSettings(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Settings → Log Out. The sign-in page may keep where the person was (`?params=`): either way it is the sign-in page. */
async function logOut(page: Page) {
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole('heading', { name: /^Sign in to .+ hub$/ })).toBeVisible();
}

async function signedInHome(page: Page) {
  await expectToast(page, 'Logged in successfully!');
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/**
 * Chromium answers a conditional (autofill) request of a page with a virtual authenticator by
 * itself, with the first passkey it holds. To drive the other ways in, the next sign-in page's
 * autofill request is held: its options call never answers, so only the button or the second
 * step asks the authenticator. Returns the release.
 */
async function holdAutofill(page: Page): Promise<() => Promise<void>> {
  let held = false;
  const url = '**/api/auth/passkey/options';
  await page.route(url, async (route) => {
    if (held) return route.continue();
    held = true; // the first call is the autofill's, made as the email step opens: it stays unanswered
  });
  return () => page.unroute(url);
}

test.describe.configure({ mode: 'serial' });

test('register a passkey in settings; it signs in from the autofill and the button; a copy is refused; removed, it signs in no more', async ({
  page,
  request,
}) => {
  await createAccount(request);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await signInAndWait(page, EMAIL, PASSWORD);
  let panel = await openPasskeys(page);
  await expect(panel.getByText('You have no passkeys yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  await expectToast(page, 'Passkey added. You can now sign in with it.');
  const item = panel.getByRole('listitem', { name: 'Passkey 1' });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Not used yet');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  expect(credentials[0]!.rpId).toBe('localhost');
  await resize(page, { width: 1440, height: 900 });
  await shot(page, 'passkeys-settings-1440');
  await resize(page, { width: 375, height: 812 });
  await shot(page, 'passkeys-settings-375');
  await resize(page, { width: 1280, height: 800 });
  await closeSettings(page);

  // Conditional UI: the sign-in page's email field asks for a passkey as it opens; picking it signs in.
  await logOut(page);
  await signedInHome(page);

  // The button: "Sign in with a passkey".
  let release = await holdAutofill(page);
  await logOut(page);
  await expect(page.getByLabel('Email address')).toHaveAttribute('autocomplete', 'username webauthn');
  await resize(page, { width: 1440, height: 900 });
  await shot(page, 'passkeys-sign-in-1440');
  await resize(page, { width: 375, height: 812 });
  await shot(page, 'passkeys-sign-in-375');
  await resize(page, { width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await signedInHome(page);
  await release();

  // A copy of the passkey made before its last use (a cloned authenticator) replays an older counter: refused.
  const [signed] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  expect(signed!.signCount).toBeGreaterThan(0);
  release = await holdAutofill(page);
  await logOut(page);
  await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: { ...signed!, signCount: signed!.signCount - 1 } });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectToast(page, 'This passkey was refused: its authenticator looks copied. Sign in another way and remove it.');
  await expect(page).toHaveURL(/\/sign-in/);
  await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
  await signInAndWait(page, EMAIL, PASSWORD);
  await release();

  panel = await openPasskeys(page);
  const used = panel.getByRole('listitem', { name: 'Passkey 1' });
  await expect(used).toContainText('Last used');
  await used.getByRole('button', { name: 'Remove', exact: true }).click();
  const confirm = panel.getByRole('group', { name: 'Remove Passkey 1?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await expectToast(page, 'Passkey removed.');
  await expect(panel.getByText('You have no passkeys yet.')).toBeVisible();
  await closeSettings(page);

  // The authenticator still holds the passkey; the hub no longer knows it.
  release = await holdAutofill(page);
  await logOut(page);
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: signed! });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectToast(page, 'This passkey is not known to this hub. It may have been removed; sign in another way.');
  await expect(page).toHaveURL(/\/sign-in/);
  await release();
});

test('a second step after the password: a passkey finishes it, or an emailed code', async ({ page, request }) => {
  await virtualAuthenticator(page);
  await signInAndWait(page, EMAIL, PASSWORD);
  const panel = await openPasskeys(page);
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  await expectToast(page, 'Passkey added. You can now sign in with it.');
  // A name of one's own for it.
  await panel.getByRole('listitem', { name: 'Passkey 1' }).getByRole('button', { name: 'Rename' }).click();
  await panel.getByLabel('Passkey name').fill('Work laptop');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Passkey renamed.');
  await expect(panel.getByRole('listitem', { name: 'Work laptop' })).toBeVisible();
  await panel.getByRole('switch', { name: 'Require a second step after my password' }).check();
  await expectToast(page, 'Signing in now needs a passkey or an emailed code after your password.');
  await closeSettings(page);

  // The password is right, but signs in only with a second step: here the passkey.
  const release = await holdAutofill(page);
  await logOut(page);
  await signIn(page, EMAIL, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await resize(page, { width: 1440, height: 900 });
  await shot(page, 'passkeys-second-step-1440');
  await resize(page, { width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await signedInHome(page);
  await release();

  // Or a code to the account's email.
  await holdAutofill(page);
  await logOut(page);
  await signIn(page, EMAIL, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  const after = await lastMailId(request, EMAIL);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const code = await readCode(request, EMAIL, after);
  await expect(codeBoxes(page)).toHaveCount(4);
  await resize(page, { width: 375, height: 812 });
  await shot(page, 'passkeys-second-step-code-375');
  await codeBoxes(page).first().focus();
  await page.keyboard.type(code);
  await signedInHome(page);

  // The API says the same: no session from the password alone.
  const res = await request.post('/api/auth/local', { data: { identifier: EMAIL, password: PASSWORD } });
  const body = await res.json();
  expect(body.jwt).toBeUndefined();
  expect(body.secondFactor).toMatchObject({ passkey: true });
});
