import { expect, test } from '@playwright/test';
import { auth, ownProfileId } from '../editor-support.ts';
import { ACME_HUB_URL, expectToast, shot, signIn, signInAndWait, USERS } from '../support.ts';

/**
 * Issue 13 §9, the smaller complaints, each as the customer met it: a Globex person on
 * Acme's white-labelled hub, a second tab of the same browser, and a supervisor reaching
 * for the superadmin's profile.
 */

test('a Globex person cannot sign in on Acme’s hub: told as a wrong password would be, and still signed out', async ({ page }) => {
  await page.goto(`${ACME_HUB_URL}/sign-in`);
  await signIn(page, USERS.bob);
  await expectToast(page, 'Incorrect email or password');
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto(`${ACME_HUB_URL}/home`);
  await expect(page).toHaveURL(/\/sign-in/);
});

test('a session survives a new tab of the same browser', async ({ page }) => {
  await signInAndWait(page, USERS.jane);
  const tab = await page.context().newPage();
  await tab.goto('/statistics');
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(tab).toHaveURL(/\/statistics/);
  await tab.close();
});

test('a supervisor cannot open the superadmin’s profile in the editor', async ({ page, request }) => {
  const adminProfile = await ownProfileId(request, await auth(request, USERS.superadmin));
  await signInAndWait(page, USERS.supervisor);
  await page.goto(`/self-service/${adminProfile}`);
  await expect(page.getByRole('alert').filter({ hasText: 'The profile could not be loaded' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveCount(0);
  await shot(page, 'supervisor-superadmin-profile');
});
