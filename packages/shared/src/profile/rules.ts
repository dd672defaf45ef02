/**
 * Pure rules of spec §5 for the profile document, shared by the server (which
 * enforces them) and the editor (which shows them while typing).
 */
import { DEFAULT_IMAGE_GALLERY_LIMIT, DEFAULT_TEMPLATE_LAYOUT, PROFILE_BOUNDS, PROFILE_MESSAGES, RATING_MAX, RATING_STEP, TEXT_TRUNCATE } from './constants.ts';
import { isPlainObject, setOwn } from './json.ts';

// ─── Links ──────────────────────────────────────────────────────────────────

/** A scheme like `mailto:` or `https:` — but not `host:443`, which is a host and port. */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * Spec §5: social links get `https://` when they have no scheme
 * (`facebook.com/acme` → `https://facebook.com/acme`, `//x.com/a` → `https://x.com/a`).
 * A link that already has a scheme is returned trimmed and otherwise unchanged, so
 * `http:` or `javascript:` survive here and are refused by {@link isSafeHttpsUrl}.
 * Idempotent.
 */
export function normalizeSocialUrl(url: string): string {
  const value = url.trim();
  if (value === '') return '';
  if (value.startsWith('//')) return `https:${value}`;
  if (SCHEME.test(value)) return value;
  return `https://${value}`;
}

/** Whitespace, control and invisible characters: browsers drop or mangle these inside URLs. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this must find.
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const HOST = new RegExp(`^(?:${LABEL}\\.)*${LABEL}\\.?(?::\\d{1,5})?$`, 'u');
const IPV6_HOST = /^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;
const FRAGMENT_ONLY = /^#[A-Za-z0-9_-]*$/;

/**
 * Spec §5: a non-social link is valid only when it starts with `https://` and
 * names a host (no user-info, no whitespace or control characters anywhere). So
 * `javascript:`, `data:` and `vbscript:` are never accepted, however they are
 * cased, padded or entity-encoded. `allowHash` accepts an in-page `#anchor`
 * (spec §5 "or # in one editor"; used for template placeholders).
 */
export function isSafeHttpsUrl(url: string, options: { allowHash?: boolean } = {}): boolean {
  if (typeof url !== 'string') return false;
  const value = url.trim();
  if (value.length === 0 || value.length > PROFILE_BOUNDS.url) return false;
  if (options.allowHash && FRAGMENT_ONLY.test(value)) return true;
  if (INVISIBLE.test(value) || value.includes('\\')) return false;
  const match = /^https:\/\/([^/?#]*)/i.exec(value);
  const authority = match?.[1];
  if (!authority || authority.includes('@')) return false;
  return HOST.test(authority) || IPV6_HOST.test(authority);
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { colon: ':', tab: '\t', newline: '\n', nbsp: ' ', lpar: '(', rpar: ')' };

/** Decodes numeric and the few named entities that can hide a scheme; used only to choose a message. */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#x')) return safeFromCodePoint(Number.parseInt(lower.slice(2), 16)) ?? whole;
    if (lower.startsWith('#')) return safeFromCodePoint(Number.parseInt(lower.slice(1), 10)) ?? whole;
    return NAMED_ENTITIES[lower] ?? whole;
  });
}

