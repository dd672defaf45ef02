import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { prepareDatabase } from '../../bootstrap/startup.ts';
import { appState, profiles, uploads } from '../../db/schema.ts';
import { childDetails, createTemplateDivision, createUser, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { readQrImage } from '../../test/qr-reading.ts';
import { PAGE_FORMAT } from '../publishing/publishing.service.ts';
import { createDiskStore } from '../uploads/store.ts';

/** What the server logged at warn and above: a card file must be answered exactly once. */
const warnings: string[] = [];
const t = useTestApp({ logger: { level: 'warn', stream: { write: (line) => warnings.push(line) } } });

type Jane = { id: number; host: string; alias: string; headers: Record<string, string> };
let aliases = 0;
/** Jane's profile in a new division, with an alias, not yet published. */
async function jane(content: Record<string, unknown> = childDetails('Jane Doe')): Promise<Jane & { d: Awaited<ReturnType<typeof createTemplateDivision>> }> {
  const d = await createTemplateDivision(t.app.deps.db);
  const user = await createUser(t.app, { companyId: d.company.id, masterProfileId: d.masterId, content });
  const alias = `jane-${++aliases}`;
  await t.app.deps.db.update(profiles).set({ alias }).where(eq(profiles.id, user.profileId!));
  return { d, id: user.profileId!, alias, host: `${d.company.subdomain}.localhost`, headers: (await signIn(t.app, user.email)).headers };
}
const janeOfNewDivision = () => jane();
const publish = async (j: Jane) =>
  expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${j.id}/publish`, headers: j.headers })).statusCode).toBe(200);
const file = (j: Jane, name: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/${j.alias}/${name}`, headers: { host: j.host, ...headers } });
const vcf = (j: Jane) => file(j, 'contact.vcf');

