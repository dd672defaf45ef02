import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { WALLET_MESSAGES } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { jwtVerify } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { uploads, walletRegistrations } from '../../db/schema.ts';
import { childDetails, createTemplateDivision, createUser, freshIp, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { createDiskStore } from '../uploads/store.ts';
import { GOOGLE_WALLET_CLASS } from './google-wallet.ts';
import { pushPassUpdates } from './wallet.service.ts';
import { loadWalletKeys } from './wallet-keys.ts';

/**
 * Wallet passes (issue #30) with keys the test makes itself: a CA playing Apple's WWDR, a Pass
 * Type ID certificate it signs, and a Google service account key. The pass is unpacked and its
 * signature checked by OpenSSL; the Google link's JWT by jose; the web service is driven as a
 * phone drives it; pushes go to a local HTTP/2 server that plays APNs.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'wallet-test-'));
const file = (name: string) => path.join(dir, name);
const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });

const PASS_TYPE = 'pass.test.profilehub';
const TEAM = 'ABCDE12345';
const ISSUER = '3388000000012345678';
const CLIENT_EMAIL = 'wallet@profilehub-test.iam.gserviceaccount.com';

openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=Test WWDR');
openssl(
  'req',
  '-newkey',
  'rsa:2048',
  '-nodes',
  '-keyout',
  file('pass.key'),
  '-out',
  file('pass.csr'),
  '-subj',
  `/UID=${PASS_TYPE}/CN=Pass Type ID: ${PASS_TYPE}/OU=${TEAM}`,
);
openssl('x509', '-req', '-in', file('pass.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file('pass.pem'), '-days', '2');
const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
writeFileSync(
  file('google.json'),
  JSON.stringify({ type: 'service_account', client_email: CLIENT_EMAIL, private_key: google.privateKey.export({ type: 'pkcs8', format: 'pem' }) }),
);

const t = useTestApp({
  env: {
    // No web build to read the product icon from (as in CI before the e2e build): the pass still has an icon.
    WEB_DIST: dir,
    APPLE_PASS_TYPE_ID: PASS_TYPE,
    APPLE_TEAM_ID: TEAM,
    APPLE_PASS_CERT_FILE: file('pass.pem'),
    APPLE_PASS_KEY_FILE: file('pass.key'),
    APPLE_WWDR_CERT_FILE: file('ca.pem'),
    GOOGLE_WALLET_ISSUER_ID: ISSUER,
    GOOGLE_WALLET_KEY_FILE: file('google.json'),
  },
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An uploaded profile photo of the division: 900 × 600, red. */
async function uploadedPhoto(companyId: number) {
  const key = `${randomBytes(16).toString('hex')}.png`;
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  await createDiskStore(path.join(t.config.DATA_DIR, 'uploads')).put(key, png, 'image/png');
  const url = `/uploads/${key}`;
  await t.db
    .insert(uploads)
    .values({ companyId, purpose: 'profile-photo', mime: 'image/png', size: png.length, width: 900, height: 600, storageKey: key, url });
  return url;
}

/** A published card of a fresh division (with an uploaded photo when asked), with its public host. */
async function publishedCard(o: { photo?: boolean } = {}) {
  const d = await createTemplateDivision(t.db);
  const alias = `jane-wallet-${Math.random().toString(36).slice(2, 8)}`;
  const photo = o.photo ? { profilePhoto: { url: await uploadedPhoto(d.company.id) } } : {};
  const u = await createUser(t.app, {
    companyId: d.company.id,
    masterProfileId: d.masterId,
    alias,
    content: { ...childDetails('Jane Wallet'), mainContactNumber: '+44 20 7946 0000', emailAddress: 'jane@acme.test', ...photo },
  });
  const headers = (await signIn(t.app, u.email)).headers;
  const publish = async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/profiles/${u.profileId}/publish`, headers });
    expect(res.statusCode, res.body).toBe(200);
  };
  await publish();
  const host = `${d.company.subdomain}.localhost`;
  const get = (p: string, extra: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: p, headers: { host, ...extra } });
  return { d, u, alias, host, get, publish, profileId: u.profileId!, serial: `p${u.profileId}` };
}

const files = (pkpass: Buffer) => unzipSync(new Uint8Array(pkpass));
const passJsonOf = (pkpass: Buffer) =>
  JSON.parse(Buffer.from(files(pkpass)['pass.json']!).toString()) as Record<string, unknown> & { authenticationToken: string };

describe('the Apple Wallet pass of a published card', () => {
  it('is a signed .pkpass: every file in the manifest with its SHA-1, the signature verifies with OpenSSL against the issuing CA', async () => {
    const card = await publishedCard();
    const res = await card.get(`/${card.alias}/card.pkpass`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${card.alias}.pkpass"`);
    const zip = files(res.rawPayload);
    expect(Object.keys(zip).sort()).toEqual(expect.arrayContaining(['icon.png', 'icon@2x.png', 'icon@3x.png', 'manifest.json', 'pass.json', 'signature']));
    const manifest = JSON.parse(Buffer.from(zip['manifest.json']!).toString()) as Record<string, string>;
    const content = Object.keys(zip).filter((f) => f !== 'manifest.json' && f !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(content.sort());
    for (const f of content) expect(manifest[f], f).toBe(createHash('sha1').update(zip[f]!).digest('hex'));

    writeFileSync(file('manifest.json'), zip['manifest.json']!);
    writeFileSync(file('signature'), zip.signature!);
    const verify = ['smime', '-verify', '-binary', '-inform', 'DER', '-in', file('signature'), '-content', file('manifest.json'), '-purpose', 'any'];
    expect(() => openssl(...verify, '-CAfile', file('ca.pem'), '-out', file('verified'))).not.toThrow();
    // A manifest changed after signing (a file swapped in the zip) no longer verifies.
    writeFileSync(file('manifest.json'), Buffer.from(zip['manifest.json']!).toString().replace('"icon.png":"', '"icon.png":"0'));
    expect(() => openssl(...verify, '-CAfile', file('ca.pem'), '-out', file('verified'))).toThrow();
  });

  it('shows the photo as the icon and the thumbnail, each a square PNG at 1×, 2× and 3×', async () => {
    const card = await publishedCard({ photo: true });
    const res = await card.get(`/${card.alias}/card.pkpass`);
    expect(res.statusCode, res.body).toBe(200);
    const zip = files(res.rawPayload);
    const sides = { icon: 29, thumbnail: 90 };
    for (const [name, side] of Object.entries(sides))
      for (const [scale, suffix] of [1, 2, 3].map((n) => [n, n === 1 ? '' : `@${n}x`] as const)) {
        const file = `${name}${suffix}.png`;
        const png = sharp(zip[file]!);
        const meta = await png.metadata();
        expect([file, meta.format, meta.width, meta.height]).toEqual([file, 'png', side * scale, side * scale]);
        // The photo's colour in the middle: cropped from the photo, not a blank or a fallback square.
        const { data } = await png
          .extract({ left: Math.floor((side * scale) / 2), top: Math.floor((side * scale) / 2), width: 1, height: 1 })
          .raw()
          .toBuffer({ resolveWithObject: true });
        expect([file, ...data.subarray(0, 3)]).toEqual([file, 0xc0, 0x39, 0x2b]);
      }
  });

  it('carries the card: name, title, company, contacts, a QR code of the page and the web service with its token', async () => {
    const card = await publishedCard();
    const pass = passJsonOf((await card.get(`/${card.alias}/card.pkpass`)).rawPayload);
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE,
      teamIdentifier: TEAM,
      serialNumber: card.serial,
      organizationName: card.d.company.title,
      webServiceURL: `${t.config.PUBLIC_URL}/api/wallet/apple`,
    });
    const [barcode] = pass.barcodes as { format: string; message: string; messageEncoding: string }[];
    expect(barcode).toMatchObject({ format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1' });
    expect(new URL(barcode!.message).hostname).toBe(card.host);
    expect(new URL(barcode!.message).pathname).toBe(`/${card.alias}`);
    // The pass's code and link say they came from the pass (issue 30's view sources).
    expect(new URL(barcode!.message).searchParams.get('src')).toBe('wallet');
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
    const generic = pass.generic as Record<string, { key: string; value: string }[]>;
    expect(generic.primaryFields?.[0]?.value).toBe('Jane Wallet');
    expect(generic.secondaryFields?.[0]?.value).toBe('Head of Sales');
    expect(generic.auxiliaryFields?.map((f) => f.value)).toEqual(['+44 20 7946 0000', 'jane@acme.test']);
    // Not published: no pass, like the page.
    const other = await publishedCard();
    const admin = (await signIn(t.app, (await createUser(t.app, { role: 'superadmin' })).email)).headers;
    expect((await t.app.inject({ method: 'PUT', url: `/api/profiles/${other.profileId}/unpublish`, headers: admin })).statusCode).toBe(200);
    expect((await other.get(`/${other.alias}/card.pkpass`)).statusCode).toBe(404);
  });
});

