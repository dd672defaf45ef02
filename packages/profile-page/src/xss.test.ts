/**
 * Stored XSS: every payload of the corpus in every text, link, rich-text and
 * CSS field (and, separately, in the server-given URLs) renders to a page with
 * no script but ours, no handlers, no script-capable URLs and CSS that cannot
 * break out. The payloads still show up as text where a text field is shown.
 */
import { describe, expect, it } from 'vitest';
import { tokenize } from './__fixtures__/html-tokenizer.ts';
import { pageSafetyProblems } from './__fixtures__/page-safety.ts';
import { poisonedInput } from './__fixtures__/poison.ts';
import { XSS_PAYLOADS } from './__fixtures__/xss-payloads.ts';
import { renderProfilePage } from './index.ts';

const NONCE = 'bm9uY2Utc2FtcGxl';

describe('stored-XSS corpus', () => {
  it('has at least 100 distinct payloads', () => {
    expect(new Set(XSS_PAYLOADS).size).toBeGreaterThanOrEqual(100);
    expect(new Set(XSS_PAYLOADS).size).toBe(XSS_PAYLOADS.length);
  });

  it.each(XSS_PAYLOADS.map((p, i) => [i, p] as const))('payload %i in every field: %s', (i, payload) => {
    const input = poisonedInput(payload, i % 2 === 0 ? 'desktop2' : 'mobile1');
    const { html } = renderProfilePage(input);
    expect(pageSafetyProblems(html, { nonce: NONCE, leadFormUrl: input.urls.leadFormUrl })).toEqual([]);
    // A text field shows the payload as text (the name is always shown); a browser drops NUL characters from text.
    const h1 = tokenize(html).findIndex((t) => t.type === 'start' && t.name === 'h1');
    const h1Text = tokenize(html)[h1 + 1];
    if (payload.trim()) expect(h1Text).toEqual({ type: 'text', text: payload.trim().slice(0, 200).trim().replaceAll('\u0000', '') });
  });

  it.each(XSS_PAYLOADS.filter((_, i) => i % 4 === 0).map((p, i) => [i, p] as const))('payload %i in the server-given URLs and nonce: %s', (_, payload) => {
    const input = poisonedInput(payload);
    const urls = Object.fromEntries(Object.keys(input.urls).map((k) => [k, payload])) as typeof input.urls;
    const { html } = renderProfilePage({ ...input, urls, nonce: payload });
    expect(pageSafetyProblems(html, { nonce: undefined })).toEqual([]);
  });
});
