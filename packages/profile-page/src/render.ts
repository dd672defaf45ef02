/**
 * Server side only: the published page and its strong ETag. The one file of
 * this package that uses Node (`node:crypto`); everything it renders is
 * browser-safe and also exported from `./browser.ts`.
 */
import { createHash } from 'node:crypto';
import { renderProfileHtml } from './html.ts';
import type { RenderInput } from './types.ts';

/** A strong ETag value for a page: sha256 of the bytes, base64url (quote it when sending: `"${etag}"`). */
export function etagOf(html: string): string {
  return createHash('sha256').update(html, 'utf8').digest('base64url');
}

/** Renders the public page (spec §4 Publication "build"): the complete HTML document and its ETag. */
export function renderProfilePage(input: RenderInput): { html: string; etag: string } {
  const html = renderProfileHtml(input);
  return { html, etag: etagOf(html) };
}
