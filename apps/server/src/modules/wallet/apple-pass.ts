/**
 * A published card as an Apple Wallet pass (issue #30): a generic pass with the person's name,
 * title, company and contact details, a QR code of their public page, the division's colours and
 * logo, and their photo. passkit-generator writes pass.json, the manifest of SHA-1 hashes and the
 * detached PKCS#7 signature with the configured certificates. The pass names the hub's web
 * service and its own authentication token, so a phone that holds it asks for the new version
 * when the card is published again (wallet.service.ts).
 */
import { type CardFields, parseRgb, readableOn } from '@profilehub/profile-page';
import { zipSync } from 'fflate';
import { PKPass } from 'passkit-generator';
import type { AppleWalletKeys } from './wallet-keys.ts';

type PassImages = {
  /** Square PNGs of 29, 58 and 87 px (the icon is required; Wallet shows it in notifications). */
  icon: [Buffer, Buffer, Buffer];
  /** The division's logo, square PNGs of 50, 100 and 150 px. */
  logo: [Buffer, Buffer, Buffer] | null;
  /** The person's photo, square PNGs of 90, 180 and 270 px. */
  thumbnail: [Buffer, Buffer, Buffer] | null;
};

export type PassCard = {
  serial: string;
  fields: CardFields;
  /** The public page: the QR code and the back of the pass link to it. */
  url: string;
  /** The division's brand colour (`#rrggbb`), else the product's. */
  brandColor: string | undefined;
  images: PassImages;
  /** The hub's web service for this pass (`{PUBLIC_URL}/api/wallet/apple`) and the pass's token for it. */
  webServiceURL: string;
  authenticationToken: string;
};

const DEFAULT_BACKGROUND = '#c2410c';
const rgb = (hex: string) => {
  const [r, g, b] = parseRgb(hex) ?? [0, 0, 0];
  return `rgb(${r}, ${g}, ${b})`;
};

const SIZES = ['', '@2x', '@3x'] as const;
function sized(name: string, images: [Buffer, Buffer, Buffer] | null): Record<string, Buffer> {
  return images ? Object.fromEntries(SIZES.map((s, i) => [`${name}${s}.png`, images[i]!])) : {};
}

/** The `.pkpass` file (a signed zip) of one card. */
export function applePass(keys: AppleWalletKeys, card: PassCard): Buffer {
  const { fields } = card;
  const background = card.brandColor && parseRgb(card.brandColor) ? card.brandColor : DEFAULT_BACKGROUND;
  const foreground = readableOn(background, '#111111', '#ffffff');
  const name = fields.name || fields.organization || 'Business card';
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: keys.passTypeId,
    teamIdentifier: keys.teamId,
    serialNumber: card.serial,
    organizationName: fields.organization || name,
    description: `Business card of ${name}`,
    backgroundColor: rgb(background),
    foregroundColor: rgb(foreground),
    labelColor: rgb(foreground),
    webServiceURL: card.webServiceURL,
    authenticationToken: card.authenticationToken,
    generic: {},
  };
  const pass = new PKPass(
    {
      'pass.json': Buffer.from(JSON.stringify(passJson)),
      ...sized('icon', card.images.icon),
      ...sized('logo', card.images.logo),
      ...sized('thumbnail', card.images.thumbnail),
    },
    {
      wwdr: keys.wwdr,
      signerCert: keys.signerCert,
      signerKey: keys.signerKey,
      ...(keys.signerKeyPassphrase ? { signerKeyPassphrase: keys.signerKeyPassphrase } : {}),
    },
  );
  pass.primaryFields.push({ key: 'name', label: fields.organization || '', value: name });
  if (fields.title) pass.secondaryFields.push({ key: 'title', label: 'Title', value: fields.title });
  if (fields.mobile) pass.auxiliaryFields.push({ key: 'mobile', label: 'Mobile', value: fields.mobile });
  if (fields.email) pass.auxiliaryFields.push({ key: 'email', label: 'Email', value: fields.email });
  if (fields.mobile) pass.backFields.push({ key: 'back-mobile', label: 'Mobile', value: fields.mobile, dataDetectorTypes: ['PKDataDetectorTypePhoneNumber'] });
  if (fields.office) pass.backFields.push({ key: 'back-office', label: 'Office', value: fields.office, dataDetectorTypes: ['PKDataDetectorTypePhoneNumber'] });
  if (fields.email) pass.backFields.push({ key: 'back-email', label: 'Email', value: fields.email });
  pass.backFields.push({ key: 'page', label: 'Card', value: card.url, dataDetectorTypes: ['PKDataDetectorTypeLink'] });
  pass.setBarcodes({ format: 'PKBarcodeFormatQR', message: card.url, messageEncoding: 'iso-8859-1', altText: 'Scan to open the card' });
  // Zipped with fflate, not passkit-generator's own zip (do-not-zip): that one copies the whole archive
  // as an array of numbers for every file, about half of a pass's build time with a photo in three
  // sizes (bench/wallet-pass.mjs). Stored, not deflated, as before: the PNGs would not shrink.
  return Buffer.from(zipSync(pass.getAsRaw(), { level: 0 }));
}
