import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiLogin, SEED_PASSWORD } from './support.ts';

/** Helpers of the specs that drive the profile editor (editor, permissions, admin). */

export type Auth = { Authorization: string };

/** An Authorization header for `email`, signed in through the API. */
export async function auth(request: APIRequestContext, email: string, password = SEED_PASSWORD): Promise<Auth> {
  const jwt = await apiLogin(request, email, password);
  if (!jwt) throw new Error(`could not sign in ${email}`);
  return { Authorization: `Bearer ${jwt}` };
}

export async function ownProfileId(request: APIRequestContext, headers: Auth): Promise<number> {
  const me = await (await request.get('/api/companies/users/me', { headers })).json();
  return me.profile.id as number;
}

/** GET /api/profiles/{id}?populate=self-service: what the editor opens with. */
export async function editorView(request: APIRequestContext, headers: Auth, id: number) {
  const res = await request.get(`/api/profiles/${id}?populate=self-service`, { headers });
  expect(res.ok()).toBe(true);
  return res.json();
}

/** Opens the editor on a person's own card and closes the one-time Welcome modal. */
export async function openEditor(page: Page, path = '/self-service'): Promise<void> {
  if (new URL(page.url()).pathname !== path) await page.goto(path);
  const welcome = page.getByRole('dialog', { name: /^Welcome to/ });
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Continue' }).click();
  await expect(welcome).toBeHidden();
}

export const section = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

export async function openSection(page: Page, name: string): Promise<void> {
  const control = section(page, name);
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
}

export const saveStatus = (page: Page) => page.locator('[data-save-status]');
export const preview = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');

/** Waits for the autosave that follows a change to be answered. */
export async function savedAfter(page: Page, change: () => Promise<void>) {
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/api\/profiles\/\d+$/.test(r.url()));
  await change();
  const res = await saved;
  expect(res.status()).toBe(200);
  await expect(saveStatus(page)).toHaveAttribute('data-save-status', 'saved');
  return res;
}

/** A real PNG drawn by the browser (the crop needs an image it can decode). */
export async function pngFile(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 400;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#2563eb';
    ctx.fillRect(0, 0, 600, 400);
    ctx.fillStyle = '#fbbf24';
    ctx.beginPath();
    ctx.arc(300, 200, 120, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL('image/png');
  });
  return { name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
}

/** Chooses a photo, crops it as the editor forces, and waits for the save. */
export async function uploadProfilePhoto(page: Page): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^(Upload|Replace) profile picture$/ }).click();
  await (await chooser).setFiles(await pngFile(page));
  const crop = page.getByRole('dialog', { name: 'Crop profile picture' });
  await expect(crop).toBeVisible();
  await savedAfter(page, () => crop.getByRole('button', { name: 'Crop and upload' }).click());
  await expect(crop).toBeHidden();
}

/**
 * Adds a button from the Buttons section's "Add a button" menu. The control is brought to the
 * middle of the screen first: opened near the bottom, its menu fell under the sticky save bar,
 * which took the click (seen in CI on a busy machine); a menu that closed under the click is
 * opened again.
 */
export async function addButton(page: Page, kind: string): Promise<void> {
  const add = page.getByRole('button', { name: 'Add a button' });
  const item = page.getByRole('menuitem', { name: kind });
  await expect(async () => {
    if (!(await item.isVisible())) {
      await add.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await add.click();
    }
    await item.click({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}
