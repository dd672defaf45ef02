import { PRODUCT_DOMAIN } from '../../lib/product-links.ts';

/** localStorage key: the first-visit welcome shows once per browser. */
export const WELCOME_SEEN_KEY = 'ftvSeen';

/** The product's own hosts, local development hosts and deploy-preview hosts (spec §2 Sign-in page). */
export function isProductHost(hostname: string, productDomain = PRODUCT_DOMAIN): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '::1') return true;
  if (host.includes('preview')) return true;
  return host === productDomain || host.endsWith(`.${productDomain}`);
}

export type WelcomeConditions = { ftv: string | null; seen: boolean; hostname: string; whiteLabelled: boolean };

/** Spec §2: a _ftv value, not seen before, a product/local/preview host, and no white-label. */
export function shouldShowWelcome({ ftv, seen, hostname, whiteLabelled }: WelcomeConditions): boolean {
  return Boolean(ftv) && !seen && isProductHost(hostname) && !whiteLabelled;
}

const isLocalHost = (host: string) => host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1';

/**
 * The profile page to go back to: an http(s) address on this hub's own host or one of the
 * product's hosts (where profile pages live). Anything else is ignored, so a crafted link
 * cannot make "Back to profile" point at another site.
 */
export function profileUrlFromFtv(ftv: string, base: string, productDomain = PRODUCT_DOMAIN): URL | null {
  try {
    const url = new URL(ftv, base);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const hub = new URL(base);
    const host = url.hostname.toLowerCase();
    const ours = host === productDomain || host.endsWith(`.${productDomain}`);
    // A hub running locally sends people back to local profile pages (acme.localhost).
    return url.host === hub.host || ours || (isLocalHost(host) && isLocalHost(hub.hostname)) ? url : null;
  } catch {
    return null;
  }
}

/** The alias is the last segment of the profile URL (`https://acme.example/jane-doe` → `jane-doe`). */
export function aliasFromProfileUrl(url: URL): string | null {
  const segments = url.pathname.split('/').filter(Boolean);
  const last = segments.at(-1);
  return last ? decodeURIComponent(last) : null;
}
