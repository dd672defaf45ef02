import { Script } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RICH_PROFILE } from '../../../shared/src/profile/test-fixtures.ts';
import { sampleInput } from '../__fixtures__/sample-input.ts';
import { pageRenderInput } from '../page-input.ts';
import { renderProfilePage } from '../render.ts';
import { EXCHANGE_SCRIPT, EXCHANGE_SCRIPT_PATH, EXCHANGE_SCRIPT_VERSION } from './exchange.ts';
import { PAGE_SCRIPT } from './page.ts';

const withExchange = sampleInput(RICH_PROFILE, {
  urls: { ...sampleInput().urls, exchangeUrl: '/api/contacts/exchange/42', exchangeScriptUrl: `${EXCHANGE_SCRIPT_PATH}?v=${EXCHANGE_SCRIPT_VERSION}` },
});

describe('the contact exchange on the public page (issue #29)', () => {
  it('renders a "Share my details" button and names the form’s module, whose code is not in the page', () => {
    const { html } = renderProfilePage(withExchange);
    expect(html).toContain('data-action="exchange"');
    expect(html).toContain('Share my details');
    expect(html).toContain(`data-exchange-js="${EXCHANGE_SCRIPT_PATH}?v=${EXCHANGE_SCRIPT_VERSION}"`);
    expect(html).toContain('data-exchange-url="/api/contacts/exchange/42"');
    // The form's code, styles and texts load only when opened.
    expect(html).not.toContain('ph-x-');
    expect(html).not.toContain('I agree');
    // The one inline script is still the page script, whose hash the CSP allows.
    expect([...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1])).toEqual([PAGE_SCRIPT]);
  });

  it('adds under 300 bytes gzip to the page', () => {
    const without = gzipSync(renderProfilePage(sampleInput()).html, { level: 9 }).length;
    const withIt = gzipSync(renderProfilePage(withExchange).html, { level: 9 }).length;
    console.log(`page gzip: ${without} B without the exchange, ${withIt} B with it`);
    expect(withIt - without).toBeLessThan(300);
  });

  it('is offered on a person’s page (an alias), not on a template’s', () => {
    const source = {
      content: {},
      profile: { id: 5, alias: 'jane' as string | null },
      company: { id: 1, name: 'acme', subdomain: 'acme' },
      theme: null,
      pageUrl: 'https://acme.example/jane',
    };
    expect(pageRenderInput(source).urls.exchangeUrl).toBe('/api/contacts/exchange/5');
    expect(pageRenderInput(source).urls.exchangeScriptUrl).toBe(`/_ph/exchange.js?v=${EXCHANGE_SCRIPT_VERSION}`);
    expect(pageRenderInput({ ...source, profile: { id: 5, alias: null } }).urls.exchangeUrl).toBeUndefined();
  });

  it('the form’s module is a valid ES module, small, that sets what it shows as text', () => {
    expect(() => new Script(EXCHANGE_SCRIPT.replace(/^export /gm, ''))).not.toThrow();
    expect(EXCHANGE_SCRIPT).toMatch(/^export async function open\(/m);
    const size = gzipSync(EXCHANGE_SCRIPT, { level: 9 }).length;
    console.log(`exchange module: ${EXCHANGE_SCRIPT.length} B, ${size} B gzip`);
    expect(size).toBeLessThan(4 * 1024);
    // The only HTML it writes is the division's consent, sanitised when the division saved it.
    expect(EXCHANGE_SCRIPT.match(/innerHTML/g)).toEqual(['innerHTML']);
    expect(EXCHANGE_SCRIPT).toContain('text.innerHTML = info.consentHtml');
  });
});
