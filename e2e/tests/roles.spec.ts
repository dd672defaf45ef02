import { expect, test } from '@playwright/test';
import { expectToast, shot, sideNav, signIn, USERS } from '../support.ts';

/**
 * Spec §2 Main shell side links and Home tiles, per seeded role (§6):
 * - superadmin: every link except Profile; tiles with invite/templates/approvals regardless of flags.
 * - Acme supervisor (corporate, every flag): Approvals and Templates links; the corporate tiles.
 * - Acme user (corporate): Home/Statistics/Contacts/Profile; Edit my profile and View my statistics.
 * - Globex user (no flags, not white-labelled): the non-corporate tiles with marketplace and support.
 */
type Case = {
  who: string;
  email: string;
  greeting: string;
  /** Where sign-in lands: self-service for a role user, home otherwise (spec §2 Routes). */
  landing: '/home' | '/self-service';
  links: (string | RegExp)[];
  /** Tile title, then its subtitle when the spec gives one. */
  tiles: Array<[string, string?]>;
  /**
   * Settings modal items (spec §2): Manage Billing only for an individual payment
   * structure (Globex), Training Video only for users whose company has one (Acme).
   */
  settings: string[];
};

/**
 * The Approvals link shows the pending count when something waits (the seed's Leo; other specs may add
 * more): its text is the name, the badge's number, then the number again for screen readers.
 */
const APPROVALS = /^Approvals(?:(\d+)\1 pending approvals)?$/;

const CASES: Case[] = [
  {
    who: 'superadmin',
    email: USERS.superadmin,
    greeting: 'Hello Ada',
    landing: '/home',
    // The divisions console and the audit log are the superadmin's own (issue 26).
    links: ['Home', 'Divisions', APPROVALS, 'Statistics', 'Users', 'Contacts', 'Templates', 'Audit log'],
    tiles: [['Invite a New User', 'Active new users'], ['Manage Users', 'Add & edit content'], ['Manage Templates'], ['Manage Approvals', 'Approve Changes']],
    settings: ['Change Password', 'Passkeys', 'Log Out'],
  },
  {
    who: 'supervisor of Acme with every flag',
    email: USERS.supervisor,
    greeting: 'Hello Sam',
    landing: '/home',
    links: ['Home', APPROVALS, 'Statistics', 'Users', 'Contacts', 'Templates', 'Audit log', 'Integrations'],
    tiles: [['Invite a New User', 'Active new users'], ['Manage Users', 'Add & edit content'], ['Manage Templates'], ['Manage Approvals', 'Approve Changes']],
    settings: ['Change Password', 'Passkeys', 'Log Out'],
  },
  {
    who: 'user of Acme (corporate)',
    email: USERS.jane,
    greeting: 'Hello Jane',
    landing: '/self-service',
    links: ['Home', 'Statistics', 'Contacts', 'Profile'],
    tiles: [['Edit my profile', 'Update basic details'], ['View my statistics']],
    settings: ['Change Password', 'Passkeys', 'Training Video', 'Log Out'],
  },
  {
    who: 'user of Globex (no flags)',
    email: USERS.bob,
    greeting: 'Hello Bob',
    landing: '/self-service',
    links: ['Home', 'Statistics', 'Contacts', 'Profile'],
    tiles: [
      ['Edit my profile', 'Update basic details'],
      ['View my statistics'],
      ['Go to marketplace', 'Get add-ons for your profile'],
      ['Get support', 'Ask our support team for help'],
    ],
    settings: ['Manage Billing', 'Change Password', 'Passkeys', 'Log Out'],
  },
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A tile's whole text: its title, then its subtitle (if any), nothing else. */
const tileText = ([title, subtitle]: [string, string?]) => new RegExp(`^\\s*${escapeRegExp(title)}\\s*${subtitle ? `${escapeRegExp(subtitle)}\\s*` : ''}$`);

for (const c of CASES) {
  test(`${c.who}: signs in, sees exactly its side links and home tiles`, async ({ page }) => {
    await signIn(page, c.email);
    await expectToast(page, 'Logged in successfully!');
    await expect(page).toHaveURL(new RegExp(`${c.landing}$`));
    await expect(page.getByText(c.greeting, { exact: true })).toBeVisible();

    const nav = sideNav(page);
    await expect(nav.getByRole('link')).toHaveText(c.links);
    if (!c.links.includes('Profile')) await expect(nav.getByRole('link', { name: 'Profile' })).toHaveCount(0);

    if (c.landing !== '/home') await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'What would you like to do ?' })).toBeVisible();
    const tiles = page.getByRole('main').getByRole('link');
    await expect(tiles).toHaveText(c.tiles.map(tileText));
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await shot(page, `home-${c.email.split('@')[0]}`);

    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/home#settings$/);
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByRole('navigation', { name: 'Settings' }).locator('a, button')).toHaveText(c.settings);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/home$/);
  });
}

test('Globex user: marketplace and support tiles leave the hub, Edit my profile opens self-service', async ({ page }) => {
  await signIn(page, USERS.bob);
  await expect(page).toHaveURL(/\/self-service$/);
  await page.goto('/home');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /Go to marketplace/ })).toHaveAttribute('target', '_blank');
  await expect(main.getByRole('link', { name: /Get support/ })).toHaveAttribute('href', /^(https?:|mailto:)/);
  // Edit my profile goes to the user's own editor inside the hub.
  await main.getByRole('link', { name: /Edit my profile/ }).click();
  await expect(page).toHaveURL(/\/self-service$/);
  await expect(sideNav(page).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
});

test('Settings → Change Password opens the Password page with a way back home', async ({ page }) => {
  await signIn(page, USERS.superadmin);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { name: 'UPDATE YOUR PASSWORD' })).toBeVisible();
  // SHOW / HIDE toggles on every field (spec §2 Password page): the current password (an account
  // with a password gives it first), the new one and its confirmation.
  await expect(page.getByRole('button', { name: 'Show password' })).toHaveText(['SHOW', 'SHOW', 'SHOW']);
  const field = page.getByLabel('New Password');
  await field.fill('Visible-Secret-1');
  await expect(field).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).nth(1).click();
  await expect(field).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveText('HIDE');
  // Spaces cannot be typed.
  await field.press('End');
  await page.keyboard.type(' x');
  await expect(field).toHaveValue('Visible-Secret-1x');
  await page.getByRole('link', { name: 'Click Here' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'What would you like to do ?' })).toBeVisible();
});