describe('GET {public host}/{alias}/contact.vcf', () => {
  it('downloads the published card as vCard 3.0 with CRLF lines, name, email and the page URL', async () => {
    const jane = await janeOfNewDivision();
    await publish(jane);
    const res = await vcf(jane);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${jane.alias}.vcf"`);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCARD');
    expect(lines).toContain('VERSION:3.0');
    expect(lines).toContain('FN:Jane Doe');
    expect(res.body).toContain(`URL:http://${jane.d.company.subdomain}.localhost/`);
    expect(res.body).toMatch(/ORG:Company co-[0-9a-f]+/);
    expect(res.body.trimEnd().endsWith('END:VCARD')).toBe(true);
  });

  it('answers the 404 page for an unpublished or unknown alias, another division’s host, and after unpublishing', async () => {
    const j = await janeOfNewDivision();
    expect((await vcf(j)).statusCode).toBe(404);
    expect((await vcf({ ...j, alias: 'nobody-here' })).statusCode).toBe(404);
    await publish(j);
    expect((await vcf(j)).statusCode).toBe(200);
    const other = await janeOfNewDivision();
    expect((await vcf({ ...j, host: other.host })).statusCode).toBe(404);
    await t.app.deps.db.update(profiles).set({ publishedAt: null }).where(eq(profiles.id, j.id));
    await expect.poll(async () => (await vcf(j)).statusCode, { timeout: 15_000 }).toBe(404);
  });

  it('is no longer addressed by row id (the cards cannot be walked by counting)', async () => {
    const j = await janeOfNewDivision();
    await publish(j);
    expect((await t.app.inject({ method: 'GET', url: `/api/profiles/${j.id}/vcard` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/profiles/${j.id}/qr.png` })).statusCode).toBe(404);
  });
});

describe('GET {public host}/{alias}/qr.png', () => {
  it('draws the page address as an 800×800 PNG named QRCode.png, revalidated by ETag', async () => {
    const jane = await janeOfNewDivision();
    await publish(jane);
    const res = await file(jane, 'qr.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('inline; filename="QRCode.png"');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([800, 800]);
    const again = await file(jane, 'qr.png', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('decodes to the page address with a real decoder and has a quiet zone of at least 4 modules (ISO/IEC 18004)', async () => {
    const jane = await janeOfNewDivision();
    await publish(jane);
    const read = await readQrImage((await file(jane, 'qr.png')).rawPayload);
    // Tagged, so a scan counts as a QR view in the statistics (issue 30).
    expect(read?.text).toBe(`http://${jane.d.company.subdomain}.localhost/${jane.alias}?src=qr`);
    expect(read?.quietZoneModules).toBeGreaterThanOrEqual(4);
  });

  it('is drawn once per published version, however often it is asked for', async () => {
    const j = await janeOfNewDivision();
    await publish(j);
    const drawn = vi.spyOn(QRCode, 'toBuffer');
    const first = await file(j, 'qr.png');
    expect(drawn).toHaveBeenCalledTimes(1);
    const many = await Promise.all(Array.from({ length: 20 }, () => file(j, 'qr.png')));
    expect(many.every((r) => r.statusCode === 200 && r.rawPayload.equals(first.rawPayload))).toBe(true);
    expect(drawn).toHaveBeenCalledTimes(1);
    drawn.mockRestore();
  });

  it('answers 404 for an unpublished profile', async () => {
    const jane = await janeOfNewDivision();
    expect((await file(jane, 'qr.png')).statusCode).toBe(404);
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
    const j = await jane({ ...childDetails('Jane Doe'), profilePhoto: { url: `/uploads/${key}` } });
    return j;
  }

  it('as a 256 px square JPEG, base64, on lines folded at 75 octets', async () => {
    const j = await janeWithUploadedPhoto();
    await publish(j);
    const res = await vcf(j);
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
    const j = await janeOfNewDivision();
    await publish(j);
    const res = await vcf(j);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('PHOTO');
  });
});

describe('each card file is answered once', () => {
  it('leaves no "Reply was already sent" in the log for contact.vcf and qr.png, fresh or revalidated', async () => {
    const j = await janeOfNewDivision();
    await publish(j);
    warnings.length = 0;
    for (const name of ['contact.vcf', 'qr.png']) {
      const res = await file(j, name);
      expect(res.statusCode).toBe(200);
      expect((await file(j, name, { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
    }
    // The second answer was tried after the first had gone out; one more request lets it happen before the log is read.
    expect((await file(j, 'nothing.txt')).statusCode).toBe(404);
    expect(warnings.filter((l) => l.includes('Reply was already sent'))).toEqual([]);
  });
});

describe('pages published before the cards moved to the alias', () => {
  it('are rendered again once at start-up, so their "Add to contacts" keeps working', async () => {
    const j = await janeOfNewDivision();
    await publish(j);
    const { db } = t.app.deps;
    const old = `<a href="/api/profiles/${j.id}/vcard">Save</a>`;
    await db.update(profiles).set({ publishedHtml: old, publishedEtag: 'old-format' }).where(eq(profiles.id, j.id));
    await db.delete(appState).where(eq(appState.key, 'page-format'));

    await prepareDatabase(t.database, { ...t.config, SEED: false });
    const [row] = await db.select().from(profiles).where(eq(profiles.id, j.id));
    expect(row?.publishedHtml).toContain(`href="/${j.alias}/contact.vcf"`);
    expect(row?.publishedEtag).not.toBe('old-format');
    const [state] = await db.select().from(appState).where(eq(appState.key, 'page-format'));
    expect(state?.value).toEqual({ version: PAGE_FORMAT, wallets: 'apple=false,google=false' });

    // Once per database: a later start leaves pages alone.
    await db.update(profiles).set({ publishedEtag: 'kept' }).where(eq(profiles.id, j.id));
    await prepareDatabase(t.database, { ...t.config, SEED: false });
    expect((await db.select().from(profiles).where(eq(profiles.id, j.id)))[0]?.publishedEtag).toBe('kept');

    // Unless the install's wallets changed (issue #30): its pages then offer the new one.
    await prepareDatabase(t.database, { ...t.config, SEED: false, GOOGLE_WALLET_ISSUER_ID: '3388000000012345678' });
    const [withWallet] = await db.select().from(profiles).where(eq(profiles.id, j.id));
    expect(withWallet?.publishedEtag).not.toBe('kept');
    expect(withWallet?.publishedHtml).toContain(`href="/${j.alias}/google-wallet"`);
    expect(withWallet?.publishedHtml).not.toContain('card.pkpass');
    await prepareDatabase(t.database, { ...t.config, SEED: false });
    expect((await db.select().from(profiles).where(eq(profiles.id, j.id)))[0]?.publishedHtml).not.toContain('google-wallet');
  });
});
