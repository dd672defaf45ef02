/**
 * "Add to contacts" (spec §4 visitor actions): a vCard 3.0 (RFC 2426) for a
 * profile, read correctly by iOS Contacts and Android: CRLF line endings, text
 * values escaped (`\\`, `,`, `;`, newlines), lines folded at 75 octets without
 * splitting a UTF-8 character, `item` groups with `X-ABLabel` so WhatsApp and
 * each social network keep their names on iOS (Android reads the plain TEL/URL).
 */
import { addressParts, displayName, isShownAt, normalizeSocialUrl, SOCIAL_NETWORK_TITLES, SOCIAL_NETWORKS, type SocialNetwork } from '@profilehub/shared';
import { nameParts } from './names.ts';
import { phoneText, safeEmail, safeHref } from './safe.ts';
import type { PageContent } from './types.ts';

export type VcardOptions = {
  /** The public page (the card's URL). */
  url: string;
  /** The profile photo, base64 (a JPEG unless `photoMime` says otherwise). */
  photoBase64?: string | undefined;
  photoMime?: string | undefined;
  /** The company shown as ORG. */
  organization?: string | undefined;
  /** The moment the card is made for: a social link switched off or outside its window is left out, as on the page (default: now). */
  now?: Date | number | undefined;
};

const CRLF = '\r\n';

/** Escapes a vCard text value. */
export function escapeVcardText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/,/g, '\\,').replace(/;/g, '\\;');
}

/** A URI value: no escaping (clients would keep the backslashes), but never a line break. */
const uri = (value: string) => value.replace(/[\r\n]/g, '');

/** Folds one content line at 75 octets (RFC 2425 §5.8.1): CRLF plus one space, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const bytes = encoder.encode(ch).length;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = 74; // the leading space of a continuation line counts
    }
    current += ch;
    size += bytes;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const PHOTO_TYPES: Readonly<Record<string, string>> = { 'image/jpeg': 'JPEG', 'image/jpg': 'JPEG', 'image/png': 'PNG', 'image/gif': 'GIF' };

const text = (v: unknown, max = 500) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/** A card's main facts, as its vCard, wallet pass and signature show them (empty when absent or not valid). */
export type CardFields = { name: string; title: string; organization: string; mobile: string; office: string; email: string };

export function cardFields(content: PageContent, organization?: string): CardFields {
  return {
    name: displayName({ fullName: text(content.fullName, 200), firstName: text(content.firstName, 100), lastName: text(content.lastName, 100) }),
    title: text(content.jobTitle, 150),
    organization: text(organization, 200),
    mobile: phoneText(content.mainContactNumber),
    office: phoneText(content.officeNumber),
    email: safeEmail(content.emailAddress),
  };
}

/** The vCard 3.0 text of a profile. */
export function vcard(content: PageContent, options: VcardOptions): string {
  const { first, last } = nameParts(content);
  const card = cardFields(content, options.organization);
  const org = card.organization;
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:3.0', 'PRODID:-//Profilehub//Profile page//EN'];
  lines.push(`N:${escapeVcardText(last)};${escapeVcardText(first)};;;`);
  lines.push(`FN:${escapeVcardText(card.name || org || 'Contact')}`);
  if (org) lines.push(`ORG:${escapeVcardText(org)}`);
  if (card.title) lines.push(`TITLE:${escapeVcardText(card.title)}`);

  let item = 0;
  const labelled = (property: string, value: string, label: string) => {
    item += 1;
    lines.push(`item${item}.${property}:${value}`, `item${item}.X-ABLabel:${escapeVcardText(label)}`);
  };
  if (card.mobile) lines.push(`TEL;TYPE=CELL,VOICE:${escapeVcardText(card.mobile)}`);
  const whatsapp = phoneText(content.whatsappNumber);
  if (whatsapp) labelled('TEL;TYPE=CELL', escapeVcardText(whatsapp), 'WhatsApp');
  if (card.office) lines.push(`TEL;TYPE=WORK,VOICE:${escapeVcardText(card.office)}`);
  if (card.email) lines.push(`EMAIL;TYPE=INTERNET,WORK:${card.email}`);
  // ADR components (RFC 2426 §3.2.1): post office box; extended address; street; locality; region; postal code; country.
  const address = addressParts(content.navigateToOffice);
  const adr = [address.street, address.city, address.region, address.postcode, address.country].map((part) => escapeVcardText(text(part, 300)));
  if (adr.some(Boolean)) lines.push(`ADR;TYPE=WORK:;;${adr.join(';')}`);
  const page = safeHref(options.url) ?? (/^http:\/\/[^\s]+$/.test(options.url) ? options.url : undefined);
  if (page) lines.push(`URL:${uri(page)}`);
  const seen = new Set<string>();
  for (const link of content.socialLinks ?? []) {
    const key = link?.key as SocialNetwork;
    if (!link || !isShownAt(link, options.now ?? Date.now()) || !SOCIAL_NETWORKS.includes(key) || seen.has(key)) continue;
    const href = safeHref(normalizeSocialUrl(text(link.url, 2048)));
    if (!href) continue;
    seen.add(key);
    labelled('URL', uri(href), SOCIAL_NETWORK_TITLES[key]);
  }
  const photo = (options.photoBase64 ?? '').replace(/\s+/g, '');
  if (photo && /^[A-Za-z0-9+/]+={0,2}$/.test(photo)) {
    const type = PHOTO_TYPES[(options.photoMime ?? 'image/jpeg').toLowerCase()] ?? 'JPEG';
    lines.push(`PHOTO;ENCODING=b;TYPE=${type}:${photo}`);
  }
  lines.push('END:VCARD');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
