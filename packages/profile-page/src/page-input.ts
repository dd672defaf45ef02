/**
 * The one way a profile becomes the renderer's input: the published page (server, at
 * publish time) and the editor's live preview (browser) both call {@link pageRenderInput},
 * so the preview shows the division's brand colour, custom CSS and logo, the theme, and
 * the "Add to contacts" button exactly as the page does. Browser-safe.
 */
import type { WhiteLabel } from '@profilehub/shared';
import { EXCHANGE_SCRIPT_PATH, EXCHANGE_SCRIPT_VERSION } from './client/exchange.ts';
import type { PageContent, RenderInput } from './types.ts';

/** The division as its pages show it: names, subdomain and the white-label parts a page uses. */
export type PageDivision = {
  id: number;
  name: string;
  title?: string | null;
  subdomain: string;
  whiteLabel?: Pick<WhiteLabel, 'logo' | 'css' | 'brand_color'> | null;
};

export type PageTheme = { cssPlug?: string | null; layout?: string | null; fontFamily?: string | null };

export type PageSource = {
  /** The effective content the page shows (`publishedContent(master, own, permissions)`). */
  content: PageContent;
  profile: { id: number; alias: string | null };
  company: PageDivision;
  theme: PageTheme | null;
  /** The page's public address, e.g. `https://acme.example.com/jane-doe`. */
  pageUrl: string;
  leadForm?: RenderInput['leadForm'];
  /**
   * Where the page's own files (vCard, QR code, manifest) are fetched from. The page links
   * them on its own host (relative); the preview lives on the hub's host, so it names the
   * page's origin. `qrCode: false` leaves the QR code out (nothing published to draw it from yet).
   */
  files?: { origin: string; qrCode: boolean };
  /** The wallets this install can put the card in (issue #30): the page offers each. */
  wallets?: { apple: boolean; google: boolean };
  /** The moment the page is rendered for: which scheduled buttons it shows (default: now). */
  now?: Date | number;
};

/** The renderer's input for a profile's page (see the module comment). */
export function pageRenderInput(source: PageSource): RenderInput {
  const { profile, company, theme } = source;
  const origin = source.files?.origin ?? '';
  const alias = profile.alias;
  const qrCode = alias && (source.files?.qrCode ?? true);
  return {
    content: source.content,
    profile: { id: profile.id, alias, companyId: company.id },
    company: {
      name: company.name,
      title: company.title ?? null,
      subdomain: company.subdomain,
      logoUrl: company.whiteLabel?.logo ?? null,
      css: company.whiteLabel?.css ?? null,
      brandColor: company.whiteLabel?.brand_color ?? null,
    },
    theme: theme ? { cssPlug: theme.cssPlug ?? null, layout: theme.layout ?? null, fontFamily: theme.fontFamily ?? null } : null,
    urls: {
      pageUrl: source.pageUrl,
      // A template (no alias) previews the button its children's pages will have.
      vcardUrl: alias ? `${origin}/${alias}/contact.vcf` : source.files ? `${origin}/` : '',
      eventsUrl: '/api/events',
      manifestUrl: `/${alias ?? profile.id}/manifest.webmanifest`,
      ...(alias ? { serviceWorkerUrl: `/${alias}/sw.js`, serviceWorkerScope: `/${alias}` } : {}),
      leadFormUrl: `/api/lead-forms/submit/${profile.id}`,
      // A person's page (an alias) offers the contact exchange; its form's code loads when opened.
      ...(alias ? { exchangeUrl: `/api/contacts/exchange/${profile.id}`, exchangeScriptUrl: `${EXCHANGE_SCRIPT_PATH}?v=${EXCHANGE_SCRIPT_VERSION}` } : {}),
      ...(qrCode ? { qrCodeUrl: `${origin}/${alias}/qr.png` } : {}),
      // The page's raster icons (iOS home screen, link previews), made by its own host; the head, unseen in a preview.
      ...(alias ? { touchIconUrl: `/${alias}/icon-180.png`, shareImageUrl: `/${alias}/icon-512.png` } : {}),
      ...(alias && source.wallets?.apple ? { applePassUrl: `${origin}/${alias}/card.pkpass` } : {}),
      ...(alias && source.wallets?.google ? { googleWalletUrl: `${origin}/${alias}/google-wallet` } : {}),
    },
    leadForm: source.leadForm ?? null,
    ...(source.now !== undefined ? { now: source.now } : {}),
  };
}
