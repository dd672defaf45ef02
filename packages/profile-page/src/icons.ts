/**
 * The page's icon set: small stroke icons (24×24, drawn with `currentColor`)
 * keyed by name, emitted once per page as `<symbol>`s and referenced with
 * `<use href="#i-name">`. Shapes follow the Feather / Tabler outline style (MIT).
 * The stroke width comes from CSS, so the profile's icon style (light, regular,
 * solid, duotone) changes every icon at once.
 */
import type { SocialNetwork } from '@profilehub/shared';

const STAR = '<path d="M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95z"/>';

export const ICONS = {
  phone:
    '<path d="M22 16.92v3a2 2 0 0 1-2.18 2 19.8 19.8 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6 19.8 19.8 0 0 1-3.07-8.67A2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72c.13.96.36 1.9.7 2.81a2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45c.9.34 1.85.57 2.81.7A2 2 0 0 1 22 16.92z"/>',
  whatsapp:
    '<path d="M3 21l1.65-3.8A9 9 0 1 1 8.4 20.3z"/><path d="M9 10a.5.5 0 0 0 1 0V9a.5.5 0 0 0-1 0v1a5 5 0 0 0 5 5h1a.5.5 0 0 0 0-1h-1a.5.5 0 0 0 0 1"/>',
  mail: '<rect x="2.5" y="4.5" width="19" height="15" rx="2.5"/><path d="M3 7l9 6 9-6"/>',
  'map-pin': '<path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0z"/><circle cx="12" cy="10" r="3"/>',
  building: '<path d="M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16"/><path d="M16 9h2a2 2 0 0 1 2 2v10M3 21h18M8 7h4M8 11h4M8 15h4"/>',
  globe: '<circle cx="12" cy="12" r="9.5"/><path d="M2.5 12h19M12 2.5a14.5 14.5 0 0 1 0 19 14.5 14.5 0 0 1 0-19z"/>',
  link: '<path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71"/><path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71"/>',
  calendar: '<rect x="3" y="4.5" width="18" height="17" rx="2.5"/><path d="M16 2.5v4M8 2.5v4M3 10h18"/>',
  clock: '<circle cx="12" cy="12" r="9.5"/><path d="M12 6.5V12l3.5 2"/>',
  user: '<path d="M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2"/><circle cx="12" cy="7" r="4"/>',
  'user-plus': '<path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"/><circle cx="9" cy="7" r="4"/><path d="M19 8v6M22 11h-6"/>',
  home: '<path d="M3 10l9-7 9 7v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/><path d="M9 22V12h6v10"/>',
  info: '<circle cx="12" cy="12" r="9.5"/><path d="M12 16v-4.5M12 8h.01"/>',
  cart: '<circle cx="9" cy="20" r="1.5"/><circle cx="18" cy="20" r="1.5"/><path d="M1.5 2h3.5l2.7 12.4a2 2 0 0 0 2 1.6h8.7a2 2 0 0 0 2-1.6L22.5 6H6"/>',
  heart: '<path d="M20.84 4.61a5.5 5.5 0 0 0-7.78 0L12 5.67l-1.06-1.06a5.5 5.5 0 0 0-7.78 7.78l1.06 1.06L12 21.23l7.78-7.78 1.06-1.06a5.5 5.5 0 0 0 0-7.78z"/>',
  star: STAR,
  /** Left half filled (the fill is fixed here, the outline follows the CSS). */
  'star-half': `<path fill="currentColor" stroke="none" d="M12 2.5 9.06 8.46l-6.56.95 4.75 4.63-1.12 6.54L12 17.5z"/>${STAR}`,
  file: '<path d="M14 2.5H6.5a2 2 0 0 0-2 2v15a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V8z"/><path d="M14 2.5V8h5.5M9 13h6M9 17h6"/>',
  image: '<rect x="3" y="3" width="18" height="18" rx="2.5"/><circle cx="8.5" cy="8.5" r="1.5"/><path d="M21 15l-5-5L5 21"/>',
  video: '<path d="M22.5 7.5L16 12l6.5 4.5z"/><rect x="1.5" y="5" width="14.5" height="14" rx="2.5"/>',
  message: '<path d="M21 11.5a8.4 8.4 0 0 1-9 8.5 8.4 8.4 0 0 1-3.8-.9L3 21l1.9-5.2A8.4 8.4 0 0 1 4 11.5 8.5 8.5 0 0 1 12.5 3h.5a8.5 8.5 0 0 1 8 8z"/>',
  download: '<path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3"/>',
  copy: '<rect x="9" y="9" width="12.5" height="12.5" rx="2.5"/><path d="M5 15H4.5a2 2 0 0 1-2-2V4.5a2 2 0 0 1 2-2H13a2 2 0 0 1 2 2V5"/>',
  share: '<circle cx="18" cy="5" r="3"/><circle cx="6" cy="12" r="3"/><circle cx="18" cy="19" r="3"/><path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4"/>',
  install: '<rect x="5.5" y="2" width="13" height="20" rx="2.5"/><path d="M12 7v7M9 11l3 3 3-3M10.5 18.5h3"/>',
  chevron: '<path d="M6 9l6 6 6-6"/>',
  arrow: '<path d="M5 12h14M13 6l6 6-6 6"/>',
  play: '<path d="M7 4.5v15l12-7.5z"/>',
  wallet: '<path d="M17 8V5a1 1 0 0 0-1-1H6a2 2 0 0 0 0 4h12a1 1 0 0 1 1 1v3m0 4v3a1 1 0 0 1-1 1H6a2 2 0 0 1-2-2V6"/><path d="M20 12v4h-4a2 2 0 0 1 0-4h4"/>',
  qr: '<rect x="3" y="3" width="7" height="7" rx="1"/><rect x="14" y="3" width="7" height="7" rx="1"/><rect x="3" y="14" width="7" height="7" rx="1"/><path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 17h4v4h-4"/>',
  quote:
    '<path d="M10 11H6a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v5c0 3-1.5 5-4 6M19 11h-4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v5c0 3-1.5 5-4 6"/>',
  // Social networks (spec §3 Social link choices).
  facebook: '<path d="M17.5 2.5h-3a5 5 0 0 0-5 5v3h-3v4h3v7h4v-7h3l1-4h-4v-3a1 1 0 0 1 1-1h3z"/>',
  youtube:
    '<path d="M22.1 6.9a2.8 2.8 0 0 0-1.9-2C18.5 4.5 12 4.5 12 4.5s-6.5 0-8.2.4a2.8 2.8 0 0 0-1.9 2A29 29 0 0 0 1.5 12a29 29 0 0 0 .4 5.1 2.8 2.8 0 0 0 1.9 2c1.7.4 8.2.4 8.2.4s6.5 0 8.2-.4a2.8 2.8 0 0 0 1.9-2 29 29 0 0 0 .4-5.1 29 29 0 0 0-.4-5.1z"/><path d="M10 15.2l5-3.2-5-3.2z"/>',
  x: '<path d="M4 4l11.7 16H20L8.3 4z"/><path d="M4 20l6.8-6.8M13.2 10.8L20 4"/>',
  instagram: '<rect x="2.5" y="2.5" width="19" height="19" rx="5.5"/><circle cx="12" cy="12" r="4"/><path d="M17.5 6.5h.01"/>',
  linkedin: '<path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z"/><path d="M2 9h4v12H2z"/><circle cx="4" cy="4" r="2"/>',
  snapchat:
    '<path d="M16.9 7.8a4.9 4.9 0 0 0-9.8 0c0 4.3-.2 6.5-4.1 8.2 2.3 0 2.5 0 2.5 2.5l1.5-1c.5 0 1.5 1.5 2.5 1.5h1c1 0 2-1.5 2.5-1.5l1.5 1c0-2.5.2-2.5 2.5-2.5-3.9-1.7-4.1-3.9-4.1-8.2z"/>',
  tumblr: '<path d="M14 21h4v-4h-4v-6h4V7h-4V3h-4v1a3 3 0 0 1-3 3H6v4h3v4a6 6 0 0 0 5 6"/>',
  pinterest: '<path d="M8 20l4-9"/><path d="M10.7 14c.4 1.3 1.4 2 2.6 2 2 0 3.7-1.6 3.7-4a5 5 0 1 0-9.7 1.7"/><circle cx="12" cy="12" r="9.5"/>',
  reddit:
    '<path d="M12 8c2.6 0 5 .8 6.7 2.1a2.5 2.5 0 0 1 2.3 4.4c0 3.6-4 6.5-9 6.5s-8.8-2.8-9-6.3l-1-.2a2.5 2.5 0 0 1 2.3-4.4C6 8.8 9.4 8 12 8z"/><path d="M12 8l1-5 6 1"/><circle cx="19" cy="4" r="1"/><path d="M9 13h.01M15 13h.01M10 17c.7.3 1.3.5 2 .5s1.3-.2 2-.5"/>',
  tiktok: '<path d="M21 7.9V12a10 10 0 0 1-5-2v4.5a6.5 6.5 0 1 1-8-6.3v4.3a2.5 2.5 0 1 0 4 2V3h4.1A6 6 0 0 0 21 7.9z"/>',
  flickr: '<circle cx="7" cy="12" r="3.5"/><circle cx="17" cy="12" r="3.5"/>',
  spotify: '<circle cx="12" cy="12" r="9.5"/><path d="M7 9c2-1 6.5-1.7 10 .5M8 12c2.5-1.2 5.5-1 7.5.5M9 15c1.5-.8 3.5-.8 5 .3"/>',
  soundcloud: '<path d="M17 11h1a3 3 0 0 1 0 6h-6V7c3 0 4.5 1.5 5 4zM9 8v9M6 17v-7M3 16v-2"/>',
  buzzsprout: '<rect x="9" y="2" width="6" height="12" rx="3"/><path d="M19 10v1a7 7 0 0 1-14 0v-1M12 18v4M8 22h8"/>',
  vimeo:
    '<path d="M3 8.5l1 1s1.5-1.1 2-.5c.5.6 1.9 7.6 2.5 9 .6 1.2 2 2.9 4 1.5 2-1.5 7.5-5.5 8.5-11.5.4-2.7-1-4-2.5-4-2 0-4 1.2-4.5 4 1.2-.3 2.4-.3 3 .5.6.8.2 2.4-.5 3.5-.8 1.2-1.5 2-2 2s-1.1-.8-1.5-2c-.6-1.8-.5-3.5-1-5.5-.5-1.8-1.5-3-3-3-2.2 0-4.5 2.5-5 3.5z"/>',
  clubhouse:
    '<path d="M8 13V5.5a1.5 1.5 0 0 1 3 0V12M11 5.5v-2a1.5 1.5 0 0 1 3 0V12M14 5.5a1.5 1.5 0 0 1 3 0V12M17 7.5a1.5 1.5 0 0 1 3 0V16a6 6 0 0 1-6 6h-1.8a6 6 0 0 1-5-2.7L3.9 14a1.5 1.5 0 0 1 .5-2 1.9 1.9 0 0 1 2.3.3L8 13.6"/>',
  threads:
    '<path d="M19 7.5C17.7 4.5 15.3 3 12 3c-5 0-8 2.5-8 9s3.5 9 8 9 7-3 7-5-1-5-7-5c-2.5 0-3 1.3-3 2.5 0 1.5 1 2.5 2.5 2.5 2.5 0 3.5-1.5 3.5-5s-2-4-3-4-1.8.3-2.5 1"/>',
} as const satisfies Record<SocialNetwork | string, string>;

