/**
 * Issue #30 email signatures (decision 031): a profile's signature as mail clients keep it.
 * Gmail, Outlook (Word's HTML engine) and Apple Mail agree only on old HTML: nested tables
 * for layout, every style inline, no `<style>`, no script, no web fonts, no CSS layout.
 * Every value is escaped; every link and image is an absolute https URL (anything else is
 * left out), so a pasted signature never loads or opens something over http or a relative
 * path that means nothing inside a mail. Phone numbers are text: mail clients link them.
 */
import { isShownAt, normalizeSocialUrl, type SignatureLayout, SOCIAL_NETWORK_TITLES, SOCIAL_NETWORKS, type SocialNetwork } from '@profilehub/shared';
import { absoluteUrl, imageSrc, safeHref } from './safe.ts';
import type { PageContent } from './types.ts';
import { cardFields } from './vcard.ts';

export type SignatureOptions = {
  layout: SignatureLayout;
  /** The public page, with its source tag (`?src=signature`). */
  cardUrl: string;
  /** The card's QR code as a PNG the hub serves (the `card` layout shows it). */
  qrUrl: string;
  organization?: string | undefined;
  /** The division's brand colour (`#rrggbb`); the product's when absent or not one. */
  brandColor?: string | null | undefined;
  /** The moment the signature is made for: a social link outside its window is left out, as on the page. */
  now?: Date | number | undefined;
};

const DEFAULT_BRAND = '#c2410c';
const HEX = /^#[0-9a-f]{6}$/i;
const FONT = 'Arial,Helvetica,sans-serif';
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** An absolute https URL, or undefined. */
const httpsUrl = (url: string | undefined) => {
  const href = safeHref(url);
  return href?.startsWith('https://') ? href : undefined;
};

type Link = { label: string; href: string };

/** The shown social links with their names, each network once. */
function socialLinksOf(content: PageContent, now: Date | number): Link[] {
  const seen = new Set<string>();
  const out: Link[] = [];
  for (const link of content.socialLinks ?? []) {
    const key = link?.key as SocialNetwork;
    if (!link || !isShownAt(link, now) || !SOCIAL_NETWORKS.includes(key) || seen.has(key)) continue;
    const href = httpsUrl(normalizeSocialUrl(String(link.url ?? '').trim()));
    if (!href) continue;
    seen.add(key);
    out.push({ label: SOCIAL_NETWORK_TITLES[key], href });
  }
  return out;
}

/** A profile's email signature: table-based HTML with inline styles, and the same as plain text. */
export function emailSignature(content: PageContent, o: SignatureOptions): { html: string; text: string } {
  const card = cardFields(content, o.organization);
  const brand = o.brandColor && HEX.test(o.brandColor) ? o.brandColor : DEFAULT_BRAND;
  const cardHref = httpsUrl(o.cardUrl);
  const qr = httpsUrl(o.qrUrl);
  // An upload is addressed from the page's host, as the page's own images are.
  const photo = httpsUrl(absoluteUrl(imageSrc(content.profilePhoto?.url), o.cardUrl));
  const social = socialLinksOf(content, o.now ?? Date.now());
  const links: Link[] = [...(cardHref ? [{ label: 'My digital card', href: cardHref }] : []), ...social];

  const a = (l: Link) => `<a href="${escapeHtml(l.href)}" style="color:${brand};text-decoration:none;font-weight:bold">${escapeHtml(l.label)}</a>`;
  const line = (value: string, style = '') =>
    value ? `<tr><td style="font-family:${FONT};font-size:13px;line-height:18px;color:#333333;${style}">${value}</td></tr>` : '';
  const role = [card.title, card.organization].filter(Boolean).map(escapeHtml).join(' | ');
  const phones = [card.mobile && `M ${escapeHtml(card.mobile)}`, card.office && `T ${escapeHtml(card.office)}`].filter(Boolean).join('&nbsp;&nbsp;');
  const details = [
    line(escapeHtml(card.name), `font-size:16px;line-height:22px;font-weight:bold;color:${brand}`),
    line(role),
    line(phones),
    line(card.email ? escapeHtml(card.email) : ''),
    links.length ? line(links.map(a).join('&nbsp;&nbsp;|&nbsp;&nbsp;'), 'padding-top:6px') : '',
  ].join('');
  const table = (cells: string) =>
    `<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse;mso-table-lspace:0;mso-table-rspace:0"><tr>${cells}</tr></table>`;
  const detailsCell = (style: string) =>
    `<td valign="top" style="${style}"><table cellpadding="0" cellspacing="0" border="0" role="presentation">${details}</table></td>`;
  const alt = escapeHtml(card.name || 'Profile photo');

  let html: string;
  if (o.layout === 'compact') {
    html = table(detailsCell(`border-left:3px solid ${brand};padding-left:10px`));
  } else if (o.layout === 'card') {
    const code =
      qr && cardHref
        ? `<td valign="top" style="padding-left:14px"><a href="${escapeHtml(cardHref)}"><img src="${escapeHtml(qr)}" width="88" height="88" alt="QR code of my digital card" style="display:block;border:0;width:88px;height:88px"></a></td>`
        : '';
    // Without a code (an http hub), the line sits where the other layouts have it.
    html = table(
      code ? `${detailsCell(`border-right:3px solid ${brand};padding-right:14px`)}${code}` : detailsCell(`border-left:3px solid ${brand};padding-left:14px`),
    );
  } else {
    const picture = photo
      ? `<td valign="top" style="padding-right:14px"><img src="${escapeHtml(photo)}" width="80" height="80" alt="${alt}" style="display:block;border:0;width:80px;height:80px;border-radius:40px"></td>`
      : '';
    html = table(`${picture}${detailsCell(`border-left:3px solid ${brand};padding-left:14px`)}`);
  }

  const text = [
    card.name,
    [card.title, card.organization].filter(Boolean).join(' | '),
    [card.mobile && `M ${card.mobile}`, card.office && `T ${card.office}`].filter(Boolean).join('  '),
    card.email,
    ...links.map((l) => `${l.label}: ${l.href}`),
  ]
    .filter(Boolean)
    .join('\n');
  return { html, text };
}
