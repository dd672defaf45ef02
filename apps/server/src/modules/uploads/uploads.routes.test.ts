import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema.ts';
import { LIMITS, RateLimiter } from '../../http/rate-limit.ts';
import { createCompany, createUser, type MultipartPart, multipartBody, signIn } from '../../test/factories.ts';
import { createTestApp, type Headers, useTestApp } from '../../test/harness.ts';
import { UPLOAD_MESSAGES } from './rules.ts';
import { UPLOAD_CSP } from './serve.routes.ts';
import { createDiskStore, type DiskWrite } from './store.ts';
import { gif, gifJsPolyglot, HOSTILE_SVG, jpeg, mov, mp4, pdf, phonePhoto, pixelBombPng, png, solid, webp, withGifComment } from './test-images.ts';

type Item = { id: number; url: string; mime: string; width: number | null; height: number | null; size: number };

const t = useTestApp();
let companyA: Awaited<ReturnType<typeof createCompany>>;
let companyB: Awaited<ReturnType<typeof createCompany>>;
let userA: { id: number; profileId: number | null; headers: Headers };
let userA2: { id: number; profileId: number | null; headers: Headers };
let supervisorA: { id: number; headers: Headers };
let userB: { id: number; profileId: number | null; headers: Headers };
let admin: { id: number; headers: Headers };

const person = async (o: Parameters<typeof createUser>[1]) => {
  const u = await createUser(t.app, o);
  return { id: u.id, profileId: u.profileId, headers: (await signIn(t.app, u.email)).headers };
};

beforeAll(async () => {
  companyA = await createCompany(t.app.deps.db);
  companyB = await createCompany(t.app.deps.db);
  userA = await person({ companyId: companyA.id });
  userA2 = await person({ companyId: companyA.id });
  supervisorA = await person({ role: 'supervisor', companyId: companyA.id });
  userB = await person({ companyId: companyB.id });
  admin = await person({ role: 'superadmin' });
});

type FileSpec = { data: Buffer; filename?: string; contentType?: string };
function upload(headers: Headers, purpose: string | null, files: FileSpec[], extra: MultipartPart[] = []) {
  const parts: MultipartPart[] = [
    ...(purpose === null ? [] : [{ name: 'purpose', value: purpose }]),
    ...extra,
    ...files.map((f, i) => ({ name: 'files', filename: f.filename ?? `file-${i}.bin`, data: f.data, contentType: f.contentType })),
  ];
  const body = multipartBody(parts);
  return t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...headers, ...body.headers }, payload: body.payload });
}
async function uploadOne(headers: Headers, purpose: string, file: FileSpec, extra: MultipartPart[] = []): Promise<Item> {
  const res = await upload(headers, purpose, [file], extra);
  expect(res.statusCode, res.body).toBe(200);
  const items = res.json() as Item[];
  expect(items).toHaveLength(1);
  return items[0]!;
}
const keyOf = (item: Item) => item.url.replace('/uploads/', '');
const onDisk = (key: string) => path.join(t.config.DATA_DIR, 'uploads', key.slice(0, 2), key);
const storedBytes = (item: Item) => readFileSync(onDisk(keyOf(item)));
const rowOf = async (id: number) => (await t.app.deps.db.select().from(uploads).where(eq(uploads.id, id)))[0];
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });

