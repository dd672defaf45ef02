import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { readQrImage } from '../../apps/server/src/test/qr-reading.ts';
import { openEditor, openSection, saveStatus } from '../editor-support.ts';
import { SHOTS_DIR } from '../env.ts';
import { resize, signInAndWait, USERS } from '../support.ts';

/**
 * The editor's QR code (spec §2, §9): the PNG it downloads is read back with a real decoder
 * (jsQR) — it names the page and keeps ISO/IEC 18004's quiet zone of 4 modules — and a code
 * styled too light to scan says so before anyone downloads it.
 */

const panel = (page: Page) => page.getByRole('region', { name: 'QR Code' });

async function setColour(input: Locator, colour: string): Promise<void> {
  await input.fill(colour);
  await input.press('Enter');
  await input.press('Escape');
  await expect(input).toHaveValue(colour);
}

/** The QR panel alone, for people to look at (.tmp/e2e-shots, not committed). */
async function panelShot(panel: Locator, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), animations: 'disabled' });
}

test('the downloaded QR code decodes to the page address and has a quiet zone of at least 4 modules', async ({ page }) => {
  await signInAndWait(page, USERS.jane);
  await openEditor(page);
  await openSection(page, 'QR Code');
  const qr = panel(page);
  await expect(qr.locator('canvas')).toBeVisible();
  const address = (await qr.getByText(/^https?:\/\//).textContent()) ?? '';
  // The address the code opens: the page, tagged so its visits count as the QR code's (decision 032).
  expect(address).toMatch(/\/jane-doe\?src=qr$/);

  const downloading = page.waitForEvent('download');
  await qr.getByRole('button', { name: 'Download QR code' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('QRCode.png');
  const read = await readQrImage(readFileSync(await download.path()));
  expect(read?.text).toBe(address);
  expect(read?.quietZoneModules).toBeGreaterThanOrEqual(4);
  await expect(qr.getByTestId('qr-warning')).toHaveCount(0);

  for (const width of [1440, 390]) {
    await resize(page, { width, height: 900 });
    await panelShot(qr, `qr-panel-${width}`);
  }
});

test('a code styled too light to scan shows a warning, which goes once the colours are dark again', async ({ page }) => {
  await signInAndWait(page, USERS.jane);
  await openEditor(page);
  await openSection(page, 'QR Code');
  const qr = panel(page);
  await expect(qr.locator('canvas')).toBeVisible();
  const body = qr.getByLabel('Body colour');
  const frame = qr.getByLabel('Eye frame colour');
  const ball = qr.getByLabel('Eye ball colour');

  const seeded = await Promise.all([body, frame, ball].map((input) => input.inputValue()));

  for (const input of [body, frame, ball]) await setColour(input, '#ffe680');
  await expect(qr.getByTestId('qr-warning')).toBeVisible();
  await expect(qr.getByTestId('qr-warning')).toHaveText(/too light to scan|does not scan/);
  for (const width of [1440, 390]) {
    await resize(page, { width, height: 900 });
    await panelShot(qr, `qr-panel-light-${width}`);
  }

  // Jane's draft goes back to the seed's colours, so the other specs find it as they expect.
  for (const [i, input] of [body, frame, ball].entries()) await setColour(input, seeded[i]!);
  await expect(qr.getByTestId('qr-warning')).toHaveCount(0);
  await expect(qr.getByRole('button', { name: 'Download QR code' })).toBeEnabled();
  await expect(saveStatus(page)).toHaveAttribute('data-save-status', 'saved', { timeout: 10_000 });
});
