/** The checker used by the XSS tests finds what it must (so a passing XSS test means something). */
import { describe, expect, it } from 'vitest';
import { renderProfileHtml } from '../html.ts';
import { pageSafetyProblems } from './page-safety.ts';
import { sampleInput } from './sample-input.ts';

const page = renderProfileHtml(sampleInput());
const inject = (marker: string, replacement: string) => {
  expect(page).toContain(marker);
  return page.replace(marker, replacement);
};

describe('pageSafetyProblems', () => {
  it('passes the sample page', () => {
    expect(pageSafetyProblems(page, { nonce: 'bm9uY2Utc2FtcGxl', leadFormUrl: '/api/lead-forms/submit/42' })).toEqual([]);
  });

  it.each([
    ['a second script', '</footer>', '</footer><script>alert(1)</script>'],
    ['an event handler', '<h1 class="ph-name"', '<h1 onclick="alert(1)" class="ph-name"'],
    ['a javascript: link', 'href="https://acme.test/book"', 'href="javascript:alert(1)"'],
    ['an entity-encoded javascript: link', 'href="https://acme.test/book"', 'href="jav&#x09;ascript:alert(1)"'],
    ['a data: image', 'src="/uploads/jane.webp"', 'src="data:image/svg+xml,x"'],
    ['an iframe', '</main>', '<iframe srcdoc="x"></iframe></main>'],
    ['a style breakout', '.ph-page{', '</style><img src=x onerror=alert(1)><style>.ph-page{'],
    ['an @import', '.ph-page{', '@import "https://evil.example/x.css";.ph-page{'],
    ['an off-site url()', '.ph-page{', '.x{background:url(http://evil.example/a.png)}.ph-page{'],
    ['a comment', '</main>', '<!--[if IE]>x<![endif]--></main>'],
    ['a meta refresh', '<title>', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><title>'],
    ['a style attribute with url()', '<h1 class="ph-name"', '<h1 style="background:url(x)" class="ph-name"'],
    // Cases only a parser that builds the page as a browser does can see.
    ['a script inside inline SVG', '</footer>', '</footer><svg><script>alert(1)</script></svg>'],
    ['markup that leaves a <noscript> through an attribute', '</main>', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript></main>'],
    ['an end tag the page never wrote (an unclosed style)', '</style>', ''],
  ])('finds %s', (_, marker, replacement) => {
    expect(pageSafetyProblems(inject(marker, replacement))).not.toEqual([]);
  });
});
