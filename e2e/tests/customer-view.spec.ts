import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { auth } from '../editor-support.ts';
import { PORT, SHOTS_DIR } from '../env.ts';
import { shot, signInAndWait, USERS } from '../support.ts';

/**
 * The preview is the page (issue #25 row 1): the editor's phone preview of Jane (Acme,
 * white-labelled, a child of Acme's template) and Bob (Globex, standalone) against their
 * published pages, in Chromium at 390 px. Both go through `pageRenderInput`; before it the
 * preview drew the product's navy instead of Acme's orange and had no "Save my details".
 *
 * Jane's draft is her seeded, published page here: this file runs before editor.spec
 * (which edits her draft) — the job titles are compared first to say so if not.
 */

const WIDTH = 390;
/** At most this share of the pixels of a screen may differ (anti-aliasing, image decoding). */
const MAX_DIFF_SHARE = 0.005;

async function imagesLoaded(target: Page | import('@playwright/test').Frame): Promise<void> {
  await target.evaluate(async () => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete
          ? null
          : new Promise((done) => {
              img.addEventListener('load', done);
              img.addEventListener('error', done);
            }),
      ),
    );
    await document.fonts.ready;
  });
}

/** The share of differing pixels; the three images go to .tmp/e2e-shots for a person to look at. */
function diffShare(a: Buffer, b: Buffer, name: string): number {
  const [first, second] = [PNG.sync.read(a), PNG.sync.read(b)];
  expect(second.width, `${name}: both screens are as wide`).toBe(first.width);
  // The preview frame's box can end on a fraction of a pixel, and its screenshot is then one
  // row taller than the page's viewport: the rows both have are compared, no more.
  expect(Math.abs(second.height - first.height), `${name}: both screens are as tall, to a pixel`).toBeLessThanOrEqual(1);
  const height = Math.min(first.height, second.height);
  const [left, right] = [topRows(first, height), topRows(second, height)];
  const out = new PNG({ width: left.width, height: left.height });
  const differing = pixelmatch(left.data, right.data, out.data, left.width, left.height, { threshold: 0.1 });
  mkdirSync(SHOTS_DIR, { recursive: true });
  writeFileSync(path.join(SHOTS_DIR, `${name}-preview.png`), a);
  writeFileSync(path.join(SHOTS_DIR, `${name}-page.png`), b);
  writeFileSync(path.join(SHOTS_DIR, `${name}-diff.png`), PNG.sync.write(out));
  return differing / (left.width * left.height);
}

/** The image's first `height` rows. */
function topRows(image: PNG, height: number): PNG {
  if (image.height === height) return image;
  const cut = new PNG({ width: image.width, height });
  image.data.copy(cut.data, 0, 0, image.width * height * 4);
  return cut;
}

async function compare(page: Page, publicPage: Page, profileId: number, pageUrl: string, name: string): Promise<void> {
  await page.goto(`/self-service/${profileId}`);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview' });
  const frameElement = dialog.getByTestId('preview-frame');
  await expect(frameElement).toBeVisible();
  const frame = (await (await frameElement.elementHandle())!.contentFrame())!;
  await expect(frame.locator('.ph-page')).toBeVisible();
  const box = (await frameElement.boundingBox())!;
  expect(Math.round(box.width)).toBe(WIDTH);
  const height = Math.floor(box.height);

  await publicPage.setViewportSize({ width: WIDTH, height });
  await publicPage.goto(pageUrl);
  await imagesLoaded(publicPage);
  await imagesLoaded(frame);

  // The same page, as tall in both.
  const previewHeight = await frame.evaluate(() => document.documentElement.scrollHeight);
  const pageHeight = await publicPage.evaluate(() => document.documentElement.scrollHeight);
  expect(Math.abs(previewHeight - pageHeight), `${name}: preview ${previewHeight} px tall, page ${pageHeight} px`).toBeLessThanOrEqual(2);

  for (const top of [0, height, 2 * height]) {
    if (top > 0 && top >= pageHeight - height / 2) break;
    await frame.evaluate((y) => window.scrollTo(0, y), top);
    await publicPage.evaluate((y) => window.scrollTo(0, y), top);
    await imagesLoaded(publicPage);
    await imagesLoaded(frame);
    const preview = await frameElement.screenshot({ animations: 'disabled' });
    const live = await publicPage.screenshot({ animations: 'disabled' });
    const share = diffShare(preview, live, `preview-vs-page-${name}-${top}`);
    console.log(`[preview-vs-page] ${name} at ${top} px: ${(share * 100).toFixed(3)} % of pixels differ`);
    expect(share, `${name}: ${(share * 100).toFixed(2)} % of the screen at ${top} px differs`).toBeLessThan(MAX_DIFF_SHARE);
  }
  await shot(page, `preview-${name}-390`);
  await page.keyboard.press('Escape');
}

test('the phone preview of Jane (Acme) and Bob (Globex) is their published page, pixel for pixel at 390 px', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  // Bob's page is published as he would publish it; Jane's is published by the seed.
  const bob = await auth(request, USERS.bob);
  const bobId = ((await (await request.get('/api/companies/users/me', { headers: bob })).json()) as { profile: { id: number } }).profile.id;
  expect((await request.put(`/api/profiles/${bobId}/publish`, { headers: bob })).status()).toBe(200);
  const admin = await auth(request, USERS.superadmin);
  const janeView = (await (await request.get('/api/companies/users/me', { headers: await auth(request, USERS.jane) })).json()) as { profile: { id: number } };
  const janeId = janeView.profile.id;
  const draft = await (await request.get(`/api/profiles/${janeId}?populate=self-service`, { headers: admin })).json();

  const publicContext = await browser.newContext({ viewport: { width: WIDTH, height: 800 } });
  const publicPage = await publicContext.newPage();
  const janeUrl = `http://acme.localhost:${PORT}/jane-doe`;
  await publicPage.goto(janeUrl);
  await expect(publicPage.getByText(draft.content.jobTitle as string, { exact: true }).first(), 'Jane’s draft is her published page').toBeVisible();

  await page.setViewportSize({ width: WIDTH, height: 844 });
  await signInAndWait(page, USERS.superadmin);
  await compare(page, publicPage, janeId, janeUrl, 'jane');
  await compare(page, publicPage, bobId, `http://globex.localhost:${PORT}/bob-smith`, 'bob');
  await publicContext.close();
});
