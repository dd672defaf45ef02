import { expect, test } from '@playwright/test';
import { expectToast, resize, shot, signInAndWait, USERS } from '../support.ts';

/**
 * Scan a card (issue #29): on a phone, Jane takes a photo of a business card in her contacts;
 * the server reads it, she corrects what was read and saves the contact with its photo.
 */
const CARD = `<!doctype html><html><body style="margin:0;background:#b8b1a6">
  <div id="card" style="width:1050px;height:600px;margin:40px;background:#fff;font-family:'DejaVu Sans';color:#1a202c;box-sizing:border-box;padding:50px 56px">
    <div style="font-size:48px;font-weight:bold">Olivia Bennett</div>
    <div style="font-size:28px;margin-top:8px">Talent Acquisition Manager</div>
    <div style="font-size:32px;margin-top:18px">Greenleaf Partners</div>
    <div style="font-size:24px;line-height:1.5;margin-top:48px">Tel +44 113 496 0452<br>olivia.bennett@greenleafpartners.com<br>greenleafpartners.com</div>
  </div></body></html>`;

test('Jane scans a business card into a contact on her phone, and finds it with its photo', async ({ page, browser }) => {
  const painter = await browser.newPage();
  await painter.setContent(CARD);
  const photo = await painter.locator('#card').screenshot({ type: 'png' });
  await painter.close();

  await page.setViewportSize({ width: 375, height: 812 });
  await signInAndWait(page, USERS.jane);
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Scan a card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan a card' });
  const input = dialog.locator('input[type=file]');
  await expect(input).toHaveAttribute('accept', 'image/*');
  await expect(input).toHaveAttribute('capture', 'environment');
  await shot(page, 'card-scan-choose-375');
  await input.setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: photo });

  await expect(dialog.getByLabel('Name')).toHaveValue('Olivia Bennett', { timeout: 20_000 });
  await expect(dialog.getByLabel('Job title')).toHaveValue('Talent Acquisition Manager');
  await expect(dialog.getByLabel('Company')).toHaveValue('Greenleaf Partners');
  await expect(dialog.getByLabel('Phone')).toHaveValue('+441134960452');
  await expect(dialog.getByLabel('Email')).toHaveValue('olivia.bennett@greenleafpartners.com');
  await expect(dialog.getByLabel('Website')).toHaveValue('https://greenleafpartners.com');
  await expect(dialog.getByText('Read from: “Tel +44 113 496 0452”')).toBeVisible();
  await shot(page, 'card-scan-confirm-375');

  await dialog.getByLabel('Notes').fill('Met at the careers fair');
  await dialog.getByRole('button', { name: 'Save contact' }).click();
  await expectToast(page, 'Contact saved.');
  const drawer = page.getByRole('dialog', { name: 'Olivia Bennett' });
  await expect(drawer.getByText('Scanned card')).toBeVisible();
  await expect(drawer.getByRole('img', { name: 'The scanned card' })).toBeVisible();
  await shot(page, 'card-scan-saved-375');

  await resize(page, { width: 1440, height: 900 });
  await expect(drawer.getByRole('img', { name: 'The scanned card' })).toBeVisible();
  await shot(page, 'card-scan-saved-1440');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('contact-row').filter({ hasText: 'Olivia Bennett' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Scan a card' }).click();
  await shot(page, 'card-scan-choose-1440');
});
