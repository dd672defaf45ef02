import { expect, type Page, test } from '@playwright/test';
import { apiLogin, expectToast, resize, SEED_PASSWORD, shot, sideNav, signInAndWait, USERS } from '../support.ts';

/**
 * Contacts (issue #29): visitors who leave their details on Jane's page are her contacts; she
 * finds one, keeps a note, and erases a visitor who asked to be forgotten. At 1440 and 375 px.
 */
test.describe.configure({ mode: 'serial' });

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page is wider than the screen').toBeLessThanOrEqual(clientWidth);
}

test('Jane finds a visitor in her contacts, keeps a note, and erases another on request', async ({ page, request }) => {
  const token = await apiLogin(request, USERS.jane, SEED_PASSWORD);
  const overview = (await (await request.get('/api/reports/overview', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    profile: { id: number };
  };
  const stamp = Date.now().toString(36);
  const keep = `Vic Visitor ${stamp}`;
  const gone = `Fay Forget ${stamp}`;
  for (const [name, email] of [
    [keep, `vic-${stamp}@example.test`],
    [gone, `fay-${stamp}@example.test`],
  ]) {
    const sent = await request.post(`/api/lead-forms/submit/${overview.profile.id}`, {
      data: { fields: { name, email, mobile: '+27 82 555 0101', message: 'Please call me about the offer' } },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, USERS.jane);
  await page.goto('/home');
  await sideNav(page).getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  await expect(page.getByTestId('contact-row').filter({ hasText: keep })).toHaveCount(1);
  await shot(page, 'contacts-1440');

  await page.getByRole('searchbox', { name: 'Search' }).fill(`vic-${stamp}`);
  await expect(page.getByTestId('contact-row')).toHaveCount(1);
  await page.getByRole('button', { name: keep }).click();
  const drawer = page.getByRole('dialog', { name: keep });
  await expect(drawer).toContainText('Please call me about the offer');
  await drawer.getByLabel('Notes').fill('Called back on Monday');
  await drawer.getByRole('button', { name: 'Save notes' }).click();
  await expectToast(page, 'Notes saved.');
  await shot(page, 'contacts-drawer-1440');
  await page.keyboard.press('Escape');

  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByRole('button', { name: "Erase a visitor's data" }).click();
  const dialog = page.getByRole('dialog', { name: "Erase a visitor's data" });
  await dialog.getByLabel("Visitor's email").fill(`fay-${stamp}@example.test`);
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expectToast(page, '1 contact erased.');
  await expect(page.getByTestId('contact-row').filter({ hasText: gone })).toHaveCount(0);
  await expect(page.getByTestId('contact-row').filter({ hasText: keep })).toHaveCount(1);

  await resize(page, { width: 375, height: 812 });
  await expect(page.getByTestId('contact-row').filter({ hasText: keep })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'contacts-375');
});

test("the supervisor sees the division's contacts, with whose profile each came through", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, USERS.supervisor);
  await sideNav(page).getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  const row = page.getByTestId('contact-row').filter({ hasText: 'Vic Visitor' }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Jane Doe' }).click();
  await expect(page.getByText('Profile: Jane Doe')).toBeVisible();
  // Only her profile's contacts remain (the seed's Leo has some too).
  await expect(page.getByTestId('contact-row').filter({ hasText: 'Leo Lane' })).toHaveCount(0);
  await expect(page.getByTestId('contact-row').first()).toContainText('Jane Doe');
  await shot(page, 'contacts-supervisor-1440');
});
