/**
 * @profilehub/profile-page — the public profile page (DESIGN §3). The server
 * imports this entry (it includes {@link renderProfilePage}, which hashes with
 * `node:crypto`); browser code imports `@profilehub/profile-page/browser`.
 */
export * from './browser.ts';
export { etagOf, renderProfilePage } from './render.ts';
export { emailSignature, type SignatureOptions } from './signature.ts';
