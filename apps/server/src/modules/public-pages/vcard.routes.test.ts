import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema.ts';
import { childDetails, createTemplateDivision, createUser, signIn } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createDiskStore } from '../uploads/store.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function janeOfNewDivision() {
  const d = await createTemplateDivision(t.app.deps.db);
  const user = await createUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content: childDetails('Jane Doe') });
  return { d, id: user.profileId!, headers: (await signIn(t.app, user.email)).headers };
}
const vcf = (id: number) => t.app.inject({ method: 'GET', url: `/api/profiles/${id}/vcard` });

describe('GET /api/profiles/:id/vcard', () => {
  it('downloads the published card as vCard 3.0 with CRLF lines, name, email and the page URL', async () => {
    const jane = await janeOfNewDivision();
    expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.id}/publish`, headers: jane.headers })).statusCode).toBe(200);
    const res = await vcf(jane.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9_-]+\.vcf"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCARD');
    expect(lines).toContain('VERSION:3.0');
    expect(lines).toContain('FN:Jane Doe');
    expect(res.body).toContain(`URL:http://${jane.d.company.subdomain}.localhost/`);
    expect(res.body).toMatch(/ORG:Company co-[0-9a-f]+/);
    expect(res.body.trimEnd().endsWith('END:VCARD')).toBe(true);
  });

  it('answers 404 for an unpublished or unknown profile, and 400 for a bad id', async () => {
    const jane = await janeOfNewDivision();
    expect((await vcf(jane.id)).statusCode).toBe(404);
    expect((await vcf(2_000_000_000)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/profiles/abc/vcard' })).statusCode).toBe(400);
  });
});

describe('GET /api/profiles/:id/qr.png', () => {
  it('draws the page address as an 800×800 PNG named QRCode.png, revalidated by ETag', async () => {
    const jane = await janeOfNewDivision();
    expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.id}/publish`, headers: jane.headers })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/profiles/${jane.id}/qr.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('inline; filename="QRCode.png"');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([800, 800]);
    const again = await t.app.inject({ method: 'GET', url: `/api/profiles/${jane.id}/qr.png`, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for an unpublished profile', async () => {
    const jane = await janeOfNewDivision();
    expect((await t.app.inject({ method: 'GET', url: `/api/profiles/${jane.id}/qr.png` })).statusCode).toBe(404);
  });
});

/** RFC 2425 unfolding: a CRLF followed by one space continues the line. */
const unfold = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

describe('the vCard carries the profile photo', () => {
  async function janeWithUploadedPhoto() {
    const d = await createTemplateDivision(t.app.deps.db);
    const key = `${randomBytes(16).toString('hex')}.png`;
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    await createDiskStore(path.join(t.config.DATA_DIR, 'uploads')).put(key, png, 'image/png');
    await t.app.deps.db.insert(uploads).values({
      companyId: d.company.id,
      purpose: 'profile-photo',
      mime: 'image/png',
      size: png.length,
      width: 900,
      height: 600,
      storageKey: key,
      url: `/uploads/${key}`,
    });
    const user = await createUser(t.app, {
      companyId: d.company.id,
      masterProfileId: d.masterId,
      content: { ...childDetails('Jane Doe'), profilePhoto: { url: `/uploads/${key}` } },
    });
    return { id: user.profileId!, headers: (await signIn(t.app, user.email)).headers };
  }

  it('as a 256 px square JPEG, base64, on lines folded at 75 octets', async () => {
    const jane = await janeWithUploadedPhoto();
    expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.id}/publish`, headers: jane.headers })).statusCode).toBe(200);
    const res = await vcf(jane.id);
    expect(res.statusCode).toBe(200);
    for (const physical of res.body.split('\r\n')) expect(Buffer.byteLength(physical, 'utf8')).toBeLessThanOrEqual(75);
    const lines = unfold(res.body);
    expect(lines[0]).toBe('BEGIN:VCARD');
    expect(lines).toContain('FN:Jane Doe');
    const photo = lines.find((l) => l.startsWith('PHOTO;'));
    expect(photo).toMatch(/^PHOTO;ENCODING=b;TYPE=JPEG:[A-Za-z0-9+/]+=*$/);
    const jpeg = Buffer.from(photo!.slice(photo!.indexOf(':') + 1), 'base64');
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);
    // Small enough for every phone's contacts app.
    expect(jpeg.length).toBeLessThan(40_000);
    expect(lines.at(-2)).toBe('END:VCARD');
  });

  it('leaves the photo out when it is not one of our files (never fetched from another host)', async () => {
    const jane = await janeOfNewDivision();
    expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${jane.id}/publish`, headers: jane.headers })).statusCode).toBe(200);
    const res = await vcf(jane.id);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('PHOTO');
  });
});
