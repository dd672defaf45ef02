import { expect, test } from '@playwright/test';
import { ACME_HUB_URL, BASE_URL, expectToast, lastMailId, logOut, shot, signInAndWait, USERS, waitForMail } from '../support.ts';

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

test('mail from the Acme hub speaks as Acme: the reset mail names Acme and links to its own hub (issue 13 §3)', async ({ page, request }) => {
  const after = await lastMailId(request, USERS.supervisor);
  await page.goto(`${ACME_HUB_URL}/sign-in?forgot-password`);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email address').fill(USERS.supervisor);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expectToast(page, 'Password reset email sent!');
  const mail = await waitForMail(request, USERS.supervisor, after);
  expect(mail.subject).toBe('Reset your Acme password');
  expect(mail.text).toMatch(/http:\/\/hub\.acme\.localhost(:\d+)?\/reset-password\?code=[\w-]{20,}/);
  expect(mail.text).not.toContain('Profilehub');
});

test('settings FAQ and Legal show a white-labelled division’s own texts, the product’s to everyone else (issue 13 §9)', async ({ page }) => {
  // Jane is of Acme, whose white label carries its own FAQ and legal text: the hub speaks as Acme to her.
  await signInAndWait(page, USERS.jane);
  await page.goto('/home#faq');
  const faq = page.getByRole('dialog', { name: 'FAQ' });
  await expect(faq.getByRole('heading', { name: 'Who approves changes to my Acme card?' })).toBeVisible();
  await expect(faq.getByRole('heading', { name: 'How do I edit my profile?' })).toHaveCount(0);
  await shot(page, 'settings-faq-acme');
  await page.goto('/home#legal');
  await expect(page.getByRole('dialog', { name: 'Legal' }).getByText('Acme Corporation, 1 Demo Street, Cape Town.')).toBeVisible();
  await page.goto('/home');
  await logOut(page);

  // Bob is of Globex, which has no white label: the product's own texts.
  await signInAndWait(page, USERS.bob);
  await page.goto('/home#faq');
  await expect(page.getByRole('dialog', { name: 'FAQ' }).getByRole('heading', { name: 'How do I edit my profile?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Who approves changes to my Acme card?' })).toHaveCount(0);
  await page.goto('/home#legal');
  await expect(page.getByRole('dialog', { name: 'Legal' }).getByText('Acme Corporation, 1 Demo Street, Cape Town.')).toHaveCount(0);
});
