/**
 * Every host's root files: a real robots.txt and favicon on the hub and on a division's
 * public host, and a 404 — not the web app's HTML — for a file the hub does not have.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { companies, uploads } from '../../db/schema.ts';
import { createCompany } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { createDiskStore } from '../uploads/store.ts';

const SPA_HTML = '<!doctype html><title>Profilehub</title><div id="root"></div>';
const webDist = mkdtempSync(path.join(os.tmpdir(), 'ph-web-'));
writeFileSync(path.join(webDist, 'index.html'), SPA_HTML);
copyFileSync(path.resolve(import.meta.dirname, '../../../../web/public/favicon.svg'), path.join(webDist, 'favicon.svg'));
const t = useTestApp({ env: { WEB_DIST: webDist } });

const HUB = 'hub.test';
const get = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

/** The PNG images of an ICO file, by their side. */
function icoImages(ico: Buffer): Map<number, Buffer> {
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  const images = new Map<number, Buffer>();
  for (let i = 0; i < ico.readUInt16LE(4); i++) {
    const at = 6 + 16 * i;
    const offset = ico.readUInt32LE(at + 12);
    images.set(ico.readUInt8(at) || 256, ico.subarray(offset, offset + ico.readUInt32LE(at + 8)));
  }
  return images;
}
/** The colour of an ICO's 32 px image at (4, 16): left of the product icon's letter, on its blue. */
async function colourOf(ico: Buffer): Promise<number[]> {
  const png = icoImages(ico).get(32)!;
  expect((await sharp(png).metadata()).format).toBe('png');
  const { data } = await sharp(png).extract({ left: 4, top: 16, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}
const PRODUCT_BLUE = [0x11, 0x4b, 0x8a];

/** A division white-labelled with a green icon of its own (an upload). */
async function whiteLabelled(o: { hubDomain?: string } = {}) {
  const company = await createCompany(t.db);
  const key = `${randomBytes(16).toString('hex')}.png`;
  const png = await sharp({ create: { width: 256, height: 256, channels: 4, background: '#1e8449' } })
    .png()
    .toBuffer();
  await createDiskStore(path.join(t.config.DATA_DIR, 'uploads')).put(key, png, 'image/png');
  await t.db.insert(uploads).values({
    companyId: company.id,
    purpose: 'general',
    mime: 'image/png',
    size: png.length,
    width: 256,
    height: 256,
    storageKey: key,
    url: `/uploads/${key}`,
  });
  await t.db
    .update(companies)
    .set({ whiteLabel: { title: 'Acme', icon: `/uploads/${key}` }, ...(o.hubDomain ? { hubDomain: o.hubDomain } : {}) })
    .where(eq(companies.id, company.id));
  return company;
}
const GREEN = [0x1e, 0x84, 0x49];
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - (b[i] ?? 0)) < 12);

describe('the hub', () => {
  it('answers robots.txt as text: its sign-in page for crawlers, the app behind it not', async () => {
    const res = await get(HUB, '/robots.txt');
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(expect.arrayContaining(['Allow: /sign-in', 'Disallow: /']));
    expect(res.body).not.toContain('<');
  });

  it('answers favicon.ico with an ICO of the product’s icon at 16, 32 and 48 px', async () => {
    const res = await get(HUB, '/favicon.ico');
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/x-icon']);
    expect([...icoImages(res.rawPayload).keys()]).toEqual([16, 32, 48]);
    expect(await colourOf(res.rawPayload)).toSatisfy((c: number[]) => near(c, PRODUCT_BLUE));
  });

  it('answers favicon.ico of a white-labelled hub domain with the division’s own icon', async () => {
    await whiteLabelled({ hubDomain: 'hub.acme.test' });
    const res = await get('hub.acme.test', '/favicon.ico');
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/x-icon']);
    expect(await colourOf(res.rawPayload)).toSatisfy((c: number[]) => near(c, GREEN));
  });

  it('answers 404 for a file it does not have, and its web app for an app route', async () => {
    for (const url of ['/foo.png', '/x.js', '/assets/missing-1234.js', '/sign-in/logo.svg']) {
      const res = await get(HUB, url);
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 404, 'text/plain; charset=utf-8']);
    }
    for (const url of ['/', '/home', '/sign-in', '/profile-views/jane-doe', '/preview-link.html', '/home?x=a.png']) {
      const res = await get(HUB, url);
      expect([url, res.statusCode, res.headers['content-type'], res.body]).toEqual([url, 200, 'text/html; charset=utf-8', SPA_HTML]);
    }
    // The files it has are still served.
    expect((await get(HUB, '/favicon.svg')).headers['content-type']).toMatch(/^image\/svg\+xml/);
  });
});

describe('a division’s public host', () => {
  it('answers robots.txt that lets crawlers read the published pages', async () => {
    const company = await createCompany(t.db);
    const res = await get(`${company.subdomain}.localhost`, '/robots.txt');
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
    const lines = res.body.trim().split('\n');
    expect(lines).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /api/']);
  });

  it('answers favicon.ico with the division’s icon where white-labelled, else the product’s', async () => {
    const labelled = await whiteLabelled();
    const own = await get(`${labelled.subdomain}.localhost`, '/favicon.ico');
    expect([own.statusCode, own.headers['content-type']]).toEqual([200, 'image/x-icon']);
    expect(await colourOf(own.rawPayload)).toSatisfy((c: number[]) => near(c, GREEN));
    const plain = await createCompany(t.db);
    const product = await get(`${plain.subdomain}.localhost`, '/favicon.ico');
    expect([product.statusCode, product.headers['content-type']]).toEqual([200, 'image/x-icon']);
    expect(await colourOf(product.rawPayload)).toSatisfy((c: number[]) => near(c, PRODUCT_BLUE));
  });

  it('answers an unknown file with its 404 page', async () => {
    const company = await createCompany(t.db);
    const res = await get(`${company.subdomain}.localhost`, '/foo.png');
    expect([res.statusCode, res.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
  });
});