describe('POST /api/upload: who may upload', () => {
  it('needs a session', async () => {
    const res = await upload({}, 'general', [{ data: await png() }]);
    expect(res.statusCode).toBe(401);
  });

  it('stores a PNG under a generated name, with the uploader and their division', async () => {
    const item = await uploadOne(userA.headers, 'general', { data: await png(40, 30), filename: '../../etc/evil name.png' });
    expect(item).toMatchObject({ mime: 'image/png', width: 40, height: 30 });
    expect(item.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(item.size).toBe(storedBytes(item).length);
    expect(await rowOf(item.id)).toMatchObject({ companyId: companyA.id, userId: userA.id, profileId: null, purpose: 'general', mime: 'image/png' });
  });

  it('profileId must be a profile the caller may edit: own, supervised division, or any for a superadmin; else 404', async () => {
    const own = await uploadOne(userA.headers, 'profile-photo', { data: await png() }, [{ name: 'profileId', value: String(userA.profileId) }]);
    expect(await rowOf(own.id)).toMatchObject({ profileId: userA.profileId, companyId: companyA.id });

    const bySupervisor = await uploadOne(supervisorA.headers, 'logo', { data: await png() }, [{ name: 'profileId', value: String(userA.profileId) }]);
    expect(await rowOf(bySupervisor.id)).toMatchObject({ profileId: userA.profileId, companyId: companyA.id, userId: supervisorA.id });

    // A superadmin without divisions files the upload under the profile's division.
    const byAdmin = await uploadOne(admin.headers, 'logo', { data: await png() }, [{ name: 'profileId', value: String(userB.profileId) }]);
    expect(await rowOf(byAdmin.id)).toMatchObject({ profileId: userB.profileId, companyId: companyB.id });

    for (const [who, profileId] of [
      [userA, userB.profileId],
      [userA, userA2.profileId],
      [supervisorA, userB.profileId],
      [userA, 2_000_000_000],
    ] as const) {
      const res = await upload(who.headers, 'general', [{ data: await png() }], [{ name: 'profileId', value: String(profileId) }]);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Profile not found');
    }
    // The query-string form is checked the same way.
    const body = multipartBody([{ name: 'files', filename: 'a.png', data: await png() }]);
    const viaQuery = await t.app.inject({
      method: 'POST',
      url: `/api/upload?purpose=general&profileId=${userB.profileId}`,
      headers: { ...userA.headers, ...body.headers },
      payload: body.payload,
    });
    expect(viaQuery.statusCode).toBe(404);
  });
});

describe('POST /api/upload: one validation path', () => {
  it('re-encodes a phone photo: EXIF and GPS gone, turned upright, fitted into 1280×1280', async () => {
    const input = await phonePhoto(3000, 1500);
    expect(input.includes('SpyCam')).toBe(true);
    const item = await uploadOne(userA.headers, 'profile-photo', { data: input, filename: 'IMG_0001.JPG', contentType: 'image/jpeg' });
    // Orientation 6 turns the 3000×1500 sensor image into a 1500×3000 portrait, then fitted into the box.
    expect(item).toMatchObject({ mime: 'image/jpeg', width: 640, height: 1280 });
    const stored = storedBytes(item);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 1280 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes('SpyCam')).toBe(false);
    expect(stored.includes('Tracker')).toBe(false);
  });

  it('fits every purpose into its crop size of spec §9 and never enlarges', async () => {
    const big = await solid(3200, 1600).jpeg().toBuffer();
    const boxes: Record<string, [number, number]> = {
      'profile-photo': [1280, 640],
      logo: [240, 120],
      background: [1600, 800],
      'mobile-banner': [800, 400],
      'desktop-banner': [1014, 507],
      banner: [1600, 800],
      gallery: [1600, 800],
      'rich-text': [1900, 950],
      general: [1900, 950],
    };
    for (const [purpose, [w, h]] of Object.entries(boxes)) {
      const item = await uploadOne(supervisorA.headers, purpose, { data: big });
      expect([purpose, item.width, item.height]).toEqual([purpose, w, h]);
      const meta = await sharp(storedBytes(item)).metadata();
      expect([purpose, meta.width, meta.height]).toEqual([purpose, w, h]);
    }
    const small = await uploadOne(supervisorA.headers, 'background', { data: await png(300, 100) });
    expect(small).toMatchObject({ width: 300, height: 100 });
  });

  it('keeps the format: WebP stays WebP, GIF stays GIF (animation kept)', async () => {
    expect(await uploadOne(userA.headers, 'general', { data: await webp() })).toMatchObject({ mime: 'image/webp' });
    const frames = await Promise.all(
      ['red', 'green', 'blue'].map((c) =>
        sharp({ create: { width: 300, height: 200, channels: 3, background: c } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const item = await uploadOne(userA.headers, 'mobile-banner', { data: animated });
    expect(item).toMatchObject({ mime: 'image/gif', width: 300, height: 200 });
    expect((await sharp(storedBytes(item), { animated: true }).metadata()).pages).toBe(3);
  });

  it('decides the type by content: a PNG named x.jpg is a PNG; a PDF named x.png is refused', async () => {
    const item = await uploadOne(userA.headers, 'logo', { data: await png(), filename: 'x.jpg', contentType: 'image/jpeg' });
    expect(item.mime).toBe('image/png');
    expect(item.url.endsWith('.png')).toBe(true);

    const res = await upload(userA.headers, 'general', [{ data: pdf(), filename: 'x.png', contentType: 'image/png' }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'file_type_not_allowed', message: 'This file type is not allowed here. Use JPG, PNG or WebP.' });
  });

  it('applies the per-purpose types of spec §5 with a 415 naming what is allowed', async () => {
    const cases: [string, Buffer, number, string?][] = [
      ['logo', await gif(), 415, 'This file type is not allowed here. Use JPG or PNG.'],
      ['background', await webp(), 415, 'This file type is not allowed here. Use JPG or PNG.'],
      ['gallery', await webp(), 415, 'This file type is not allowed here. Use JPG, GIF or PNG.'],
      ['gallery', await gif(), 200],
      ['gallery', mp4(), 415],
      ['profile-photo', mp4(), 415],
      ['general', await gif(), 415],
      ['rich-text', await gif(), 200],
      ['banner', await gif(), 200],
      ['banner', await webp(), 200],
      ['banner', Buffer.from('just some text'), 415, 'This file type is not allowed here. Use JPG, PNG, WebP, GIF, MP4 or MOV.'],
    ];
    for (const [purpose, data, status, message] of cases) {
      const res = await upload(supervisorA.headers, purpose, [{ data }]);
      expect([purpose, res.statusCode]).toEqual([purpose, status]);
      if (message) expect(res.json().message).toBe(message);
    }
  });

  it('accepts banner videos (MP4, MOV) as they are, up to 20 MB', async () => {
    const video = await uploadOne(userA.headers, 'banner', { data: mp4(), filename: 'clip.png', contentType: 'image/png' });
    expect(video).toMatchObject({ mime: 'video/mp4', width: null, height: null, size: mp4().length });
    expect(video.url.endsWith('.mp4')).toBe(true);
    expect(storedBytes(video).equals(mp4())).toBe(true);
    expect(await uploadOne(userA.headers, 'banner', { data: mov() })).toMatchObject({ mime: 'video/quicktime' });

    const huge = await upload(userA.headers, 'banner', [{ data: mp4(20 * 1024 * 1024) }]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(UPLOAD_MESSAGES.videoTooLarge);
  });

  it('refuses files over 2 MB with 413', async () => {
    const padded = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]);
    for (const purpose of ['general', 'gallery', 'logo', 'banner']) {
      const res = await upload(userA.headers, purpose, [{ data: padded }]);
      expect([purpose, res.statusCode]).toEqual([purpose, 413]);
      expect(res.json()).toMatchObject({ code: 'file_too_large', message: 'File is too large. The limit is 2 MB.' });
    }
  });

  it('refuses a pixel bomb (a tiny file claiming 100000×100000) without decoding it', async () => {
    const bomb = pixelBombPng();
    expect(bomb.length).toBeLessThan(200);
    const before = process.memoryUsage().rss;
    const res = await upload(userA.headers, 'general', [{ data: bomb }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.tooManyPixels);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    // Just above the limit is refused too; a damaged image is a 400.
    expect((await upload(userA.headers, 'general', [{ data: pixelBombPng(8000, 5001) }])).statusCode).toBe(413);
    const damaged = await upload(userA.headers, 'general', [{ data: (await png(400, 400)).subarray(0, 60) }]);
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().message).toBe(UPLOAD_MESSAGES.unreadable);
  });

  it('neutralises polyglots: a GIF/JS file and a JPEG carrying HTML are stored re-encoded, without the payload', async () => {
    const gifWithScript = Buffer.concat([withGifComment(await gif(), '<script>alert(1)</script>'), Buffer.from('<html><script>alert(2)</script></html>')]);
    const jpegWithHtml = Buffer.concat([await jpeg(), Buffer.from('<html><body><script>alert(3)</script></body></html>')]);
    for (const [purpose, data] of [
      ['gallery', gifWithScript],
      ['gallery', await gifJsPolyglot()],
      ['rich-text', await gifJsPolyglot()],
      ['general', jpegWithHtml],
    ] as const) {
      expect(data.includes('<script')).toBe(true);
      const item = await uploadOne(userA.headers, purpose, { data, filename: 'x.html', contentType: 'text/html' });
      const stored = storedBytes(item);
      expect(stored.includes('<script')).toBe(false);
      expect(stored.includes('alert(')).toBe(false);
      expect(stored.includes('<html')).toBe(false);
      const served = await get(item.url);
      expect(served.headers['content-type']).toBe(item.mime);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sanitises an SVG for rich text and refuses it everywhere else', async () => {
    const item = await uploadOne(userA.headers, 'rich-text', { data: Buffer.from(HOSTILE_SVG), filename: 'logo.svg', contentType: 'image/svg+xml' });
    expect(item).toMatchObject({ mime: 'image/svg+xml', width: 120, height: 60 });
    expect(item.url.endsWith('.svg')).toBe(true);
    const stored = storedBytes(item).toString('utf8');
    for (const bad of [
      '<script',
      'alert',
      'onload',
      'onclick',
      'foreignObject',
      'iframe',
      'evil.test',
      'javascript:',
      '<style',
      '<image',
      '<animate',
      '<set',
      'DOCTYPE',
    ]) {
      expect(stored, bad).not.toContain(bad);
    }
    expect(stored).toContain('<rect id="box" width="120" height="60" fill="url(#g)"/>');
    expect(stored).toContain('<use href="#box" x="5"/>');
    expect(stored).toContain('Hello <tspan font-weight="bold">SVG</tspan>');

    for (const purpose of ['general', 'profile-photo', 'logo', 'gallery', 'banner']) {
      const res = await upload(userA.headers, purpose, [{ data: Buffer.from(HOSTILE_SVG), filename: 'x.svg', contentType: 'image/svg+xml' }]);
      expect([purpose, res.statusCode]).toEqual([purpose, 415]);
    }
    const entities =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg">&b;</svg>';
    const res = await upload(userA.headers, 'rich-text', [{ data: Buffer.from(entities) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.badSvg);
  });
});

describe('POST /api/upload: the form', () => {
  it('takes several files at once and at most ten', async () => {
    const res = await upload(userA.headers, 'gallery', [{ data: await png() }, { data: await jpeg() }, { data: await gif() }]);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Item[]).map((i) => i.mime)).toEqual(['image/png', 'image/jpeg', 'image/gif']);

    const eleven = await Promise.all(Array.from({ length: 11 }, () => png()));
    const tooMany = await upload(
      supervisorA.headers,
      'gallery',
      eleven.map((data) => ({ data })),
    );
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe(UPLOAD_MESSAGES.tooManyFiles);
  });

  it('is all or nothing: one bad file stores none of them', async () => {
    const before = (await t.app.deps.db.select({ id: uploads.id }).from(uploads)).length;
    const res = await upload(userA2.headers, 'gallery', [{ data: await png() }, { data: pdf() }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().errors[0]).toMatchObject({ path: 'files.1' });
    expect((await t.app.deps.db.select({ id: uploads.id }).from(uploads)).length).toBe(before);
  });

  it('explains a missing or unknown purpose, missing files, fields after files, and a body that is not multipart', async () => {
    const noPurpose = await upload(userA2.headers, null, [{ data: await png() }]);
    expect(noPurpose.statusCode).toBe(400);
    expect(noPurpose.json().message).toBe(UPLOAD_MESSAGES.fieldsFirst);

    const badPurpose = await upload(userA2.headers, 'wallpaper', [{ data: await png() }]);
    expect(badPurpose.statusCode).toBe(400);
    expect(badPurpose.json().message).toBe(UPLOAD_MESSAGES.badPurpose);

    const noFiles = await upload(userA2.headers, 'general', []);
    expect(noFiles.statusCode).toBe(400);
    expect(noFiles.json().message).toBe(UPLOAD_MESSAGES.noFiles);

    const late = multipartBody([
      { name: 'files', filename: 'a.png', data: await png() },
      { name: 'purpose', value: 'general' },
    ]);
    const lateRes = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...userA2.headers, ...late.headers }, payload: late.payload });
    expect(lateRes.statusCode).toBe(400);

    const wrongField = multipartBody([
      { name: 'purpose', value: 'general' },
      { name: 'file', filename: 'a.png', data: await png() },
    ]);
    const wrongRes = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...userA2.headers, ...wrongField.headers },
      payload: wrongField.payload,
    });
    expect(wrongRes.statusCode).toBe(400);
    expect(wrongRes.json().message).toBe('Send the files in a field named files.');

    const json = await t.app.inject({ method: 'POST', url: '/api/upload', headers: userA2.headers, payload: { files: [] } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(UPLOAD_MESSAGES.notMultipart);

    const truncated = multipartBody([
      { name: 'purpose', value: 'general' },
      { name: 'files', filename: 'a.png', data: await png() },
    ]);
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...userA2.headers, ...truncated.headers },
      payload: truncated.payload.subarray(0, truncated.payload.length - 40),
    });
    expect(cut.statusCode).toBe(400);
  });

  it('other routes do not accept multipart bodies', async () => {
    const body = multipartBody([{ name: 'identifier', value: 'x@example.test' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/local', headers: body.headers, payload: body.payload });
    expect(res.statusCode).toBe(415);
  });

  it('limits upload requests per user (60 per 15 minutes)', async () => {
    const u = await person({ companyId: companyA.id });
    for (let i = 0; i < 60; i++) expect((await upload(u.headers, 'general', [])).statusCode).toBe(400);
    const res = await upload(u.headers, 'general', [{ data: await png() }]);
    expect(res.statusCode).toBe(429);
    // Another user is unaffected.
    expect((await upload(userA2.headers, 'general', [{ data: await png() }])).statusCode).toBe(200);
  });
});

describe('GET /uploads/{key}', () => {
  it('serves the stored bytes publicly with nosniff, a sandboxing CSP, the stored type and immutable caching', async () => {
    const item = await uploadOne(userA.headers, 'general', { data: await png() });
    const res = await get(item.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(storedBytes(item))).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(item.size),
      'x-content-type-options': 'nosniff',
      'content-security-policy': UPLOAD_CSP,
      'content-disposition': `inline; filename="${keyOf(item)}"`,
      'cache-control': 'public, max-age=31536000, immutable',
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(UPLOAD_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");

    const again = await get(item.url, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('serves SVG inline under the sandbox and videos as attachments, with byte ranges for video players', async () => {
    const svg = await uploadOne(userA.headers, 'rich-text', { data: Buffer.from(HOSTILE_SVG) });
    const svgRes = await get(svg.url);
    expect(svgRes.headers['content-type']).toBe('image/svg+xml');
    expect(svgRes.headers['content-security-policy']).toBe(UPLOAD_CSP);

    const video = await uploadOne(userA.headers, 'banner', { data: mp4() });
    const full = await get(video.url);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['content-disposition']).toBe(`attachment; filename="${keyOf(video)}"`);
    const part = await get(video.url, { range: 'bytes=4-11' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${video.size}`);
    expect(part.body).toBe('ftypmp42');
    const tail = await get(video.url, { range: 'bytes=-4' });
    expect(tail.rawPayload.length).toBe(4);
    const beyond = await get(video.url, { range: `bytes=${video.size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${video.size}`);
  });

  it('answers 404 for unknown keys, path traversal and files without a row', async () => {
    const item = await uploadOne(userA.headers, 'general', { data: await png() });
    // Bytes placed in the store by anything but an upload are not served.
    const stray = `${'ab'.repeat(16)}.png`;
    mkdirSync(path.dirname(onDisk(stray)), { recursive: true });
    writeFileSync(onDisk(stray), await png());
    for (const url of [
      `/uploads/${'0'.repeat(32)}.png`,
      `/uploads/${stray}`,
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/..%5c..%5cpackage.json',
      `/uploads/${keyOf(item).slice(0, 2)}/${keyOf(item)}`,
      `/uploads/${keyOf(item)}/..`,
      `/uploads/${keyOf(item).toUpperCase()}`,
      `/uploads/${keyOf(item).replace('.png', '.html')}`,
      '/uploads/',
      '/uploads/jwt-secret',
    ]) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    // A NUL in the path never reaches the store: the request is refused as malformed text.
    expect((await get(`/uploads/${keyOf(item)}%00.html`)).statusCode).toBe(400);
  });

  it('answers 404 to dot segments sent as they are over a real socket (inject would normalise them)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (rawPath: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => {
            body += c.toString('utf8');
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const rawPath of [
      '/uploads/../package.json',
      '/uploads/../../../../etc/passwd',
      '/uploads/./../jwt-secret',
      '/uploads/%2e%2e/%2e%2e/etc/passwd',
      '/uploads/..\\..\\package.json',
    ]) {
      const res = await raw(rawPath);
      expect([rawPath, res.status]).toEqual([rawPath, 404]);
      expect(res.body).not.toContain('root:');
    }
  });
});

describe('DELETE /api/upload/files/{id}', () => {
  it('the uploader, a supervisor of its division or a superadmin may remove; others get 404', async () => {
    const item = await uploadOne(userA.headers, 'general', { data: await png() });
    const del = (headers: Headers, id = item.id) => t.app.inject({ method: 'DELETE', url: `/api/upload/files/${id}`, headers });

    expect((await del({})).statusCode).toBe(401);
    expect((await del(userB.headers)).statusCode).toBe(404);
    expect((await del(userA2.headers)).statusCode).toBe(404);
    expect((await del(userA.headers, 2_000_000_000)).statusCode).toBe(404);
    expect((await rowOf(item.id))?.removedAt).toBeNull();

    const res = await del(supervisorA.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, url: item.url });
    // Marked for removal: the bytes go in the upkeep sweep once nothing shows them (sweep.test.ts).
    const removedAt = (await rowOf(item.id))?.removedAt;
    expect(removedAt).toBeInstanceOf(Date);
    expect(existsSync(onDisk(keyOf(item)))).toBe(true);
    // Removing twice keeps the first time.
    expect((await del(supervisorA.headers)).statusCode).toBe(200);
    expect((await rowOf(item.id))?.removedAt).toEqual(removedAt);

    const own = await uploadOne(userA.headers, 'general', { data: await png() });
    expect((await del(userA.headers, own.id)).statusCode).toBe(200);
    const foreign = await uploadOne(userB.headers, 'general', { data: await png() });
    expect((await del(supervisorA.headers, foreign.id)).statusCode).toBe(404);
    expect((await rowOf(foreign.id))?.removedAt).toBeNull();
    expect((await del(admin.headers, foreign.id)).statusCode).toBe(200);
  });
});

describe('rich-text images: /api/profile-modifications/images', () => {
  const register = (headers: Headers, payload: object) => t.app.inject({ method: 'POST', url: '/api/profile-modifications/images', headers, payload });
  const remove = (headers: Headers, payload: object) => t.app.inject({ method: 'DELETE', url: '/api/profile-modifications/images', headers, payload });

  it('registers an upload with a profile the caller may edit and removes it again', async () => {
    const item = await uploadOne(userA.headers, 'rich-text', { data: await png() });
    // The client may send the URL prefixed with the API base (spec §7).
    const res = await register(userA.headers, { profile: userA.profileId, img_url: `http://hub.test${item.url}`, img_id: item.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: item.id, url: item.url, profile: userA.profileId });
    expect(await rowOf(item.id)).toMatchObject({ profileId: userA.profileId });

    expect((await remove(userB.headers, { profile: userA.profileId, img_url: item.url })).statusCode).toBe(404);
    const removed = await remove(userA.headers, { profile: userA.profileId, img_url: item.url });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expect(await rowOf(item.id)).toMatchObject({ profileId: null, companyId: companyA.id });
    expect((await remove(userA.headers, { profile: userA.profileId, img_url: item.url })).statusCode).toBe(404);
  });

  it('refuses foreign profiles, someone else’s upload and a URL that does not match the id', async () => {
    const item = await uploadOne(userA.headers, 'rich-text', { data: await png() });
    const other = await uploadOne(userA2.headers, 'rich-text', { data: await png() });
    for (const [headers, payload] of [
      [userA.headers, { profile: userB.profileId, img_url: item.url, img_id: item.id }],
      [userA.headers, { profile: userA2.profileId, img_url: item.url, img_id: item.id }],
      [userA.headers, { profile: userA.profileId, img_url: other.url, img_id: other.id }],
      [userA.headers, { profile: userA.profileId, img_url: other.url, img_id: item.id }],
      [userA.headers, { profile: userA.profileId, img_url: 'https://evil.test/x.png', img_id: item.id }],
      [userB.headers, { profile: userB.profileId, img_url: item.url, img_id: item.id }],
    ] as const) {
      expect((await register(headers, payload)).statusCode).toBe(404);
    }
    expect((await register(userA.headers, { profile: userA.profileId, img_url: item.url })).statusCode).toBe(400);
    expect((await register({}, { profile: userA.profileId, img_url: item.url, img_id: item.id })).statusCode).toBe(401);
    // A supervisor may link a file of their division to a profile of their division.
    expect((await register(supervisorA.headers, { profile: userA.profileId, img_url: other.url, img_id: other.id })).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the upload calls (the public file route stays out of the API document)', async () => {
    const doc = (await get('/api/docs/json')).json();
    expect(Object.keys(doc.paths['/api/upload'])).toContain('post');
    expect(Object.keys(doc.paths['/api/upload/files/{id}'])).toContain('delete');
    expect(Object.keys(doc.paths['/api/profile-modifications/images']).sort()).toEqual(['delete', 'post']);
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/uploads'))).toBe(false);
  });
});

describe('upload memory and volume', () => {
  it('holds at most UPLOAD_MEMORY_MB of uploads in memory: beyond it 503 with Retry-After, and the budget is given back', async () => {
    const small = await createTestApp({ env: { UPLOAD_MEMORY_MB: '4' } });
    try {
      const u = await createUser(small.app, { companyId: (await createCompany(small.app.deps.db)).id });
      const { headers } = await signIn(small.app, u.email);
      const send = (data: Buffer) => {
        const body = multipartBody([
          { name: 'purpose', value: 'banner' },
          { name: 'files', filename: 'clip.mp4', data },
        ]);
        return small.app.inject({ method: 'POST', url: '/api/upload', headers: { ...headers, ...body.headers }, payload: body.payload });
      };
      const big = await send(mp4(5 * 1024 * 1024));
      expect(big.statusCode).toBe(503);
      expect(big.headers['retry-after']).toBe('5');
      expect(big.json().message).toBe(UPLOAD_MESSAGES.busy);
      // Nothing of the refused file stays taken: the next ones fit, one after the other.
      for (let i = 0; i < 3; i++) expect((await send(mp4(3 * 1024 * 1024))).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('counts the bytes each person uploads per hour; 20 parallel uploads never pass the quota', async () => {
    const quota = await createTestApp({ overrides: { limiter: new RateLimiter(true, { kind: 'memory' }, { [LIMITS.uploadKbPerUser.name]: 100 }) } });
    try {
      const company = await createCompany(quota.app.deps.db);
      const who = async () => (await signIn(quota.app, (await createUser(quota.app, { companyId: company.id })).email)).headers;
      const send = (headers: Headers, kb: number) => {
        const body = multipartBody([
          { name: 'purpose', value: 'banner' },
          { name: 'files', filename: 'clip.mp4', data: mp4(kb * 1024) },
        ]);
        return quota.app.inject({ method: 'POST', url: '/api/upload', headers: { ...headers, ...body.headers }, payload: body.payload });
      };
      const jane = await who();
      expect((await send(jane, 60)).statusCode).toBe(200);
      const over = await send(jane, 60);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(UPLOAD_MESSAGES.quota);

      const leo = await who();
      const results = await Promise.all(Array.from({ length: 20 }, () => send(leo, 30)));
      const ok = results.filter((r) => r.statusCode === 200).length;
      expect(ok).toBe(3);
      expect(results.filter((r) => r.statusCode === 429)).toHaveLength(17);
    } finally {
      await quota.close();
    }
  });
});

describe('a disk that cannot take the file', () => {
  it('ENOSPC or EDQUOT half-way through a write (injected at the file-system call) answers 507 with Retry-After; EROFS/EACCES 503; nothing is left behind', async () => {
    // A full disk cannot be made without root, so the one write call fails the way a full
    // disk's does: part of the bytes land, then the errno. Everything around it is real.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ph-full-disk-'));
    let failWith: string | null = null;
    let writes = 0;
    const write: DiskWrite = async (file, bytes, opts) => {
      writes++;
      if (!failWith || writes === 1) return writeFile(file, bytes, opts);
      await writeFile(file, bytes.subarray(0, bytes.length >> 1), opts);
      throw Object.assign(new Error(`${failWith}: failed, write`), { code: failWith, syscall: 'write' });
    };
    const full = await createTestApp({ overrides: { fileStore: createDiskStore(dir, write) } });
    try {
      const u = await createUser(full.app, { companyId: (await createCompany(full.app.deps.db)).id });
      const { headers } = await signIn(full.app, u.email);
      const rowsOfUser = async () => (await full.app.deps.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.userId, u.id))).length;
      const filesIn = (d: string): string[] =>
        readdirSync(d, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name);
      const cases = [
        { errno: 'ENOSPC', status: 507, code: 'storage_full', message: UPLOAD_MESSAGES.storageFull, retryAfter: '300' },
        { errno: 'EDQUOT', status: 507, code: 'storage_full', message: UPLOAD_MESSAGES.storageFull, retryAfter: '300' },
        { errno: 'EROFS', status: 503, code: 'storage_unavailable', message: UPLOAD_MESSAGES.storageUnavailable, retryAfter: '60' },
        { errno: 'EACCES', status: 503, code: 'storage_unavailable', message: UPLOAD_MESSAGES.storageUnavailable, retryAfter: '60' },
      ];
      for (const c of cases) {
        failWith = c.errno;
        writes = 0;
        // Two files: the first is stored, the second meets the full disk — and takes the first with it.
        const body = multipartBody([
          { name: 'purpose', value: 'gallery' },
          { name: 'files', filename: 'a.png', data: await png() },
          { name: 'files', filename: 'b.png', data: await png() },
        ]);
        const res = await full.app.inject({ method: 'POST', url: '/api/upload', headers: { ...headers, ...body.headers }, payload: body.payload });
        expect(res.statusCode, c.errno).toBe(c.status);
        expect(res.headers['retry-after'], c.errno).toBe(c.retryAfter);
        expect(res.json(), c.errno).toEqual({ statusCode: c.status, code: c.code, message: c.message, errors: [{ message: c.message }] });
        expect(writes, c.errno).toBe(2);
        expect(filesIn(dir), c.errno).toEqual([]);
        expect(await rowsOfUser(), c.errno).toBe(0);
      }
      // Room again: the same upload is stored.
      failWith = null;
      const body = multipartBody([
        { name: 'purpose', value: 'gallery' },
        { name: 'files', filename: 'a.png', data: await png() },
      ]);
      expect((await full.app.inject({ method: 'POST', url: '/api/upload', headers: { ...headers, ...body.headers }, payload: body.payload })).statusCode).toBe(
        200,
      );
      expect(filesIn(dir)).toHaveLength(1);
    } finally {
      await full.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
