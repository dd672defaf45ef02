/**
 * Every URL the page emits goes through one of these: https links through the
 * shared {@link isSafeHttpsUrl}, images through {@link isSafeImageUrl}, and the
 * `tel:`, `mailto:` and `wa.me` links built here from validated numbers and
 * addresses. Anything else is dropped (the functions return `undefined`).
 */
import { addressParts, formatAddress, isMapsUrl, isSafeHttpsUrl, isSafeImageUrl } from '@profilehub/shared';

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** An https link (spec §5), trimmed, or undefined. */
export function safeHref(url: unknown): string | undefined {
  const value = str(url);
  return value && isSafeHttpsUrl(value) ? value : undefined;
}

/** A base URL we were given by the server (page, events, vCard…): http(s) absolute or root-relative. */
export function ownUrl(url: unknown): string | undefined {
  const value = str(url);
  if (!value || value.length > 2048) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must be refused.
  if (/[\u0000-\u0020\u007f-\u009f\\"'<>`]/.test(value)) return undefined;
  if (/^\/(?!\/)/.test(value)) return value;
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password ? value : undefined;
  } catch {
    return undefined;
  }
}

/** An image source: https, or a root-relative upload (prefixed with `assetBase` when given). */
export function imageSrc(url: unknown, assetBase?: string): string | undefined {
  const value = str(url);
  if (!value || !isSafeImageUrl(value)) return undefined;
  if (value.startsWith('/')) {
    // Only an https (or root-relative) base: the page never loads images over http.
    const base = ownUrl(assetBase);
    return base && /^(https:\/\/|\/)/i.test(base) ? `${base.replace(/\/+$/, '')}${value}` : value;
  }
  return value;
}

/** An absolute image URL (Open Graph needs one): root-relative sources resolved against `origin`. */
export function absoluteUrl(src: string | undefined, base: string): string | undefined {
  if (!src) return undefined;
  if (!src.startsWith('/')) return src;
  try {
    return new URL(src, base).href;
  } catch {
    return undefined;
  }
}

/** Digits of a phone number with an optional leading `+`, or '' when it is not a phone number. */
export function phoneDigits(number: unknown): string {
  const value = str(number);
  if (!/^\+?[\d\s().-]{3,40}$/.test(value)) return '';
  const digits = value.replace(/[^\d]/g, '');
  if (digits.length < 3 || digits.length > 20) return '';
  return (value.startsWith('+') ? '+' : '') + digits;
}

/** A phone number as people read it (digits, spaces, brackets, dashes and a leading +), or ''. */
export function phoneText(number: unknown): string {
  return phoneDigits(number) ? str(number).replace(/\s+/g, ' ') : '';
}

export function telHref(number: unknown): string | undefined {
  const digits = phoneDigits(number);
  return digits ? `tel:${digits}` : undefined;
}

/** `https://wa.me/{digits}`: WhatsApp wants the international number without `+`. */
export function whatsappHref(number: unknown): string | undefined {
  const digits = phoneDigits(number).replace('+', '');
  return digits.length >= 6 ? `https://wa.me/${digits}` : undefined;
}

const EMAIL = /^[A-Za-z0-9.!#$%&*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** A plain email address (no display name, no quotes, no brackets), or ''. */
export function safeEmail(email: unknown): string {
  const value = str(email);
  return value.length <= 254 && EMAIL.test(value) ? value : '';
}

export function mailtoHref(email: unknown): string | undefined {
  const value = safeEmail(email);
  return value ? `mailto:${value}` : undefined;
}

/**
 * Where "Directions" leads: the address's own maps link when it is one of the known maps
 * hosts, else a Google Maps search for the address (its parts on one line, an old one-line
 * address as stored).
 */
export function mapsHref(address: unknown): string | undefined {
  const url = str(addressParts(address).url);
  if (url && isMapsUrl(url)) return url;
  const line = formatAddress(address);
  return line ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(line.slice(0, 300))}` : undefined;
}

/** A CSP nonce: base64 / base64url characters only. */
export function safeNonce(nonce: unknown): string | undefined {
  const value = str(nonce);
  return /^[A-Za-z0-9+/_=-]{8,128}$/.test(value) ? value : undefined;
}
