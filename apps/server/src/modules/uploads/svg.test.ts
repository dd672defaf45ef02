import { describe, expect, it } from 'vitest';
import { looksLikeSvg, SvgRejected, sanitizeSvg } from './svg.ts';
import { HOSTILE_SVG } from './test-images.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const wrap = (inner: string, attrs = '') => `<svg ${NS}${attrs}>${inner}</svg>`;
const clean = (inner: string, attrs = '') => sanitizeSvg(wrap(inner, attrs));
const rejected = (doc: string) => expect(() => sanitizeSvg(doc)).toThrow(SvgRejected);

describe('sanitizeSvg keeps drawings', () => {
  it('passes a plain icon through unchanged in substance', () => {
    const icon = wrap(
      '<g transform="translate(2,2) rotate(45)"><path d="M0 0L10 10Z" fill="#123" stroke-width="2"/><circle cx="5" cy="5" r="3"/></g>',
      ' viewBox="0 0 24 24"',
    );
    expect(sanitizeSvg(icon)).toBe(icon);
  });

  it('keeps gradients, clip paths and same-document references', () => {
    const doc = clean(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient><clipPath id="c"><rect width="5" height="5"/></clipPath></defs>' +
        '<rect fill="url(#g)" clip-path="url( \'#c\' )" width="10" height="10"/><use href="#c"/><use xlink:href="#c"/>',
      ' xmlns:xlink="http://www.w3.org/1999/xlink"',
    );
    expect(doc).toContain('fill="url(#g)"');
    expect(doc).toContain('clip-path="url( \'#c\' )"');
    expect(doc).toContain('<use href="#c"/>');
    expect(doc).toContain('<use xlink:href="#c"/>');
  });

  it('adds the SVG namespace when missing and drops a wrong one', () => {
    expect(sanitizeSvg('<svg><rect/></svg>')).toBe(`<svg ${NS}><rect/></svg>`);
    expect(sanitizeSvg('<svg xmlns="http://www.w3.org/1999/xhtml"><rect/></svg>')).toBe(`<svg ${NS}><rect/></svg>`);
  });

  it('decodes the XML entities and escapes text and attributes again', () => {
    expect(clean('<text>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#65;&#x42;</text>')).toBe(
      wrap('<text>&lt;script&gt;alert(1)&lt;/script&gt; &amp; AB</text>'),
    );
    expect(clean(`<rect id='a"b&gt;'/>`)).toBe(wrap('<rect id="a&quot;b&gt;"/>'));
    expect(clean('<text><![CDATA[<b>bold</b>]]></text>')).toBe(wrap('<text>&lt;b&gt;bold&lt;/b&gt;</text>'));
  });

  it('drops comments, processing instructions and a DOCTYPE without internal subset', () => {
    const doc = `<?xml version="1.0"?>\n<?xml-stylesheet href="https://evil.test/x.css"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<!-- made by hand --><svg ${NS}><!-- <script>alert(1)</script> --><rect/></svg>`;
    expect(sanitizeSvg(doc)).toBe(`<svg ${NS}><rect/></svg>`);
  });
});

