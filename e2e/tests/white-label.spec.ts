import { expect, test } from '@playwright/test';
import { ACME_HUB_URL, BASE_URL, shot } from '../support.ts';

/**
 * Spec §1 white-labelling and §2 Sign-in page header 'Sign in to {company} hub':
 * Acme's hub domain (hub.acme.localhost, seeded) shows Acme's branding; the
 * product host shows the product's.
 */

test('the Acme hub host shows "Sign in to Acme hub" with its branding', async ({ page }) => {
  await page.goto(`${ACME_HUB_URL}/sign-in`);
  await expect(page.getByRole('heading', { name: 'Sign in to Acme hub' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to Profilehub hub' })).toHaveCount(0);
  // Acme's custom support link is an email address: the need-help link is a mail link (spec §1).
  await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'mailto:support@acme.example');
  await shot(page, 'sign-in-acme');
});

test('the product host shows "Sign in to Profilehub hub"', async ({ page }) => {
  await page.goto(`${BASE_URL}/sign-in`);
  await expect(page.getByRole('heading', { name: 'Sign in to Profilehub hub' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to Acme hub' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Contact support' })).not.toHaveAttribute('href', /acme/);
  await shot(page, 'sign-in-profilehub');
});

test('the Acme hub host brands the register page too', async ({ page }) => {
  await page.goto(`${ACME_HUB_URL}/register`);
  await expect(page.getByRole('heading', { name: 'Activate Acme hub' })).toBeVisible();
});
