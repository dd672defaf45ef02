import { cardFields, vcard } from '@profilehub/profile-page';
import { QR_CODE, taggedUrl, type WhiteLabel } from '@profilehub/shared';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { pageUrl } from '../publishing/publishing.service.ts';
import { applePass } from '../wallet/apple-pass.ts';
import { googleWalletSaveUrl } from '../wallet/google-wallet.ts';
import { type WalletKeys, walletSerial } from '../wallet/wallet-keys.ts';
import { type OwnImages, PRODUCT_ICON } from './own-images.ts';
import { cardProfile } from './public-pages.queries.ts';
import type { PublishedPageCache } from './public-pages.service.ts';

/**
 * The page's icons by file name: 180 px for iOS's home screen, 192 and 512 px for the web
 * app manifest (Chromium installs a page only with a PNG of at least 144 px), 512 px for
 * link previews too.
 */
const ICON_SIZES = { 'icon-180.png': 180, 'icon-192.png': 192, 'icon-512.png': 512 } as const;
type IconFile = keyof typeof ICON_SIZES;

/**
 * The files beside a public page: "Add to contacts", the QR code, the icons, the Apple Wallet pass
 * and the "Save to Google Wallet" link (issue #30), addressed by the page's alias like the page itself.
 */
export type CardFile = 'contact.vcf' | 'qr.png' | IconFile | 'card.pkpass' | 'google-wallet';

/** `/{alias}/contact.vcf`, `/{alias}/qr.png`, `/{alias}/icon-{size}.png`, `/{alias}/card.pkpass` and `/{alias}/google-wallet` of a division's public host. */
export const CARD_FILE_PATH = /^\/([a-z0-9][a-z0-9._-]{0,99})\/(contact\.vcf|qr\.png|icon-(?:180|192|512)\.png|card\.pkpass|google-wallet)$/;

const HEX = /^#[0-9a-f]{6}$/i;
const plainSquare = (size: number, colour: string) =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
/** Spec §9 profile photo minimum: 256 px square, small enough for every phone's contacts app. */
const VCARD_PHOTO_SIZE = 256;
type Built = { body: Buffer; etag: string };

/**
 * Serves the card files of published pages. Each is built once per published version
 * (the page's ETag) and kept in a bounded memory cache, so a flood of requests costs a
 * lookup, not a QR drawing or a photo re-encode; an unpublish takes effect at once
 * because the page itself is looked up first. Nothing is addressed by a row id, so the
 * cards cannot be walked by counting.
 */
