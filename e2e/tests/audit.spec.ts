import { expect, type Page, test } from '@playwright/test';
import { apiLogin, expectToast, resize, SEED_PASSWORD, shot, sideNav, signInAndWait, USERS } from '../support.ts';

/**
 * The audit log (issue 26): a superadmin changes a division's settings in the console, then
 * finds the change in the audit log, before → after; a supervisor has no audit log.
 */
test.describe.configure({ mode: 'serial' });

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page is wider than the screen').toBeLessThanOrEqual(clientWidth);
}

test('audit: a division setting changed in the console is in the audit log, before → after', async ({ page }) => {
  // A division of this spec's own, so other specs' divisions keep their settings.
  const jwt = await apiLogin(page.request, USERS.superadmin, SEED_PASSWORD);
  const stamp = Date.now().toString(36);
  const made = await page.request.post('/api/companies', {
    headers: { authorization: `Bearer ${jwt}` },
    data: { title: `Audit Co ${stamp}`, subdomain: `audit-co-${stamp}` },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const division = (await made.json()) as { id: number; title: string };

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, USERS.superadmin);
  await page.goto(`/divisions/${division.id}`);
  await expect(page.getByRole('heading', { name: division.title, level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Description' }).fill('Audited description');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, `${division.title} was saved`);

  await sideNav(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'company.updated' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Audited description');
  const entry = page.getByTestId('audit-entry').filter({ hasText: division.title });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('company.updated');
  await expect(entry).toContainText('description: — → Audited description');
  await expect(entry).toContainText('Ada');
  await shot(page, 'audit-log-1440');

  await resize(page, { width: 390, height: 844 });
  await expect(entry).toContainText('description: — → Audited description');
  await expectNoHorizontalScroll(page);
  await shot(page, 'audit-log-390');
});

test('audit: a supervisor reads their own division’s log (their sign-in is there), not another division’s', async ({ page }) => {
  await signInAndWait(page, USERS.supervisor);
  await sideNav(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  const entries = page.getByTestId('audit-entry').filter({ visible: true });
  await expect(entries.filter({ hasText: 'account.signed_in' }).filter({ hasText: USERS.supervisor }).first()).toBeVisible();
  await expect(entries.filter({ hasText: 'Globex' })).toHaveCount(0);
});
