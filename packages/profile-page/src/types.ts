import type { ProfileContent } from '@profilehub/shared';

/** The content the page shows: the effective published content (the editor preview may pass an unsaved, partial form). */
export type PageContent = Partial<ProfileContent>;

/** Everything the public page is rendered from. */
export type RenderInput = {
  /** The effective published content (`publishedContent(master, child, permissions)`). */
  content: PageContent;
  profile: { id: number; alias: string | null; companyId: number };
  /** The division with its white-label settings. */
  company: {
    name: string;
    title?: string | null;
    subdomain: string;
    logoUrl?: string | null;
    /** White-label custom CSS; sanitised like every other CSS source. */
    css?: string | null;
    brandColor?: string | null;
  };
  /** The profile's theme (spec §3 Theme). Its layout and font apply when the content has none. */
  theme?: { cssPlug?: string | null; layout?: string | null; fontFamily?: string | null } | null;
  urls: {
    /** The public address of the page (canonical, Open Graph, share and copy link). */
    pageUrl: string;
    /** The vCard download (`/{alias}/contact.vcf` on the page's host). */
    vcardUrl: string;
    /** Where events are posted (`/api/events`). */
    eventsUrl: string;
    manifestUrl: string;
    /** Where the lead form posts its JSON. */
    leadFormUrl: string;
    /**
     * Issue #29 Contact exchange: the form's API (`/api/contacts/exchange/{profileId}`) and its
     * module on the page's host, loaded when opened. Both absent: no "Share my details".
     */
    exchangeUrl?: string;
    exchangeScriptUrl?: string;
    /** Prefix for root-relative uploads (spec §7 "Image URLs lacking http are prefixed with the API base"). */
    assetBase?: string;
    /** The per-profile service worker; registered by the page script when given. */
    serviceWorkerUrl?: string;
    serviceWorkerScope?: string;
    /** The QR code image (PNG); the QR area is left out when absent. */
    qrCodeUrl?: string;
    /**
     * Square PNGs of the photo (else the division's icon or logo) made by the page server:
     * 180 px for iOS's home screen, 512 px for link previews (`og:image`). Without them only
     * a photo or logo whose address names a PNG or JPEG is used: previews show no SVG.
     */
    touchIconUrl?: string;
    shareImageUrl?: string;
    /** The card as an Apple Wallet pass and the "Save to Google Wallet" link (issue #30), when the install has their keys. */
    applePassUrl?: string;
    googleWalletUrl?: string;
  };
  /**
   * The stored lead form the contact form names (spec §3 Lead form): its fields
   * (labels, required, enabled) and thank-you message replace the contact form's
   * switches. Absent: the contact form's own switches over spec §5's defaults.
   */
  leadForm?: {
    formId: string;
    fields: readonly { field_name: string; label: string; type: string; required: boolean; enabled: boolean }[];
    thankYouMessage?: string | null;
  } | null;
  /** CSP nonce put on the page's `<script>` and `<style>`. */
  nonce?: string;
  /** The moment expiry and button windows (`showFrom` / `showUntil`) are judged against (default: now). */
  now?: Date | number;
  /** Document language (default `en`). */
  lang?: string;
  /** false adds `noindex` (default: indexable). */
  indexable?: boolean;
};