describe('sanitizeSvg removes everything active or external', () => {
  it('drops script, foreignObject, style, image, a, animation and unknown elements with their content', () => {
    for (const inner of [
      '<script>alert(1)</script>',
      '<script><![CDATA[alert(1)]]></script>',
      '<SCRIPT>alert(1)</SCRIPT>',
      '<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>',
      '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body></foreignObject>',
      '<style>@import url(https://evil.test/a.css);</style>',
      '<image href="https://evil.test/a.png"/>',
      '<a href="javascript:alert(1)"><rect/></a>',
      '<animate attributeName="href" values="javascript:alert(1)"/>',
      '<set attributeName="onload" to="alert(1)"/>',
      '<animateTransform attributeName="transform"/>',
      '<iframe src="https://evil.test"/>',
      '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>',
      '<sodipodi:namedview xmlns:sodipodi="x"/>',
    ]) {
      expect(clean(inner), inner).toBe(wrap(''));
    }
  });

  it('drops event handlers, unknown attributes and external references', () => {
    expect(clean('<rect onload="alert(1)" ONCLICK="x" onmouseover=\'y\' width="1"/>')).toBe(wrap('<rect width="1"/>'));
    expect(sanitizeSvg(`<svg ${NS} onload="alert(1)"><rect/></svg>`)).toBe(wrap('<rect/>'));
    for (const href of [
      'https://evil.test/x.svg#a',
      '//evil.test/x',
      'javascript:alert(1)',
      'jav&#x61;script:alert(1)',
      'data:image/svg+xml,<svg/>',
      'x.svg#a',
      ' #a b',
    ]) {
      expect(clean(`<use href="${href}"/><use xlink:href="${href}"/>`), href).toBe(wrap('<use/><use/>'));
    }
    // A local reference is only kept where SVG uses one.
    expect(clean('<rect href="#a"/>')).toBe(wrap('<rect/>'));
    expect(clean('<rect requiredExtensions="x" externalResourcesRequired="true" xml:base="https://evil.test/"/>')).toBe(wrap('<rect/>'));
  });

  it('drops url() that leaves the document and script-ish CSS', () => {
    for (const [attr, value] of [
      ['fill', 'url(https://evil.test/track.png)'],
      ['fill', 'url(#a) url(//evil.test/x)'],
      ['filter', "url('data:image/svg+xml,x')"],
      ['style', 'fill: url(https://evil.test/x)'],
      ['style', "background-image: image-set('https://evil.test/a.png' 1x)"],
      ['style', 'fill: u\\72 l(https://evil.test/x)'],
      ['style', 'width: expression(alert(1))'],
      ['style', "@import 'https://evil.test/a.css'"],
      ['style', 'behavior: url(#x)'],
      ['style', 'fill: red; /* */ color: blue'],
      ['style', 'x: java\nscript:alert(1)'],
      ['fill', 'javascript:alert(1)'],
    ]) {
      expect(clean(`<rect ${attr}="${value}"/>`), `${attr}=${value}`).toBe(wrap('<rect/>'));
    }
    expect(clean('<rect style="fill: rgb(1, 2, 3); stroke: url(#g)"/>')).toBe(wrap('<rect style="fill: rgb(1, 2, 3); stroke: url(#g)"/>'));
  });

  it('cleans the hostile document of the route tests and is idempotent', () => {
    const once = sanitizeSvg(HOSTILE_SVG);
    expect(once).not.toMatch(/script|alert|evil\.test|\son\w+=|foreignObject|<style|<image|<a[\s>]/i);
    expect(sanitizeSvg(once)).toBe(once);
  });
});

describe('sanitizeSvg refuses what it cannot read strictly', () => {
  it('refuses entity declarations (billion laughs, XXE) and unknown entities', () => {
    rejected(`<!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><svg ${NS}>&b;</svg>`);
    rejected(`<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg ${NS}>&x;</svg>`);
    rejected(wrap('<text>&nbsp;</text>'));
    rejected(wrap('<text>&#0;</text>'));
    rejected(wrap('<text>&#xD800;</text>'));
  });

  it('refuses documents that are not well-formed or not SVG', () => {
    for (const doc of [
      '',
      'hello',
      '<html><body/></html>',
      `<svg ${NS}><g></svg>`,
      `<svg ${NS}><g></rect></g></svg>`,
      `<svg ${NS}>`,
      `<svg ${NS}></svg><script>alert(1)</script>`,
      `<svg ${NS}></svg>trailing`,
      `text<svg ${NS}></svg>`,
      `<svg ${NS}><rect width=1/></svg>`,
      `<svg ${NS}><rect width="1" width="2"/></svg>`,
      `<svg ${NS}><rect <script>/></svg>`,
      `<svg ${NS}><rect/ ></svg>`,
      `<svg ${NS}><script>if (a < b) alert(1)</script></svg>`,
      `<svg ${NS}><!-- unterminated </svg>`,
      `<svg ${NS}>\0</svg>`,
      `<svg ${NS}>${'<g>'.repeat(300)}${'</g>'.repeat(300)}</svg>`,
    ]) {
      rejected(doc);
    }
  });
});

describe('looksLikeSvg', () => {
  it('recognises SVG text with an optional BOM, declaration, comments and DOCTYPE', () => {
    for (const doc of [
      `<svg ${NS}/>`,
      `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: Illustrator -->\n<!DOCTYPE svg PUBLIC "x" "y">\n<svg>`,
      '  <svg>',
      '<!DOCTYPE svg [<!ENTITY a "b">]><svg>',
    ]) {
      expect(looksLikeSvg(Buffer.from(doc)), doc).toBe(true);
    }
    for (const doc of ['<html><svg>', '<?xml version="1.0"?><note/>', 'svg', '<svgx>', '%PDF-1.4']) {
      expect(looksLikeSvg(Buffer.from(doc)), doc).toBe(false);
    }
  });
});