export function createCardFiles(o: { db: Db; config: Config; images: OwnImages; pages: PublishedPageCache; wallet: WalletKeys; log: FastifyBaseLogger }) {
  /**
   * A page's icon: the photo, else the division's icon, the page's or the division's logo
   * (fitted on white), else the product's. Only our own files are read, so an outside photo
   * falls through to the logos.
   */
  async function iconOf(content: { profilePhoto?: { url?: string }; logo?: { url?: string } }, whiteLabel: WhiteLabel | null, size: number) {
    const photo = await o.images.square(content.profilePhoto?.url, { size, fit: 'cover', format: 'png' });
    if (photo) return photo;
    for (const url of [whiteLabel?.icon, content.logo?.url, whiteLabel?.logo, PRODUCT_ICON]) {
      const icon = await o.images.square(url, { size, fit: 'contain', format: 'png' });
      if (icon) return icon;
    }
    return null;
  }

  const built = new LRUCache<string, Built>({ max: 2000, maxSize: 64 * 1024 * 1024, sizeCalculation: (b) => b.body.length || 1 });

  /**
   * Square PNGs of one image in three sizes, or null when it cannot be made. The largest is made
   * from the source and the two smaller from it: a new photo is decoded once, not three times
   * (the decoding was most of a pass's build, bench/wallet-pass.mjs).
   */
  async function threeSizes(make: (size: number) => Promise<Buffer | null>, base: number): Promise<[Buffer, Buffer, Buffer] | null> {
    const largest = await make(base * 3);
    return largest ? sizesOf(largest, base) : null;
  }
  /** The 1× and 2× of a square PNG that is already 3× `base`. */
  async function sizesOf(largest: Buffer, base: number): Promise<[Buffer, Buffer, Buffer]> {
    const smaller = (size: number) => sharp(largest).resize(size, size).png().toBuffer();
    const [one, two] = await Promise.all([smaller(base), smaller(base * 2)]);
    return [one, two, largest];
  }

  async function build(profileId: number, file: CardFile, etag: string): Promise<Built | null> {
    const row = await cardProfile(o.db, profileId);
    if (!row?.p.publishedAt || !row.p.publishedContent || !row.p.site) return null;
    const url = pageUrl(row.p.site, row.p.alias, o.config);
    if (file === 'card.pkpass' || file === 'google-wallet') {
      const content = row.p.publishedContent as { profilePhoto?: { url?: string }; logo?: { url?: string } };
      const fields = cardFields(row.p.publishedContent, row.companyTitle);
      const serial = walletSerial(profileId);
      const brandColor = row.whiteLabel?.brand_color ?? undefined;
      const version = etag.replaceAll('"', '');
      if (file === 'google-wallet') {
        if (!o.wallet.google) return null;
        const logoUrl = `${url}/icon-192.png`;
        const link = await googleWalletSaveUrl(o.wallet.google, { serial, fields, url: taggedUrl(url, 'wallet'), brandColor, logoUrl }, new URL(url).origin);
        return { body: Buffer.from(link), etag: `"gw-${version}"` };
      }
      if (!o.wallet.apple) return null;
      const brand = row.whiteLabel?.icon ?? row.whiteLabel?.logo ?? content.logo?.url;
      // The photo and the logo are made side by side, and the photo is decoded once: the icon is the
      // photo too when there is one, so its sizes come from the thumbnail's largest (87 px from 270 px).
      const [thumbnail, logo] = await Promise.all([
        threeSizes((size) => o.images.square(content.profilePhoto?.url, { size, fit: 'cover', format: 'png' }), 90),
        threeSizes((size) => o.images.square(brand, { size, fit: 'contain', format: 'png' }), 50),
      ]);
      // Wallet requires an icon: the photo, else the page's icon, else a square of the brand colour.
      const icon =
        (thumbnail && (await sizesOf(await sharp(thumbnail[2]).resize(87, 87).png().toBuffer(), 29))) ??
        (await threeSizes((size) => iconOf(content, row.whiteLabel, size), 29)) ??
        (await threeSizes((size) => plainSquare(size, brandColor && HEX.test(brandColor) ? brandColor : '#c2410c'), 29));
      if (!icon) return null;
      const body = applePass(o.wallet.apple, {
        serial,
        fields,
        // The pass's link and its QR code say they came from the pass (issue 30's view sources).
        url: taggedUrl(url, 'wallet'),
        brandColor,
        images: { icon, logo, thumbnail },
        webServiceURL: `${o.config.PUBLIC_URL}/api/wallet/apple`,
        authenticationToken: o.wallet.passToken(serial),
      });
      return { body, etag: `"pkpass-${version}"` };
    }
    if (file === 'qr.png') {
      const style = (row.p.publishedContent as { qrCodeData?: { colorOptions?: { dots?: { color?: string } } } }).qrCodeData;
      const dots = style?.colorOptions?.dots?.color;
      const body = await QRCode.toBuffer(taggedUrl(url, 'qr'), {
        type: 'png',
        errorCorrectionLevel: QR_CODE.errorCorrectionLevel,
        margin: QR_CODE.quietZone, // in modules
        width: QR_CODE.size,
        color: { dark: dots && HEX.test(dots) ? dots : QR_CODE.defaultColor, light: '#ffffff' },
      });
      return { body, etag: `"qr-${etag.replaceAll('"', '')}"` };
    }
    const content = row.p.publishedContent as { profilePhoto?: { url?: string }; logo?: { url?: string } };
    if (file !== 'contact.vcf') {
      const body = await iconOf(content, row.whiteLabel, ICON_SIZES[file]);
      return body ? { body, etag: `"${file.replace('.png', '')}-${etag.replaceAll('"', '')}"` } : null;
    }
    const photo = await o.images.square(content.profilePhoto?.url, { size: VCARD_PHOTO_SIZE, fit: 'cover', format: 'jpeg' });
    const card = vcard(row.p.publishedContent, { url, organization: row.companyTitle, photoBase64: photo?.toString('base64'), photoMime: 'image/jpeg' });
    return { body: Buffer.from(card, 'utf8'), etag: `"vcf-${etag.replaceAll('"', '')}"` };
  }

  /** The file of the page at `alias` as its current version has it, built once; null when the page is not published. */
  /** A file of one published version of a profile, built once and kept. */
  async function builtFile(profileId: number, file: CardFile, etag: string): Promise<Built | null> {
    const key = `${profileId}/${file}/${etag}`;
    const held = built.get(key);
    if (held) return held;
    const fresh = await build(profileId, file, etag);
    if (fresh) built.set(key, fresh);
    return fresh;
  }

  /** A file of the page at an alias, as published now; null when nothing is published there. */
  async function fileOf(companyId: number, alias: string, file: CardFile): Promise<Built | null> {
    const page = await o.pages.get(companyId, alias);
    return page ? builtFile(page.profileId, file, page.etag) : null;
  }

  /**
   * Sends the file and says true, or sends nothing and says false (not published). A boolean,
   * not the reply: a FastifyReply is a thenable, so an async function returning it resolves
   * to undefined, and the caller then answered a second time ("Reply was already sent").
   */
  async function serve(req: FastifyRequest, reply: FastifyReply, companyId: number, alias: string, file: CardFile): Promise<boolean> {
    const out = await fileOf(companyId, alias, file);
    if (!out) return false;
    // A fresh link each time it is opened: never cached, by the browser or a proxy.
    if (file === 'google-wallet') {
      reply.code(302).header('location', out.body.toString()).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send();
      return true;
    }
    reply
      .header('etag', out.etag)
      .header('cache-control', 'public, max-age=0, must-revalidate')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox");
    if (req.headers['if-none-match'] === out.etag) reply.code(304).send();
    else if (file === 'qr.png')
      reply
        .type('image/png')
        .header('content-disposition', `inline; filename="${QR_CODE.fileName}"`)
        // The editor's preview, on the hub's host, shows the page's QR code like the page does.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(out.body);
    else if (file === 'card.pkpass')
      reply
        .type('application/vnd.apple.pkpass')
        .header('content-disposition', `attachment; filename="${alias.replace(/[^a-z0-9_-]/gi, '')}.pkpass"`)
        .send(out.body);
    else if (file !== 'contact.vcf') reply.type('image/png').send(out.body);
    else
      reply
        .type('text/vcard; charset=utf-8')
        .header('content-disposition', `attachment; filename="${vcardFileName(alias)}"`)
        .send(out.body);
    return true;
  }

  /**
   * The page's "Save contact" card, the very bytes `/{alias}/contact.vcf` serves, and the name it
   * downloads as: what the follow-up mail of an exchange attaches (issue #29). Null when not published.
   */
  async function contactCard(companyId: number, alias: string): Promise<{ fileName: string; body: Buffer } | null> {
    const out = await fileOf(companyId, alias, 'contact.vcf');
    return out ? { fileName: vcardFileName(alias), body: out.body } : null;
  }

  /** The Apple Wallet pass of a published page at its current version (the wallet web service's "latest version"). */
  const applePassOf = async (profileId: number, etag: string) => (await builtFile(profileId, 'card.pkpass', etag))?.body ?? null;

  return Object.assign(serve, { contactCard, applePassOf });
}

/** The name a page's card downloads as: its alias, only the characters every file system takes. */
const vcardFileName = (alias: string) => `${alias.replace(/[^a-z0-9_-]/gi, '')}.vcf`;

/** What reads a published page's card: its bytes and file name (card files' `contactCard`). */
export type ContactCardOf = (companyId: number, alias: string) => Promise<{ fileName: string; body: Buffer } | null>;
