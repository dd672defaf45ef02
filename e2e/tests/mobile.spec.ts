import { expect, type Locator, type Page, test } from '@playwright/test';
import { auth, editorView, ownProfileId } from '../editor-support.ts';
import { shot, signInAndWait, USERS } from '../support.ts';

/** Spec §2 Main shell: on a phone the side navigation folds away behind a menu control. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page is wider than the screen').toBeLessThanOrEqual(clientWidth);
}

/**
 * How many of the matched elements a person can see: rendered and at least partly
 * inside the viewport. (A side bar moved off screen with a transform, as Mantine's
 * collapsed AppShell navbar is, still counts as "visible" to Playwright.)
 */
async function onScreen(locator: Locator): Promise<number> {
  const viewport = locator.page().viewportSize()!;
  let count = 0;
  for (const element of await locator.all()) {
    const box = await element.boundingBox();
    if (box && box.width > 0 && box.height > 0 && box.x + box.width > 0 && box.x < viewport.width && box.y + box.height > 0 && box.y < viewport.height) count++;
  }
  return count;
}

// Approvals carries its pending count in its name ('Approvals 1 pending approvals') when something waits.
const link = (page: Page, name: string) => page.getByRole('link', { name: name === 'Approvals' ? /^Approvals\b/ : name, exact: true });

test('the sign-in page fits a 390 px screen without horizontal scrolling', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in to Profilehub hub' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeInViewport({ ratio: 1 });
  await shot(page, 'mobile-sign-in');
});

test('supervisor: the side navigation is collapsed behind the menu button and opens on tap', async ({ page }) => {
  await signInAndWait(page, USERS.supervisor);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'What would you like to do ?' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  // Collapsed: none of the side links is on screen.
  for (const name of ['Approvals', 'Statistics', 'Users', 'Templates']) expect(await onScreen(link(page, name)), name).toBe(0);
  await shot(page, 'mobile-home-collapsed');

  const menu = page.getByRole('button', { name: 'Open navigation' });
  await expect(menu).toBeInViewport();
  await menu.click();
  await expect(page.getByRole('button', { name: 'Close navigation' })).toBeVisible();
  await expect.poll(() => onScreen(link(page, 'Users'))).toBe(1);
  for (const name of ['Home', 'Approvals', 'Statistics', 'Templates']) expect(await onScreen(link(page, name)), name).toBe(1);
  await shot(page, 'mobile-home-open');

  await link(page, 'Users').filter({ visible: true }).last().click();
  await expect(page).toHaveURL(/\/users$/);
  // Choosing a page folds the navigation again.
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  await expect.poll(() => onScreen(link(page, 'Templates'))).toBe(0);
  await expectNoHorizontalScroll(page);
});

test('role user: the navigation is folded into the menu accordion', async ({ page }) => {
  await signInAndWait(page, USERS.bob);
  await expect(page).toHaveURL(/\/self-service$/);
  // The editor greets a first visit with its Welcome modal (spec §2); Continue closes it.
  const welcome = page.getByRole('dialog', { name: /Welcome/ });
  await welcome.getByRole('button', { name: 'Continue' }).click();
  await expect(welcome).toBeHidden();
  expect(await onScreen(link(page, 'Statistics'))).toBe(0);
  const menu = page.getByRole('button', { name: /Navigation, current page Profile/ });
  await expect(menu).toBeInViewport();
  await menu.click();
  await expect.poll(() => onScreen(link(page, 'Statistics'))).toBe(1);
  await expectNoHorizontalScroll(page);
  await shot(page, 'mobile-user-menu-open');
});

