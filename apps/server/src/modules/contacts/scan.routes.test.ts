/**
 * Issue #29 card scanning through the API: a photo checked like every upload, read offline,
 * the contact saved as the person confirmed it with the photo kept — private to those who
 * see the contact, and deleted with it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type CardScanResult, CONTACTS_MESSAGES, type ContactDetail } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, leadSubmissions, uploads } from '../../db/schema.ts';
import { createCompany, createUser, multipartBody, signIn } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';
import { createDiskStore } from '../uploads/store.ts';
import { ORPHAN_GRACE_MS, sweepUploads } from '../uploads/sweep.ts';
import { expireContacts } from './contacts.service.ts';

const t = useTestApp();

type Person = { headers: Headers; userId: number; profileId: number | null };
let jane: Person;
let boss: Person;
let otherBoss: Person;
let admin: Person;

async function person(o: Parameters<typeof createUser>[1]): Promise<Person> {
  const u = await createUser(t.app, o);
  return { headers: (await signIn(t.app, u.email)).headers, userId: u.id, profileId: u.profileId };
}

/** A card as a phone photo might show it, drawn by librsvg (no browser needed here). */
async function cardPhoto(): Promise<Buffer> {
  const line = (y: number, size: number, text: string, bold = false) =>
    `<text x="60" y="${y}" font-family="DejaVu Sans" font-size="${size}" ${bold ? 'font-weight="bold"' : ''} fill="#1a202c">${text}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1050" height="600"><rect width="1050" height="600" fill="#fff"/>
    ${line(110, 48, 'Margaret Lee', true)}${line(160, 28, 'Head of Procurement')}${line(215, 32, 'Northwind Traders Ltd')}
    ${line(400, 24, 'Tel 020 7946 0958')}${line(440, 24, 'margaret.lee@northwind.co.uk')}${line(480, 24, 'www.northwind.co.uk')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

const scan = (p: Person, data: Buffer, query = '?country=GB', name = 'file') => {
  const body = multipartBody([{ name, filename: 'card.jpg', data, contentType: 'image/jpeg' }]);
  return t.app.inject({ method: 'POST', url: `/api/contacts/scan${query}`, headers: { ...p.headers, ...body.headers }, payload: body.payload });
};
const save = (p: Person, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/contacts', headers: p.headers, payload });
const card = (p: Person, id: number) => t.app.inject({ method: 'GET', url: `/api/contacts/${id}/card`, headers: p.headers });
const store = () => createDiskStore(path.join(t.config.DATA_DIR, 'uploads'));
const sweep = (now = new Date()) => sweepUploads(t.db, store(), t.app.log, now);
const keyOf = async (uploadId: number) => (await t.db.select().from(uploads).where(eq(uploads.id, uploadId)))[0]?.storageKey;
const onDisk = (key: string) => existsSync(path.join(t.config.DATA_DIR, 'uploads', key.slice(0, 2), key));

let photo: Buffer;
beforeAll(async () => {
  const a = await createCompany(t.db);
  const b = await createCompany(t.db);
  jane = await person({ companyId: a.id });
  boss = await person({ companyId: a.id, role: 'supervisor' });
  otherBoss = await person({ companyId: b.id, role: 'supervisor' });
  admin = await person({ role: 'superadmin' });
  photo = await cardPhoto();
});

describe('POST /api/contacts/scan, then POST /api/contacts', () => {
  let scanned: CardScanResult;
  let saved: ContactDetail;

  it('reads the card into fields, each with the text it came from, and keeps the photo private', async () => {
    const res = await scan(jane, photo);
    expect(res.statusCode, res.body).toBe(200);
    scanned = res.json();
    expect(scanned.fields.name).toEqual({ value: 'Margaret Lee', source: 'Margaret Lee' });
    expect(scanned.fields.jobTitle?.value).toBe('Head of Procurement');
    expect(scanned.fields.company?.value).toBe('Northwind Traders Ltd');
    // Written without +44: read in the country the phone said.
    expect(scanned.fields.phones).toEqual([{ value: '+442079460958', source: 'Tel 020 7946 0958' }]);
    expect(scanned.fields.emails.map((e) => e.value)).toEqual(['margaret.lee@northwind.co.uk']);
    expect(scanned.fields.links.map((l) => l.value)).toEqual(['https://www.northwind.co.uk']);
    expect(scanned.lines).toContain('Head of Procurement');

    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, scanned.cardUploadId));
    expect(row).toMatchObject({ purpose: 'contact-card', userId: jane.userId, mime: 'image/jpeg' });
    // Never on the public file route, unlike a profile's photos.
    expect((await t.app.inject({ method: 'GET', url: row!.url })).statusCode).toBe(404);
  });

  it('saves the confirmed contact as scanned, with the photo, for those who see it', async () => {
    const res = await save(jane, {
      name: 'Margaret Lee',
      jobTitle: 'Head of Procurement',
      company: 'Northwind Traders Ltd',
      phone: '+442079460958',
      email: 'margaret.lee@northwind.co.uk',
      website: 'https://www.northwind.co.uk',
      notes: 'Met at the trade fair',
      cardUploadId: scanned.cardUploadId,
    });
    expect(res.statusCode, res.body).toBe(201);
    saved = res.json();
    expect(saved).toMatchObject({
      name: 'Margaret Lee',
      source: 'scanned',
      phone: '+442079460958',
      website: 'https://www.northwind.co.uk',
      notes: 'Met at the trade fair',
      profileId: jane.profileId,
      cardUrl: `/api/contacts/${saved.id}/card`,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/contacts?source=scanned', headers: jane.headers });
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([saved.id]);

    for (const who of [jane, boss, admin]) {
      const img = await card(who, saved.id);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
      expect(img.headers['cache-control']).toBe('private, no-store');
      expect(img.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
    // Another division's supervisor: like a missing one.
    expect((await card(otherBoss, saved.id)).statusCode).toBe(404);
  });

  it('keeps a photo with one contact only, and only its uploader may claim it', async () => {
    const again = await save(jane, { name: 'Copy', cardUploadId: scanned.cardUploadId });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CONTACTS_MESSAGES.cardNotFound);

    const fresh: CardScanResult = (await scan(jane, photo)).json();
    const stolen = await save(boss, { name: 'Stolen', cardUploadId: fresh.cardUploadId });
    expect(stolen.statusCode).toBe(404);
  });

  it("refuses another division's profile, a contact with nothing in it, and a person without a profile", async () => {
    expect((await save(otherBoss, { name: 'X', profileId: jane.profileId })).statusCode).toBe(404);
    const empty = await save(jane, { notes: 'nothing else' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].message).toBe('Fill in at least a name, an email, a phone or a company.');
    const noProfile = await scan(admin, photo);
    expect(noProfile.statusCode).toBe(409);
    expect(noProfile.json().message).toBe(CONTACTS_MESSAGES.noProfile);
    // A superadmin names the profile instead.
    expect((await save(admin, { name: 'Kept for Jane', profileId: jane.profileId })).statusCode).toBe(201);
  });

  it('checks the photo as every upload is checked: by content, size and form', async () => {
    const text = await scan(jane, Buffer.from('not an image at all, whatever the name says'));
    expect(text.statusCode).toBe(415);
    const big = await scan(jane, Buffer.alloc(2 * 1024 * 1024 + 10, 0xff));
    expect(big.statusCode).toBe(413);
    const wrongField = await scan(jane, photo, '', 'files');
    expect(wrongField.statusCode).toBe(400);
    const badCountry = await scan(jane, photo, '?country=XX');
    expect(badCountry.statusCode).toBe(400);
    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/contacts/scan', headers: jane.headers, payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(415);
    expect((await t.app.inject({ method: 'POST', url: '/api/contacts/scan' })).statusCode).toBe(401);
  });

  it('keeps the photo while the contact is kept, and deletes it with the contact, on erasure and at retention', async () => {
    const key = (await keyOf(scanned.cardUploadId))!;
    // A day later the photo of a kept contact stays.
    await sweep(new Date(Date.now() + ORPHAN_GRACE_MS + 60_000));
    expect(onDisk(key)).toBe(true);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/contacts/${saved.id}`, headers: jane.headers })).statusCode).toBe(204);
    expect((await card(jane, saved.id)).statusCode).toBe(404);
    await sweep();
    expect(onDisk(key)).toBe(false);
    expect(await keyOf(scanned.cardUploadId)).toBeUndefined();

    // Erasure (delete-on-request) of a scanned contact's address.
    const s2: CardScanResult = (await scan(jane, photo)).json();
    const c2: ContactDetail = (await save(jane, { name: 'Erase Me', email: 'erase.me@example.test', cardUploadId: s2.cardUploadId })).json();
    const key2 = (await keyOf(s2.cardUploadId))!;
    const erased = await t.app.inject({ method: 'POST', url: '/api/contacts/erase', headers: jane.headers, payload: { email: 'erase.me@example.test' } });
    expect(erased.json().erased).toBe(1);
    expect((await card(jane, c2.id)).statusCode).toBe(404);
    await sweep();
    expect(onDisk(key2)).toBe(false);

    // Retention.
    const s3: CardScanResult = (await scan(jane, photo)).json();
    const c3: ContactDetail = (await save(jane, { name: 'Old Card', cardUploadId: s3.cardUploadId })).json();
    const key3 = (await keyOf(s3.cardUploadId))!;
    await t.db
      .update(leadSubmissions)
      .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(leadSubmissions.id, c3.id));
    await t.db.update(companies).set({ contactRetentionMonths: 1 });
    expect(await expireContacts({ db: t.db })).toBeGreaterThanOrEqual(1);
    await t.db.update(companies).set({ contactRetentionMonths: null });
    await sweep();
    expect(onDisk(key3)).toBe(false);
  });
});