function safeFromCodePoint(code: number): string | undefined {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/** True when the value, once entities, whitespace and case are undone, starts with a script-capable scheme. */
export function hasDangerousScheme(url: string): boolean {
  const plain = decodeEntities(url).replace(new RegExp(INVISIBLE.source, 'g'), '').toLowerCase();
  return /^(javascript|data|vbscript|file|blob):/.test(plain);
}

/**
 * The message to show for a link field, or null when it is fine. An empty
 * value is not a problem here: whether a link is required is the publish check's
 * business (spec §5 required for publish).
 */
export function safeLinkProblem(url: string | null | undefined, options: { allowHash?: boolean } = {}): string | null {
  if (url == null || url.trim() === '') return null;
  if (isSafeHttpsUrl(url, options)) return null;
  return hasDangerousScheme(url) ? PROFILE_MESSAGES.linkUnsafe : PROFILE_MESSAGES.linkHttps;
}

/** Map hosts accepted for "navigate to office" (spec §5 "known maps hosts"). Matched as prefixes, case-insensitively. */
export const MAPS_URL_PREFIXES = [
  'https://www.google.com/maps',
  'https://google.com/maps',
  'https://maps.google.com',
  'https://www.google.co.za/maps',
  'https://google.co.za/maps',
  'https://maps.google.co.za',
  'https://goo.gl/maps',
  'https://maps.app.goo.gl',
  'https://maps.apple.com',
  'https://www.waze.com',
  'https://waze.com',
  'https://ul.waze.com',
  'https://www.bing.com/maps',
  'https://bing.com/maps',
  'https://www.openstreetmap.org',
  'https://openstreetmap.org',
] as const;

/** Spec §5: a map link is accepted when it is a safe https link starting with a known maps host. */
export function isMapsUrl(url: string): boolean {
  if (!isSafeHttpsUrl(url)) return false;
  const lower = url.trim().toLowerCase();
  return MAPS_URL_PREFIXES.some((prefix) => lower === prefix || (lower.startsWith(prefix) && /^[/?#]/.test(lower.slice(prefix.length))));
}

/**
 * An image (or banner video) source: an https URL or a root-relative path to one
 * of our uploads (spec §7 "Image URLs lacking http are prefixed with the API base").
 */
export function isSafeImageUrl(url: string): boolean {
  if (typeof url !== 'string') return false;
  const value = url.trim();
  if (/^\/(?!\/)/.test(value)) return value.length <= PROFILE_BOUNDS.url && !INVISIBLE.test(value) && !value.includes('\\');
  return isSafeHttpsUrl(value);
}

// ─── Colours ────────────────────────────────────────────────────────────────

const COLOUR = /^(#[0-9a-f]{3,8}|(?:rgb|rgba|hsl|hsla)\([\d\s.,%/deg+-]{1,60}\)|[a-z]{3,20})$/i;
const CSS_FUNCTIONS = new Set([
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'linear-gradient',
  'radial-gradient',
  'conic-gradient',
  'repeating-linear-gradient',
  'repeating-radial-gradient',
  'repeating-conic-gradient',
]);

/** A single CSS colour: hex, rgb(a), hsl(a) or a named colour. */
export function isCssColour(value: string): boolean {
  return typeof value === 'string' && value.length <= 64 && COLOUR.test(value.trim());
}

/**
 * The `css` of a Colour value (spec §3): a colour or a gradient built only from
 * colour and gradient functions. It lands in a `<style>` block, so `;{}<>\\"'@:`,
 * `url(` and every other function are refused.
 */
export function isSafeCssColourValue(value: string): boolean {
  if (typeof value !== 'string' || value.length > 512) return false;
  const v = value.trim();
  if (v === '' || !/^[a-zA-Z0-9#(),.%\s/+-]+$/.test(v)) return false;
  let depth = 0;
  for (const ch of v) {
    if (ch === '(') depth += 1;
    else if (ch === ')' && --depth < 0) return false;
  }
  if (depth !== 0) return false;
  const names = [...v.matchAll(/([a-zA-Z-]+)\s*\(/g)].map((m) => (m[1] ?? '').toLowerCase());
  // Every bracket must open a named function, and every function must be a colour or gradient.
  if (names.length !== (v.match(/\(/g) ?? []).length) return false;
  return names.every((name) => CSS_FUNCTIONS.has(name));
}

// ─── Video ──────────────────────────────────────────────────────────────────

const YOUTUBE =
  /^(?:https?:\/\/)?(?:(?:www|m|music)\.)?(?:youtube(?:-nocookie)?\.com\/(?:watch\/?\?(?:[^#\s]*&)?v=|embed\/|shorts\/|live\/|v\/|e\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/i;

/** Spec §5: the 11-character id of a YouTube link, or null when it is not one. */
export function youtubeId(url: string | null | undefined): string | null {
  if (typeof url !== 'string' || url.length > PROFILE_BOUNDS.url) return null;
  return YOUTUBE.exec(url.trim())?.[1] ?? null;
}

/** Spec §5: the privacy-enhanced embed URL of a YouTube link, '' when the link is not YouTube. */
export function youtubeEmbedUrl(url: string | null | undefined): string {
  const id = youtubeId(url);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : '';
}

/** Spec §4 About-me video: enabled automatically when the profile's own or its master's video has a value. */
export function aboutMeVideoEnabled(own: string | null | undefined, master: string | null | undefined): boolean {
  return Boolean(own?.trim()) || Boolean(master?.trim());
}

// ─── Rich text and empty values ─────────────────────────────────────────────

const MEDIA_TAG = /<(img|video|iframe|audio|embed|object|svg|picture|canvas|hr)\b/i;

/**
 * Spec §5: a rich-text value counts as empty when it has no visible text and no
 * media — `<p></p>`, `<p><br></p>`, whitespace and `&nbsp;` all count as empty.
 * Linear in the input (no backtracking regex over tags).
 */
export function isEmptyRichText(html: string | null | undefined): boolean {
  if (html == null) return true;
  if (typeof html !== 'string') return false;
  if (MEDIA_TAG.test(html)) return false;
  let text = '';
  let inTag = false;
  for (let i = 0; i < html.length; i++) {
    const ch = html[i];
    if (inTag) {
      if (ch === '>') inTag = false;
    } else if (ch === '<' && /[a-zA-Z/!?]/.test(html[i + 1] ?? '')) {
      inTag = true;
    } else {
      text += ch;
    }
  }
  return text.replace(/&(nbsp|#160|#x0*a0|#8203|#x200b);/gi, '').replace(/[\s\u00a0\u200b\ufeff]/g, '') === '';
}

function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && isEmptyRichText(value));
}

/**
 * Spec §5 "Profile saving drops empty values from the payload": removes `''`,
 * `null`, `undefined` and empty rich text at any depth (object members and array
 * elements). `false`, `0`, empty arrays and empty objects are kept — an empty
 * list is a real value (a child that removed every button). Returns a new value;
 * the input is not changed. Idempotent.
 */
export function dropEmptyValues<T>(value: T): T {
  return clean(value) as T;
}

function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => !isEmptyValue(item)).map(clean);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) if (!isEmptyValue(member)) setOwn(out, key, clean(member));
    return out;
  }
  return value;
}

// ─── Gallery expiry ─────────────────────────────────────────────────────────

function toTime(value: Date | number | string): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return Date.parse(value);
}

/** Spec §5: an item is expired when its `expireAt` is before `now`. Items without (or with an unreadable) expiry never expire. */
export function isExpired(item: { expireAt?: string | null } | null | undefined, now: Date | number): boolean {
  if (!item?.expireAt) return false;
  const at = Date.parse(item.expireAt);
  return Number.isFinite(at) && at < toTime(now);
}

/** Spec §5: the message for an expiry that is not in the future ('Expire date should be in the future'), or null. An empty expiry is fine. */
export function expiryProblem(expireAt: string | null | undefined, now: Date | number): string | null {
  if (!expireAt) return null;
  const at = Date.parse(expireAt);
  if (!Number.isFinite(at)) return PROFILE_MESSAGES.expiryInvalid;
  return at > toTime(now) ? null : PROFILE_MESSAGES.expiryInPast;
}

// ─── Buttons and links that keep time ───────────────────────────────────────

/** A button or link that can be switched off and shown only for a while (`links`, `socialLinks`). */
export type ScheduledItem = { enabled?: boolean | null | undefined; showFrom?: string | null | undefined; showUntil?: string | null | undefined };

/** A schedule moment in ms, or null when absent or unreadable (which means: no bound). */
function boundOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const at = Date.parse(value);
  return Number.isFinite(at) ? at : null;
}

/** Whether `showUntil` is later than `showFrom` (true when either is absent). */
export function scheduleIsOrdered(item: ScheduledItem): boolean {
  const from = boundOf(item.showFrom);
  const until = boundOf(item.showUntil);
  return from === null || until === null || until > from;
}

/**
 * Where an item stands at `now`: `off` (switched off), `upcoming` (before `showFrom`), `ended`
 * (at or after `showUntil`), `scheduled` (inside a window it has), or `always`. The window is
 * `[showFrom, showUntil)`: shown from its first moment, gone at its last.
 */
export function scheduleState(item: ScheduledItem, now: Date | number): 'off' | 'upcoming' | 'ended' | 'scheduled' | 'always' {
  if (item.enabled === false) return 'off';
  const t = toTime(now);
  const from = boundOf(item.showFrom);
  const until = boundOf(item.showUntil);
  if (from !== null && t < from) return 'upcoming';
  if (until !== null && t >= until) return 'ended';
  return from === null && until === null ? 'always' : 'scheduled';
}

/** Whether a page rendered at `now` shows the item: switched on and inside its window. */
export function isShownAt(item: ScheduledItem, now: Date | number): boolean {
  const state = scheduleState(item, now);
  return state === 'always' || state === 'scheduled';
}

/**
 * The next moment after `now` at which one of the items appears or disappears (ms), or null.
 * Items switched off never change by themselves.
 */
export function nextScheduleChange(items: readonly (ScheduledItem | null | undefined)[], now: Date | number): number | null {
  const t = toTime(now);
  let next: number | null = null;
  for (const item of items) {
    if (!item || item.enabled === false) continue;
    for (const at of [boundOf(item.showFrom), boundOf(item.showUntil)]) if (at !== null && at > t && (next === null || at < next)) next = at;
  }
  return next;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Spec §9: `yyyy-MM-dd @ HH:mm` in 24-hour time, without a date library. Uses the
 * runtime's time zone unless `timeZone` (an IANA name) is given; '' for an
 * unreadable date.
 */
export function formatExpiry(value: Date | number | string, timeZone?: string): string {
  const time = toTime(value);
  if (!Number.isFinite(time)) return '';
  const date = new Date(time);
  if (!timeZone) {
    return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} @ ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')} @ ${part('hour')}:${part('minute')}`;
}

/** The image gallery limit that applies: the profile's own override, else the division's, else 3 (spec §9). */
export function imageGalleryLimit(profileLimit?: number | null, divisionLimit?: number | null): number {
  return profileLimit ?? divisionLimit ?? DEFAULT_IMAGE_GALLERY_LIMIT;
}

/** The message when a gallery holds more images than its limit allows, or null. */
export function imageGalleryProblem(count: number, limit: number): string | null {
  return count > limit ? PROFILE_MESSAGES.imageGalleryLimit(limit) : null;
}

// ─── Contact form and lead form ─────────────────────────────────────────────

/**
 * Spec §4/§5: the contact form can be enabled only when "Send to email" and
 * "Thank you message" are both filled. Returns the spec's message, or null.
 */
export function contactFormEnableProblem(form: { sendToMail?: string | null; thankYouMessage?: string | null } | null | undefined): string | null {
  if (!form?.sendToMail?.trim() || isEmptyRichText(form.thankYouMessage)) return PROFILE_MESSAGES.contactFormEnable;
  return null;
}

/** Spec §5: the characters stripped from the name part of a new lead form title. */
const LEAD_FORM_NAME_STRIP = /[!@#$%^&*()]/g;

/** Spec §5: a new lead form's title — the owner's name without `!@#$%^&*()`, then "Lead Form". */
export function leadFormTitle(name: string): string {
  const cleaned = name.replace(LEAD_FORM_NAME_STRIP, '').replace(/\s+/g, ' ').trim();
  return cleaned ? `${cleaned} Lead Form` : 'Lead Form';
}

/** Spec §5: the lead form id is the title plus a timestamp (milliseconds since the epoch). */
export function leadFormId(title: string, now: Date | number): string {
  return `${title}-${toTime(now)}`;
}

/** A lead form field (spec §3 Lead form `fields`). */
export type LeadFormFieldDefault = {
  field_name: 'name' | 'email' | 'mobile' | 'message';
  label: string;
  type: 'text' | 'email' | 'tel' | 'textarea';
  required: boolean;
  enabled: boolean;
};

/** Spec §5 default lead form requirements: name, email and message required; mobile not. */
export const DEFAULT_LEAD_FORM_FIELDS: readonly Readonly<LeadFormFieldDefault>[] = [
  { field_name: 'name', label: 'Name', type: 'text', required: true, enabled: true },
  { field_name: 'email', label: 'Email', type: 'email', required: true, enabled: true },
  { field_name: 'mobile', label: 'Mobile', type: 'tel', required: false, enabled: true },
  { field_name: 'message', label: 'Message', type: 'textarea', required: true, enabled: true },
];

/** The lead form fields of a profile's contact form: its per-field required/enabled flags over the defaults. */
export function leadFormFields(
  form: Partial<Record<'name' | 'emailAddress' | 'mobile' | 'message', { required?: boolean; enabled?: boolean } | undefined>> | null | undefined,
): LeadFormFieldDefault[] {
  const member = { name: 'name', email: 'emailAddress', mobile: 'mobile', message: 'message' } as const;
  return DEFAULT_LEAD_FORM_FIELDS.map((field) => {
    const own = form?.[member[field.field_name]];
    return { ...field, required: own?.required ?? field.required, enabled: own?.enabled ?? field.enabled };
  });
}

/** Splits a "send to" CC value into addresses (commas or semicolons), trimmed, empties removed. */
export function splitEmailList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

// ─── Testimonials ───────────────────────────────────────────────────────────

/** Spec §9: a rating goes from 0 to 5 in half steps. */
export function ratingIsValid(rating: unknown): rating is number {
  return typeof rating === 'number' && Number.isFinite(rating) && rating >= 0 && rating <= RATING_MAX && Number.isInteger(rating / RATING_STEP);
}

/** English ordinal suffix of a day: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 23rd … */
export function ordinalSuffix(day: number): 'st' | 'nd' | 'rd' | 'th' {
  const lastTwo = Math.abs(day) % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return 'th';
  const last = lastTwo % 10;
  return last === 1 ? 'st' : last === 2 ? 'nd' : last === 3 ? 'rd' : 'th';
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/**
 * Spec §3 Testimonial date: "day with suffix, month, year", e.g. `21st March 2024`.
 * Reads the calendar date of a `yyyy-MM-dd` (or ISO date-time) string as written,
 * so the day never shifts with the time zone; '' when unreadable.
 */
export function testimonialDate(date: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  if (!match) return '';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return '';
  return `${day}${ordinalSuffix(day)} ${MONTHS[month - 1]} ${year}`;
}

// ─── Display helpers ────────────────────────────────────────────────────────

/** Spec §9 text truncation (35 characters, 25 on mobile), ending with an ellipsis when cut. */
export function truncateText(text: string, max: number = TEXT_TRUNCATE): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
}

/** "Desktop templates" of spec §2: layouts whose name starts with `desktop` (the default `desktop2` is one). */
export function isDesktopLayout(layout: string | null | undefined): boolean {
  return (layout ?? DEFAULT_TEMPLATE_LAYOUT).startsWith('desktop');
}

/** The name shown on a profile: `fullName` when set, else first and last name. */
export function displayName(content: { fullName?: string | null; firstName?: string | null; lastName?: string | null }): string {
  return content.fullName?.trim() || [content.firstName?.trim(), content.lastName?.trim()].filter(Boolean).join(' ');
}

/**
 * The items of a gallery section: those whose `sectionKey` names it, plus —
 * for the first section of its type — those without a `sectionKey`.
 */
export function sectionItems<T extends { sectionKey?: string | undefined }>(
  section: { key: string; type: string },
  sections: readonly { key: string; type: string }[],
  items: readonly T[],
): T[] {
  const first = sections.find((s) => s.type === section.type);
  const sectionKeys = new Set(sections.filter((s) => s.type === section.type).map((s) => s.key));
  return items.filter((item) => item.sectionKey === section.key || (first?.key === section.key && (!item.sectionKey || !sectionKeys.has(item.sectionKey))));
}

/**
 * Consent on (spec §4 step 2) needs a text: the Disclaimer modal would otherwise ask people
 * to click 'I Agree' under nothing. Holds for a master's or standalone profile's document;
 * a child never sets consent (its template does).
 */
export function consentTextMissing(doc: { enableConsent?: boolean | undefined; consentText?: string | undefined }): boolean {
  return doc.enableConsent === true && isEmptyRichText(doc.consentText);
}
