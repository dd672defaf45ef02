import { expect, test } from '@playwright/test';
import { PORT } from '../env.ts';
import { apiLogin, expectToast, resize, SEED_PASSWORD, shot, signInAndWait, USERS } from '../support.ts';

/** Issue #28 offboarding: the seeded Jane leaves Acme with Leo as her successor, and comes back. */
const JANE = `http://acme.localhost:${PORT}/jane-doe`;

// Other specs sign in as the seeded Jane: whatever happens here, she leaves this file active.
test.afterEach(async ({ request }) => {
  const supervisor = await apiLogin(request, USERS.supervisor, SEED_PASSWORD);
  const headers = { authorization: `Bearer ${supervisor}` };
  const found = await request.get('/api/users?filter=Jane%20Doe&page=0', { headers });
  const jane = ((await found.json()) as { data: { userId: number | null; companyId: number; email: string }[] }).data.find((r) => r.email === USERS.jane);
  if (jane?.userId) await request.post(`/api/users/${jane.userId}/reactivate`, { headers, data: { companyId: jane.companyId } });
  expect(await apiLogin(request, USERS.jane, SEED_PASSWORD), 'Jane signs in after this file').toBeTruthy();
});

test('a supervisor deactivates Jane with Leo as successor: her page redirects, her token is refused; reactivating restores her', async ({ page, request }) => {
  const janeJwt = await apiLogin(request, USERS.jane, SEED_PASSWORD);
  expect(janeJwt, 'Jane signs in').toBeTruthy();
  const janeMe = () => request.get('/api/companies/users/me', { headers: { authorization: `Bearer ${janeJwt}` } });
  expect((await janeMe()).status()).toBe(200);

  await signInAndWait(page, USERS.supervisor);
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: /^Users \(\d+ User\(s\)\)$/ })).toBeVisible();
  await page.getByRole('tab', { name: /^All/ }).click();
  await page.getByRole('button', { name: 'More actions for Jane Doe' }).first().click();
  await page.getByRole('menuitem', { name: 'Deactivate…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Jane Doe' });
  await expect(dialog.getByRole('radio', { name: 'Redirect to a successor' })).toBeChecked();
  await dialog.getByRole('combobox', { name: 'Successor' }).fill('Leo');
  await page.getByRole('option', { name: /^Leo Lane/ }).click();
  await resize(page, { width: 1440, height: 900 });
  await shot(page, 'offboarding-dialog-1440');
  await resize(page, { width: 390, height: 844 });
  await shot(page, 'offboarding-dialog-390');
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expectToast(page, 'The person has been deactivated.');
  // Her views went to Leo, so her row sorts last: find it by name.
  await page.getByPlaceholder('Search by name').fill('Jane Doe');
  await expect(page.getByText('Deactivated', { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await shot(page, 'offboarding-list-390');

  // Her page leads to Leo's; her token is refused at once.
  const visitor = await page.context().newPage();
  await visitor.goto(JANE);
  await expect(visitor).toHaveURL(`http://acme.localhost:${PORT}/leo-lane`);
  await expect(visitor.getByText('Leo Lane').first()).toBeVisible();
  expect((await janeMe()).status()).toBe(401);
  const again = await request.post('/api/auth/local', { data: { identifier: USERS.jane, password: SEED_PASSWORD } });
  expect(((await again.json()) as { message: string }).message).toBe('This account has been deactivated. Contact your supervisor.');

  await resize(page, { width: 1440, height: 900 });
  await page.getByRole('button', { name: 'More actions for Jane Doe' }).first().click();
  await page.getByRole('menuitem', { name: 'Reactivate' }).click();
  await page.getByRole('dialog', { name: 'Reactivate' }).getByRole('button', { name: 'Reactivate' }).click();
  await expectToast(page, 'The person has been reactivated.');
  expect((await visitor.goto(JANE))?.status()).toBe(200);
  await expect(visitor).toHaveURL(JANE);
  expect(await apiLogin(request, USERS.jane, SEED_PASSWORD)).toBeTruthy();
});