export type IconName = keyof typeof ICONS;

const ALIASES: Readonly<Record<string, IconName>> = {
  call: 'phone',
  telephone: 'phone',
  mobile: 'phone',
  'mobile-screen': 'phone',
  'phone-alt': 'phone',
  'phone-volume': 'phone',
  envelope: 'mail',
  email: 'mail',
  at: 'mail',
  'envelope-open': 'mail',
  website: 'globe',
  web: 'globe',
  earth: 'globe',
  internet: 'globe',
  url: 'link',
  chain: 'link',
  'external-link': 'link',
  'arrow-up-right-from-square': 'link',
  book: 'calendar',
  booking: 'calendar',
  'calendar-days': 'calendar',
  'calendar-check': 'calendar',
  'calendar-alt': 'calendar',
  time: 'clock',
  hours: 'clock',
  person: 'user',
  profile: 'user',
  'id-card': 'user',
  'address-card': 'user',
  'address-book': 'user-plus',
  contact: 'user-plus',
  contacts: 'user-plus',
  'add-to-contacts': 'user-plus',
  location: 'map-pin',
  'location-dot': 'map-pin',
  map: 'map-pin',
  'map-marker': 'map-pin',
  'map-marker-alt': 'map-pin',
  'map-location-dot': 'map-pin',
  directions: 'map-pin',
  navigate: 'map-pin',
  'navigate-to-office': 'map-pin',
  office: 'building',
  company: 'building',
  briefcase: 'building',
  house: 'home',
  'circle-info': 'info',
  'info-circle': 'info',
  question: 'info',
  shop: 'cart',
  store: 'cart',
  'shopping-cart': 'cart',
  'cart-shopping': 'cart',
  bag: 'cart',
  'shopping-bag': 'cart',
  document: 'file',
  pdf: 'file',
  'file-pdf': 'file',
  'file-lines': 'file',
  brochure: 'file',
  photo: 'image',
  camera: 'image',
  images: 'image',
  gallery: 'image',
  film: 'video',
  'circle-play': 'video',
  chat: 'message',
  comment: 'message',
  comments: 'message',
  sms: 'message',
  'message-sms': 'message',
  twitter: 'x',
  'x-twitter': 'x',
  'linkedin-in': 'linkedin',
  'facebook-f': 'facebook',
  'square-facebook': 'facebook',
  'square-instagram': 'instagram',
};

/** Words of an icon-picker value that name a style rather than an icon (`fa-solid fa-phone`). */
const STYLE_WORDS = new Set(['fa', 'fas', 'far', 'fal', 'fad', 'fab', 'solid', 'regular', 'light', 'thin', 'duotone', 'brands', 'sharp', 'icon']);

/** The icon for an icon-picker value (`phone`, `fa-solid fa-phone`, `fab fa-whatsapp`), or null when unknown. */
export function iconByName(value: string | null | undefined): IconName | null {
  if (typeof value !== 'string') return null;
  const words = value
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^fa-/, ''))
    .filter((w) => w && !STYLE_WORDS.has(w));
  for (let i = words.length - 1; i >= 0; i--) {
    const word = words[i] ?? '';
    if (Object.hasOwn(ICONS, word)) return word as IconName;
    const alias = Object.hasOwn(ALIASES, word) ? ALIASES[word] : undefined;
    if (alias) return alias;
  }
  return null;
}
