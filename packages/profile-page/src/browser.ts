/**
 * Everything of the profile page that runs in a browser as well as on the
 * server: the components and page model (the editor preview renders them
 * live), the sanitisers, the page script, the service worker and manifest
 * builders and the vCard. No Node imports here — `renderProfilePage` (with its
 * sha256 ETag) lives in the package root export.
 */
export { EXCHANGE_SCRIPT, EXCHANGE_SCRIPT_PATH, EXCHANGE_SCRIPT_VERSION } from './client/exchange.ts';
export { type ManifestIcon, PAGE_SCRIPT, serviceWorkerScript, webManifest } from './client/page.ts';
export { ProfileDocument, ProfilePage, ProfilePreview, rootClass } from './components/document.ts';
export { Stars } from './components/parts.ts';
export { contrastRatio, parseRgb, readableOn } from './css/colour.ts';
export { colourDeclarations, fontStack, pageCss } from './css/page-css.ts';
export { cssString, isAllowedCssUrl, sanitizeCss } from './css/sanitize.ts';
export { markExpired, nextExpiry, nextPageChange } from './expiry.ts';
export { renderProfileHtml } from './html.ts';
export { ICONS, type IconName, iconByName } from './icons.ts';
export { buildPageModel, type PageModel } from './model.ts';
export { type PageDivision, type PageSource, type PageTheme, pageRenderInput } from './page-input.ts';
export { richTextToPlain, sanitizeRichText } from './rich-text.ts';
export { imageSrc, mailtoHref, mapsHref, safeHref, telHref, whatsappHref } from './safe.ts';
export type { PageContent, RenderInput } from './types.ts';
export { type CardFields, cardFields, escapeVcardText, foldLine, type VcardOptions, vcard } from './vcard.ts';
