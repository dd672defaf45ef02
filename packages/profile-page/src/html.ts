/** The page as an HTML string, without the etag: browser-safe (the editor preview can render it into a frame). */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ProfileDocument } from './components/document.ts';
import { buildPageModel } from './model.ts';
import type { RenderInput } from './types.ts';

export function renderProfileHtml(input: RenderInput): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(createElement(ProfileDocument, { model: buildPageModel(input) }))}`;
}
