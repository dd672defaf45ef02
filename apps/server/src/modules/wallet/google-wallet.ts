/**
 * "Save to Google Wallet" (issue #30): a generic pass object, with its class, in a JWT signed by
 * the configured service account (RS256, `jose`; no Google SDK). Google reads the object from the
 * JWT when the visitor opens the save link, so nothing is sent to Google beforehand.
 */
import type { CardFields } from '@profilehub/profile-page';
import { SignJWT } from 'jose';
import type { GoogleWalletKeys } from './wallet-keys.ts';

/** The one pass class every card of this install belongs to (a class holds the objects' shared look; ours have none). */
export const GOOGLE_WALLET_CLASS = 'profilehub-card';

export type GoogleCard = {
  serial: string;
  fields: CardFields;
  url: string;
  brandColor: string | undefined;
  /** A square image of the card (photo or division icon) on the public host, for the pass's logo. */
  logoUrl: string;
};

const text = (value: string) => ({ defaultValue: { language: 'en', value } });

/** The link that saves the card to Google Wallet: `https://pay.google.com/gp/v/save/{jwt}`. */
export async function googleWalletSaveUrl(keys: GoogleWalletKeys, card: GoogleCard, origin: string): Promise<string> {
  const { fields } = card;
  const name = fields.name || fields.organization || 'Business card';
  const classId = `${keys.issuerId}.${GOOGLE_WALLET_CLASS}`;
  const modules = [
    fields.mobile ? { id: 'mobile', header: 'Mobile', body: fields.mobile } : null,
    fields.office ? { id: 'office', header: 'Office', body: fields.office } : null,
    fields.email ? { id: 'email', header: 'Email', body: fields.email } : null,
  ].filter((m) => m !== null);
  const object = {
    id: `${keys.issuerId}.${card.serial}`,
    classId,
    state: 'ACTIVE',
    cardTitle: text(fields.organization || name),
    header: text(name),
    ...(fields.title ? { subheader: text(fields.title) } : {}),
    ...(modules.length ? { textModulesData: modules } : {}),
    linksModuleData: { uris: [{ id: 'page', uri: card.url, description: 'Card' }] },
    barcode: { type: 'QR_CODE', value: card.url },
    ...(card.brandColor && /^#[0-9a-f]{6}$/i.test(card.brandColor) ? { hexBackgroundColor: card.brandColor } : {}),
    logo: { sourceUri: { uri: card.logoUrl }, contentDescription: text(name) },
  };
  const jwt = await new SignJWT({ origins: [origin], typ: 'savetowallet', payload: { genericClasses: [{ id: classId }], genericObjects: [object] } })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(keys.clientEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(keys.privateKey);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}
