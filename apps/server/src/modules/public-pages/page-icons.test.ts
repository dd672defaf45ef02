/**
 * A public page's icons: the web app manifest names PNGs at real sizes made from the owner's
 * photo, so Chromium will install the page, and the link preview (og:image) and iOS icon are
 * rasters whatever the photo's format — checked with Chromium's own installability check.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type BrowserContext, chromium } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../../../../bench/lib/chromium.mjs';
import { profiles, uploads } from '../../db/schema.ts';
import { childDetails, createTemplateDivision, createUser, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { createDiskStore } from '../uploads/store.ts';

/** A web build with only the product's icon: the last fallback of a page's icons. */
const webDist = mkdtempSync(path.join(os.tmpdir(), 'ph-web-'));
copyFileSync(path.resolve(import.meta.dirname, '../../../../web/public/favicon.svg'), path.join(webDist, 'favicon.svg'));
const t = useTestApp({ env: { WEB_DIST: webDist } });
let browser: BrowserContext;
let port: number;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  // A profile of its own: Chromium installs nothing from an incognito window.
  browser = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'ph-chromium-')), {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS],
  });
});
afterAll(async () => {
  await browser?.close();
});

const RED = { r: 192, g: 57, b: 43 };
const PHOTOS = {
  jpeg: async () => ({
    mime: 'image/jpeg',
    ext: 'jpg',
    bytes: await sharp({ create: { width: 900, height: 600, channels: 3, background: RED } })
      .jpeg()
      .toBuffer(),
  }),
  svg: async () => ({
    mime: 'image/svg+xml',
    ext: 'svg',
    bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#c0392b"/></svg>'),
  }),
};

let aliases = 0;
/** A published page whose owner's photo is an upload of the given format. */
async function publishedWithPhoto(kind: keyof typeof PHOTOS) {
  const d = await createTemplateDivision(t.db);
  const photo = await PHOTOS[kind]();
  const key = `${randomBytes(16).toString('hex')}.${photo.ext}`;
  await createDiskStore(path.join(t.config.DATA_DIR, 'uploads')).put(key, photo.bytes, photo.mime);
  await t.db.insert(uploads).values({
    companyId: d.company.id,
    purpose: 'profile-photo',
    mime: photo.mime,
    size: photo.bytes.length,
    width: 900,
    height: 600,
    storageKey: key,
    url: `/uploads/${key}`,
  });
  const user = await createUser(t.app, {
    companyId: d.company.id,
    masterProfileId: d.masterId,
    content: { ...childDetails('Mary Ann Smith'), firstName: 'Mary Ann', lastName: 'Smith', profilePhoto: { url: `/uploads/${key}` } },
  });
  const alias = `icon-${kind}-${++aliases}`;
  await t.db.update(profiles).set({ alias }).where(eq(profiles.id, user.profileId!));
  const { headers } = await signIn(t.app, user.email);
  expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${user.profileId}/publish`, headers })).statusCode).toBe(200);
  return { host: `${d.company.subdomain}.localhost`, alias };
}

const get = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
const metaOf = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
const linkOf = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]*)"`).exec(html)?.[1];

describe.each(['jpeg', 'svg'] as const)('a page whose owner uploaded a %s photo', (kind) => {
  it('is installable: Chromium reports no installability errors, and the manifest names PNGs of 192 and 512 px', async () => {
    const page = await publishedWithPhoto(kind);
    const tab = await browser.newPage();
    try {
      const res = await tab.goto(`http://${page.host}:${port}/${page.alias}`);
      expect(res?.status()).toBe(200);
      const cdp = await browser.newCDPSession(tab);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    } finally {
      await tab.close();
    }
    const manifest = (await get(page.host, `/${page.alias}/manifest.webmanifest`)).json() as { icons: { src: string; sizes: string; type: string }[] };
    for (const icon of manifest.icons) {
      const res = await get(page.host, icon.src);
      expect([res.statusCode, res.headers['content-type'], icon.type]).toEqual([200, 'image/png', 'image/png']);
      const meta = await sharp(res.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
  });

  it('has a link preview (og:image) and iOS icon that are PNGs of the photo, and first and last name from their own fields', async () => {
    const page = await publishedWithPhoto(kind);
    const html = (await get(page.host, `/${page.alias}`)).body;
    const og = new URL(metaOf(html, 'og:image') ?? '');
    expect(og.hostname).toBe(page.host);
    const preview = await get(page.host, og.pathname);
    expect(preview.headers['content-type']).toBe('image/png');
    const meta = await sharp(preview.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 512]);
    expect([metaOf(html, 'og:image:width'), metaOf(html, 'og:image:height')]).toEqual(['512', '512']);
    // The photo itself, not a stand-in: the centre pixel is the photo's red.
    const { data } = await sharp(preview.rawPayload).extract({ left: 256, top: 256, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(Math.abs(data[0]! - RED.r) + Math.abs(data[1]! - RED.g) + Math.abs(data[2]! - RED.b)).toBeLessThan(30);

    const touch = await get(page.host, linkOf(html, 'apple-touch-icon') ?? '');
    expect((await sharp(touch.rawPayload).metadata()).width).toBe(180);
    expect([metaOf(html, 'profile:first_name'), metaOf(html, 'profile:last_name')]).toEqual(['Mary Ann', 'Smith']);
  });
});

describe('a page with no photo of ours', () => {
  it('has icons all the same: the division’s logo or the product’s, never a 404', async () => {
    const d = await createTemplateDivision(t.db);
    const user = await createUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails('Jane Doe') });
    await t.db.update(profiles).set({ alias: 'no-own-photo' }).where(eq(profiles.id, user.profileId!));
    const { headers } = await signIn(t.app, user.email);
    expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${user.profileId}/publish`, headers })).statusCode).toBe(200);
    const host = `${d.company.subdomain}.localhost`;
    const icon = await get(host, '/no-own-photo/icon-192.png');
    expect([icon.statusCode, icon.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await sharp(icon.rawPayload).metadata()).width).toBe(192);
  });
});
