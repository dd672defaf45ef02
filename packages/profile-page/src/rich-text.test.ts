import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it('keeps the small formatting set', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u> <s>s</s><br></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><h3>h3</h3><h4>h4</h4><p><span>s</span></p>';
    expect(sanitizeRichText(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('secures links: https with rel and target, mailto and tel; anything else loses its href', () => {
    expect(sanitizeRichText('<a href="https://ok.example/x">ok</a>')).toBe(
      '<a href="https://ok.example/x" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
    expect(sanitizeRichText('<a href="mailto:jane@acme.test">m</a>')).toBe('<a href="mailto:jane@acme.test">m</a>');
    expect(sanitizeRichText('<a href="tel:+27 82 555 0101">t</a>')).toBe('<a href="tel:+27825550101">t</a>');
    expect(sanitizeRichText('<a href="mailto:a@b.c?body=x">m</a>')).toBe('<a href="mailto:a@b.c">m</a>');
    for (const href of ['javascript:alert(1)', 'http://ok.example', '//evil.example', '/relative', 'data:text/html,x', 'tel:abc', 'jav&#x09;ascript:x'])
      expect(sanitizeRichText(`<a href="${href}" onclick="x()">x</a>`), href).toBe('<a>x</a>');
  });

  it('keeps https and root-relative images with alt text, drops the rest', () => {
    expect(sanitizeRichText('<img src="/uploads/a.png" alt="A" onerror="x()">')).toBe('<img src="/uploads/a.png" alt="A" loading="lazy" decoding="async" />');
    expect(sanitizeRichText('<img src="/uploads/a.png">', 'https://api.example')).toContain('src="https://api.example/uploads/a.png"');
    expect(sanitizeRichText('<p>x<img src="data:image/png;base64,AAAA"><img src="http://a/b.png"><img src="//a/b.png"></p>')).toBe('<p>x</p>');
  });

  it('for the hub (ownImagesOnly) keeps the images of our own uploads and drops remote ones', () => {
    const html = '<p>Terms<img src="https://tracker.example/pixel.png?who=reviewer" alt="t"><img src="/uploads/a.png" alt="A"></p>';
    expect(sanitizeRichText(html, undefined, { ownImagesOnly: true })).toBe('<p>Terms<img src="/uploads/a.png" alt="A" loading="lazy" decoding="async" /></p>');
    // The public page keeps both.
    expect(sanitizeRichText(html)).toContain('https://tracker.example/pixel.png');
  });

  it('keeps only colour and alignment styles', () => {
    expect(sanitizeRichText('<p style="color:#114b8a;text-align:center;background:url(x);position:fixed">x</p>')).toBe(
      '<p style="color:#114b8a;text-align:center">x</p>',
    );
    expect(sanitizeRichText('<span style="color:expression(alert(1))">x</span>')).toBe('<span>x</span>');
  });

  it('drops scripts, styles, frames, forms and SVG with their content, and every handler', () => {
    expect(
      sanitizeRichText(
        '<p onclick="x()">a<script>alert(1)</script><style>*{}</style><iframe src="https://x"></iframe><svg><g/></svg><input>b</p><form><input></form>',
      ),
    ).toBe('<p>ab</p>');
  });

  it('treats empty rich text as empty', () => {
    expect(sanitizeRichText('<p><br></p>')).toBe('');
    expect(sanitizeRichText('<p><script>alert(1)</script></p>')).toBe('');
    expect(sanitizeRichText(undefined)).toBe('');
  });

  it('gives plain text for descriptions', () => {
    expect(richTextToPlain('<p>Twenty&nbsp;years</p><p>in &amp; sales &lt;3</p><script>x</script>')).toBe('Twenty years in & sales <3');
  });
});