test('supervisor: the whole top bar fits the screen (greeting and settings cog)', async ({ page }) => {
  await signInAndWait(page, USERS.supervisor);
  await expect(page.getByText('Hello Sam', { exact: true })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('link', { name: 'Settings' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeInViewport({ ratio: 1 });
});

test('superadmin: keyboard focus never lands on the folded-away side links', async ({ page }) => {
  await signInAndWait(page, USERS.superadmin);
  await expect(page.getByRole('heading', { name: 'What would you like to do ?' })).toBeVisible();
  const viewport = page.viewportSize()!;
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    const box = await page.evaluate(() => {
      const r = document.activeElement?.getBoundingClientRect();
      return r ? { x: r.x, width: r.width } : null;
    });
    expect(box && box.x + box.width > 0 && box.x < viewport.width, `focus stop ${i + 1} is on screen`).toBe(true);
  }
});

test('user: a custom date range can be chosen on a phone; the views chart opens on the newest days', async ({ page }) => {
  await signInAndWait(page, USERS.jane);
  await page.goto('/statistics');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile stats overview' })).toBeVisible();
  // The chart scrolls sideways when it is wider than the screen: it opens scrolled to its newest end.
  const chart = page.getByLabel('Profile views chart');
  await expect(chart).toBeVisible();
  await expect
    .poll(() =>
      chart.evaluate((el) => {
        const viewport = el.closest('.mantine-ScrollArea-viewport');
        return viewport ? viewport.scrollLeft + viewport.clientWidth >= viewport.scrollWidth - 2 : true;
      }),
    )
    .toBe(true);

  await page.getByRole('button', { name: 'Select Date Range' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Date Range' });
  await expect(dialog).toBeVisible();
  // Scrolling inside the dialog keeps it open, and brings the "To" calendar and Select within reach.
  const select = dialog.getByRole('button', { name: 'Select', exact: true });
  await select.scrollIntoViewIfNeeded();
  await expect(dialog).toBeVisible();
  // A day of the month shown (not one of the neighbouring months' greyed days).
  const day = (calendar: string, n: number) =>
    dialog.locator(`[aria-labelledby="${calendar}"] button:not([data-outside]):not([data-disabled])`, { hasText: new RegExp(`^${n}$`) }).first();
  await day('stats-from', 1).click();
  await day('stats-to', 2).click();
  await expect(select).toBeEnabled();
  await shot(page, 'mobile-date-picker');
  await select.click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/start=\d{4}-\d{2}-01/);
  await expectNoHorizontalScroll(page);
});

test('supervisor: template permissions read on a phone, and scroll-to-top never covers Save template', async ({ page, request }) => {
  const headers = await auth(request, USERS.supervisor);
  const jane = await editorView(request, headers, await ownProfileId(request, await auth(request, USERS.jane)));
  const templateId = jane.master?.id as number;
  await signInAndWait(page, USERS.supervisor);
  await page.goto(`/manage-templates/${templateId}?mode=permissions`);
  const legend = page.getByRole('dialog', { name: 'Edit Template Permissions' });
  await legend.getByRole('button', { name: 'I Understand' }).click();
  await expect(legend).toBeHidden();

  // Each button's name keeps its room; its toggles open from one control.
  await page.getByRole('button', { name: 'Buttons', exact: true }).click();
  const rows = page.getByRole('list', { name: 'Buttons' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  const names = await rows.evaluateAll((items) =>
    items.map((li) => (li.querySelector('p, [class*="Text"]') as HTMLElement | null)?.getBoundingClientRect().width ?? 0),
  );
  for (const width of names) expect(width, 'an item name has room for more than a letter').toBeGreaterThan(60);
  const first = page.getByRole('button', { name: /^Permissions of / }).first();
  await first.click();
  await expect(page.getByRole('button', { name: /^Show permission of / }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await shot(page, 'mobile-template-permissions');

  // Scrolled far down, the scroll-to-top control sits above the sticky Save template button.
  await page.mouse.wheel(0, 4000);
  const up = page.getByRole('button', { name: 'Scroll to top' });
  await expect(up).toBeVisible();
  const save = page.getByRole('button', { name: 'Save template' });
  // Measured once the control has finished sliding in.
  const overlaps = async () => {
    const [a, b] = [await up.boundingBox(), await save.boundingBox()];
    if (!a || !b) return 'not laid out';
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height ? 'covers Save template' : 'clear';
  };
  await expect.poll(overlaps).toBe('clear');
  await page.mouse.wheel(0, -1500);
  await expect.poll(overlaps).toBe('clear');
});