describe('"Save to Google Wallet"', () => {
  it('sends the visitor to Google with a JWT signed by the service account, holding the card as a generic pass', async () => {
    const card = await publishedCard();
    const res = await card.get(`/${card.alias}/google-wallet`);
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = String(res.headers.location);
    expect(location.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = location.slice('https://pay.google.com/gp/v/save/'.length);
    const { payload, protectedHeader } = await jwtVerify(jwt, google.publicKey, { issuer: CLIENT_EMAIL, audience: 'google' });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    const body = payload.payload as { genericClasses: { id: string }[]; genericObjects: Record<string, unknown>[] };
    expect(body.genericClasses).toEqual([{ id: `${ISSUER}.${GOOGLE_WALLET_CLASS}` }]);
    expect(body.genericObjects[0]).toMatchObject({
      id: `${ISSUER}.${card.serial}`,
      classId: `${ISSUER}.${GOOGLE_WALLET_CLASS}`,
      header: { defaultValue: { language: 'en', value: 'Jane Wallet' } },
      subheader: { defaultValue: { value: 'Head of Sales' } },
      barcode: { type: 'QR_CODE' },
    });
    expect((body.genericObjects[0]!.barcode as { value: string }).value).toMatch(new RegExp(`/${card.alias}\\?src=wallet$`));
    expect(payload.origins).toEqual([new URL((body.genericObjects[0]!.barcode as { value: string }).value).origin]);
    // Another key does not verify it.
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await expect(jwtVerify(jwt, stranger.publicKey)).rejects.toThrow();
  });

  it('the published page offers both wallets', async () => {
    const card = await publishedCard();
    const page = (await card.get(`/${card.alias}`)).body;
    expect(page).toContain(`href="/${card.alias}/card.pkpass"`);
    expect(page).toContain(`href="/${card.alias}/google-wallet"`);
    expect(page).toContain('Add to Apple Wallet');
    expect(page).toContain('Save to Google Wallet');
  });
});

describe('the Apple Wallet web service', () => {
  const base = `/api/wallet/apple/v1`;
  const device = 'device0123456789abcdef';
  const pushToken = 'ab'.repeat(32);

  async function registered() {
    const card = await publishedCard();
    const token = passJsonOf((await card.get(`/${card.alias}/card.pkpass`)).rawPayload).authenticationToken;
    const auth = { authorization: `ApplePass ${token}` };
    const registration = `${base}/devices/${device}/registrations/${PASS_TYPE}/${card.serial}`;
    return { card, token, auth, registration };
  }

  it('registers a phone only with the pass’s own token; lists the passes published since a tag; answers the pass, or 304', async () => {
    const { card, auth, registration } = await registered();
    const ip = freshIp();
    const post = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: registration, headers, remoteAddress: ip, payload: { pushToken } });
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'ApplePass wrong-token-wrong-token' },
      { authorization: `Bearer ${auth.authorization.slice(10)}` },
    ]) {
      const refused = await post(headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(WALLET_MESSAGES.notAuthorized);
    }
    // Another serial with this pass's token: refused too.
    const theirs = await t.app.inject({
      method: 'POST',
      url: registration.replace(card.serial, `p${card.profileId + 1000}`),
      headers: auth,
      payload: { pushToken },
    });
    expect(theirs.statusCode).toBe(401);
    expect((await post(auth)).statusCode).toBe(201);
    expect((await post(auth)).statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'POST', url: registration, headers: auth, payload: { pushToken: 'not hex' } });
    expect(bad.statusCode).toBe(400);

    const list = await t.app.inject({ method: 'GET', url: `${base}/devices/${device}/registrations/${PASS_TYPE}` });
    expect(list.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = list.json() as { serialNumbers: string[]; lastUpdated: string };
    expect(serialNumbers).toContain(card.serial);
    const since = await t.app.inject({ method: 'GET', url: `${base}/devices/${device}/registrations/${PASS_TYPE}?passesUpdatedSince=${lastUpdated}` });
    expect(since.statusCode).toBe(204);

    const pass = await t.app.inject({ method: 'GET', url: `${base}/passes/${PASS_TYPE}/${card.serial}`, headers: auth });
    expect(pass.statusCode).toBe(200);
    expect(pass.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(passJsonOf(pass.rawPayload).serialNumber).toBe(card.serial);
    const lastModified = String(pass.headers['last-modified']);
    const again = await t.app.inject({
      method: 'GET',
      url: `${base}/passes/${PASS_TYPE}/${card.serial}`,
      headers: { ...auth, 'if-modified-since': lastModified },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: `${base}/passes/${PASS_TYPE}/${card.serial}` })).statusCode).toBe(401);

    // Published again: the phone's tag is behind, and the pass is new.
    await card.publish();
    const after = await t.app.inject({ method: 'GET', url: `${base}/devices/${device}/registrations/${PASS_TYPE}?passesUpdatedSince=${lastUpdated}` });
    expect(after.statusCode).toBe(200);
    expect((after.json() as { serialNumbers: string[] }).serialNumbers).toEqual([card.serial]);
    const older = await t.app.inject({
      method: 'GET',
      url: `${base}/passes/${PASS_TYPE}/${card.serial}`,
      headers: { ...auth, 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' },
    });
    expect(older.statusCode).toBe(200);

    const gone = await t.app.inject({ method: 'DELETE', url: registration, headers: auth });
    expect(gone.statusCode).toBe(200);
    expect(await t.db.select().from(walletRegistrations).where(eq(walletRegistrations.profileId, card.profileId))).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: `${base}/log`, payload: { logs: ['Web service error'] } })).statusCode).toBe(200);
  });

  it('refuses 20 parallel guesses of the token without a 5xx, and its per-address limit holds', async () => {
    const { registration } = await registered();
    const ip = freshIp();
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: registration,
          headers: { authorization: `ApplePass guess-${i}-aaaaaaaaaaaa` },
          remoteAddress: ip,
          payload: { pushToken },
        }),
      ),
    );
    // Any other answer is shown with its body: a 503 says whether the limit store or the database failed.
    expect(guesses.filter((g) => g.statusCode !== 401).map((g) => `${g.statusCode} ${g.body}`)).toEqual([]);
    const codes: number[] = [];
    const others: string[] = [];
    while (!codes.includes(429) && codes.length < 400) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.app.inject({ method: 'POST', url: registration, headers: { authorization: 'ApplePass x' }, remoteAddress: ip, payload: { pushToken } }),
        ),
      );
      codes.push(...batch.map((b) => b.statusCode));
      others.push(...batch.filter((b) => b.statusCode !== 401 && b.statusCode !== 429).map((b) => `${b.statusCode} ${b.body}`));
    }
    expect(codes).toContain(429);
    expect(others).toEqual([]);
    // 300 a window (LIMITS.walletPerIp): 20 above and what came before the first 429.
    expect(20 + codes.indexOf(429)).toBe(300);
  });

  describe('pushes to phones when the card is published again', () => {
    let apns: Http2SecureServer;
    let apnsUrl: string;
    const seen: { path: string; topic: string; body: string; clientCn: string }[] = [];
    let answer = 200;
    beforeAll(async () => {
      openssl(
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        file('apns.key'),
        '-out',
        file('apns.pem'),
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      );
      apns = createSecureServer({ key: readFileSync(file('apns.key')), cert: readFileSync(file('apns.pem')), requestCert: true, rejectUnauthorized: false });
      apns.on('stream', (stream, headers) => {
        let body = '';
        stream.on('data', (c) => {
          body += c;
        });
        stream.on('end', () => {
          const peer = (stream.session!.socket as TLSSocket).getPeerCertificate();
          seen.push({ path: String(headers[':path']), topic: String(headers['apns-topic']), body, clientCn: String(peer.subject?.CN ?? '') });
          stream.respond({ ':status': answer });
          stream.end();
        });
      });
      await new Promise<void>((resolve) => apns.listen(0, '127.0.0.1', resolve));
      apnsUrl = `https://localhost:${(apns.address() as { port: number }).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => apns.close(() => resolve())));

    it('sends one empty notification on the pass type topic with the pass certificate, once per publish; a token APNs no longer knows is dropped', async () => {
      const { card, auth, registration } = await registered();
      expect((await t.app.inject({ method: 'POST', url: registration, headers: auth, payload: { pushToken } })).statusCode).toBe(201);
      const apple = { ...t.app.deps.wallet.apple!, apnsUrl };
      const push = () => pushPassUpdates({ db: t.db, apple, log: t.app.log, ca: readFileSync(file('apns.pem'), 'utf8') });
      seen.length = 0;
      expect(await push()).toEqual({ pushed: 0, dropped: 0, failed: 0 }); // registered after the publish: nothing to tell

      await card.publish();
      expect(await push()).toMatchObject({ pushed: 1, failed: 0 });
      expect(seen).toEqual([{ path: `/3/device/${pushToken}`, topic: PASS_TYPE, body: '{}', clientCn: `Pass Type ID: ${PASS_TYPE}` }]);
      expect(await push()).toEqual({ pushed: 0, dropped: 0, failed: 0 }); // told once

      answer = 410;
      await card.publish();
      expect(await push()).toMatchObject({ dropped: 1 });
      expect(await t.db.select().from(walletRegistrations).where(eq(walletRegistrations.profileId, card.profileId))).toEqual([]);
      answer = 200;
    });
  });
});

describe('wallet settings', () => {
  it('are taken whole or not at all, and a file that holds no key or certificate stops the start with its setting named', () => {
    expect(() => loadConfig({ APPLE_PASS_TYPE_ID: PASS_TYPE })).toThrow(/APPLE_TEAM_ID: required when APPLE_PASS_TYPE_ID is set/);
    expect(() => loadConfig({ GOOGLE_WALLET_KEY_FILE: file('google.json') })).toThrow(/GOOGLE_WALLET_ISSUER_ID: required/);
    expect(() => loadConfig({ APPLE_TEAM_ID: 'lowercase' })).toThrow(/APPLE_TEAM_ID: must be the 10-character Team ID/);
    const apple = {
      APPLE_PASS_TYPE_ID: PASS_TYPE,
      APPLE_TEAM_ID: TEAM,
      APPLE_PASS_CERT_FILE: file('pass.pem'),
      APPLE_PASS_KEY_FILE: file('pass.key'),
      APPLE_WWDR_CERT_FILE: file('ca.pem'),
    };
    expect(loadWalletKeys(loadConfig(apple), 'x'.repeat(32)).apple?.passTypeId).toBe(PASS_TYPE);
    expect(() => loadWalletKeys(loadConfig({ ...apple, APPLE_WWDR_CERT_FILE: file('pass.key') }), 'x'.repeat(32))).toThrow(
      /APPLE_WWDR_CERT_FILE: .* holds no PEM certificate/,
    );
    expect(() => loadWalletKeys(loadConfig({ ...apple, APPLE_PASS_KEY_FILE: file('missing.key') }), 'x'.repeat(32))).toThrow(
      /APPLE_PASS_KEY_FILE: cannot read/,
    );
    expect(() => loadWalletKeys(loadConfig({ GOOGLE_WALLET_ISSUER_ID: ISSUER, GOOGLE_WALLET_KEY_FILE: file('ca.pem') }), 'x'.repeat(32))).toThrow(
      /GOOGLE_WALLET_KEY_FILE: .* is not a service account JSON key/,
    );
    // Without keys: no wallet.
    expect(loadWalletKeys(loadConfig({}), 'x'.repeat(32))).toMatchObject({ apple: null, google: null });
  });
});
