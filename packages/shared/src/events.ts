/** Interaction actions and types of spec §7: what a public page reports about its visitors. */
export const INTERACTION_ACTIONS = ['view', 'click', 'open', 'view-media', 'scroll', 'share', 'submit'] as const;
export const INTERACTION_TYPES = [
  'page',
  'url',
  'phone',
  'email',
  'dropdown',
  'modal',
  'socialmedia',
  'image',
  'video',
  'section',
  'testimonial',
  'lead-form',
  'pwa-install',
  'save-to-contacts',
  'copy-link',
  'whatsapp',
  'sms',
] as const;
export type InteractionAction = (typeof INTERACTION_ACTIONS)[number];
export type InteractionType = (typeof INTERACTION_TYPES)[number];

/** Longest label or value an event may carry (a link title or URL). */
export const EVENT_TEXT_MAX = 300;

/**
 * Where a view came from (issue 30), kept only as these derived values in daily rollups: the
 * carrier's tag (`?src=` on the URL a QR code, NFC tag, wallet pass or email signature opens),
 * the referring site's domain, the UTM campaign, and device, OS, browser and country derived
 * on the server from the User-Agent and the address — which are never stored.
 */
export const VIEW_DIMENSIONS = ['source', 'referrer', 'campaign', 'device', 'os', 'browser', 'country'] as const;
export type ViewDimension = (typeof VIEW_DIMENSIONS)[number];
/** Carrier tags a URL may carry as `?src=`; any other tag counts as 'other', none as 'direct' (or 'link' with a referrer). */
export const VIEW_SOURCE_TAGS = ['qr', 'nfc', 'link', 'wallet', 'signature'] as const;
export type ViewSourceTag = (typeof VIEW_SOURCE_TAGS)[number];

/** The page URL a carrier opens, with its source tag (`?src=qr`): how the statistics tell carriers apart. */
export function taggedUrl(url: string, source: ViewSourceTag): string {
  return `${url}${url.includes('?') ? '&' : '?'}src=${source}`;
}
