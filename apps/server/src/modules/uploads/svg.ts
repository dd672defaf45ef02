/**
 * A strict allow-list SVG sanitiser (rich-text images only, spec §5).
 *
 * The input is tokenised by a small XML reader and written out again from the
 * tokens, so nothing the reader did not understand reaches the output:
 * - only the static-graphics elements below survive; anything else (script,
 *   foreignObject, style, image, a, animate/set, iframe, metadata, editor
 *   namespaces …) is dropped together with its children;
 * - only the attributes below survive; every event handler (`on*`) is dropped;
 * - `href`/`xlink:href` survive only as same-document references (`#id`);
 * - `url(…)` in any attribute or `style` must point into the document (`url(#id)`);
 *   `style` with escapes, `@import`, `expression(` or `javascript:` is dropped;
 * - a DOCTYPE with an internal subset (entities: billion laughs, XXE) is refused,
 *   a plain DOCTYPE, comments and processing instructions are dropped;
 * - only the five XML entities and numeric references are decoded; text and
 *   attribute values are re-escaped on output.
 * Anything that is not well-formed is refused rather than repaired.
 */

export class SvgRejected extends Error {}

const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'switch',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
]);

const ATTRIBUTES = new Set(
  `id class style transform viewBox preserveAspectRatio version baseProfile width height x y x1 y1 x2 y2 cx cy r rx ry fx fy fr d points pathLength
  fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin stroke-miterlimit stroke-dasharray stroke-dashoffset stroke-opacity
  opacity color display visibility overflow clip-path clip-rule clipPathUnits mask maskUnits maskContentUnits filter filterUnits primitiveUnits
  gradientUnits gradientTransform spreadMethod offset stop-color stop-opacity patternUnits patternContentUnits patternTransform
  marker-start marker-mid marker-end markerWidth markerHeight markerUnits refX refY orient
  font-family font-size font-weight font-style font-variant font-stretch text-anchor dominant-baseline alignment-baseline baseline-shift
  letter-spacing word-spacing text-decoration writing-mode direction unicode-bidi dx dy rotate textLength lengthAdjust startOffset method spacing side
  in in2 result stdDeviation mode type values operator k1 k2 k3 k4 flood-color flood-opacity lighting-color radius scale xChannelSelector yChannelSelector
  baseFrequency numOctaves seed stitchTiles kernelMatrix kernelUnitLength order divisor bias targetX targetY edgeMode preserveAlpha surfaceScale
  diffuseConstant specularConstant specularExponent azimuth elevation z pointsAtX pointsAtY pointsAtZ limitingConeAngle tableValues slope intercept
  amplitude exponent color-interpolation color-interpolation-filters color-rendering shape-rendering text-rendering image-rendering vector-effect
  paint-order mix-blend-mode isolation xml:space`
    .split(/\s+/)
    .filter(Boolean),
);

/** Elements whose href may point at another element of the same document. */
const HREF_ELEMENTS = new Set(['use', 'linearGradient', 'radialGradient', 'pattern', 'textPath', 'filter', 'feImage']);
const NAMESPACES: Record<string, string> = { xmlns: 'http://www.w3.org/2000/svg', 'xmlns:xlink': 'http://www.w3.org/1999/xlink' };

const MAX_DEPTH = 200;
const MAX_ELEMENTS = 50_000;
const NAME = /^[A-Za-z_][\w.:-]*$/;
const LOCAL_REF = /^#[A-Za-z_][\w.:-]*$/;

function decodeEntities(raw: string): string {
  return raw.replace(/&([^;&\s]{0,12});/g, (_m, ent: string) => {
    switch (ent) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
    }
    const num = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(ent);
    if (num) {
      const code = num[1] ? Number.parseInt(num[1], 16) : Number(num[2]);
      if (code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)) return String.fromCodePoint(code);
    }
    throw new SvgRejected(`unknown entity &${ent};`);
  });
}

const escapeText = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttr = (s: string) => escapeText(s).replaceAll('"', '&quot;');

/** CSS-ish functions an attribute or style may call; anything else (image-set, image, cross-fade, element …) could load or leak. */
const FUNCTIONS = new Set([
  'url',
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'calc',
  'min',
  'max',
  'clamp',
  'var',
  'matrix',
  'translate',
  'translatex',
  'translatey',
  'scale',
  'scalex',
  'scaley',
  'rotate',
  'skewx',
  'skewy',
]);

/** `url(` must always point into the document; script-ish CSS is refused. */
function safeValue(value: string): boolean {
  const v = value.toLowerCase();
  // Browsers ignore whitespace and control characters inside a scheme (`java\tscript:`).
  const compact = Array.from(v)
    .filter((c) => c.charCodeAt(0) > 0x20 && !/\s/.test(c))
    .join('');
  if (/(?:java|vb)script:|data:|expression\(|@import|-moz-binding|behavior:/.test(compact)) return false;
  for (const m of v.matchAll(/([a-z-]+)\s*\(/g)) if (!FUNCTIONS.has(m[1]!)) return false;
  for (const m of v.matchAll(/url\s*\(\s*['"]?\s*(.)/g)) if (m[1] !== '#') return false;
  return true;
}

function safeStyle(value: string): boolean {
  // CSS escapes can spell anything (`u\rl(`); comments can split words; `<` could end an element in HTML contexts.
  if (/[\\<>]|\/\*/.test(value)) return false;
  return safeValue(value);
}

type Attr = { name: string; value: string };

function keepAttribute(element: string, a: Attr): boolean {
  if (a.name in NAMESPACES) return a.value === NAMESPACES[a.name];
  if (a.name === 'href' || a.name === 'xlink:href') return HREF_ELEMENTS.has(element) && LOCAL_REF.test(a.value.trim());
  if (!ATTRIBUTES.has(a.name)) return false;
  return a.name === 'style' ? safeStyle(a.value) : safeValue(a.value);
}

function readAttributes(src: string): Attr[] {
  const attrs: Attr[] = [];
  const seen = new Set<string>();
  const re = /\s*([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
  let i = 0;
  while (i < src.length) {
    if (/^\s*$/.test(src.slice(i))) break;
    re.lastIndex = i;
    const m = re.exec(src);
    if (!m) throw new SvgRejected('malformed attribute');
    const name = m[1]!;
    if (!NAME.test(name)) throw new SvgRejected('malformed attribute name');
    if (seen.has(name)) throw new SvgRejected('duplicate attribute');
    seen.add(name);
    attrs.push({ name, value: decodeEntities(m[2] ?? m[3] ?? '') });
    i = re.lastIndex;
  }
  return attrs;
}

/** The sanitised document, or throws SvgRejected when it is not an SVG this reader accepts. */
export function sanitizeSvg(input: string): string {
  let src = input.replace(/^\uFEFF/, '');
  if (src.includes('\0')) throw new SvgRejected('NUL in document');
  let pos = 0;
  const out: string[] = [];
  const stack: { name: string; kept: boolean }[] = [];
  let dropDepth = 0; // > 0 while inside a dropped element
  let sawRoot = false;
  let rootClosed = false;
  let elements = 0;

  const text = (raw: string) => {
    if (stack.length === 0) {
      if (raw.trim() !== '') throw new SvgRejected('text outside the root element');
      return;
    }
    if (dropDepth === 0) out.push(escapeText(decodeEntities(raw)));
  };

  src = src.replace(/\r\n?/g, '\n');
  while (pos < src.length) {
    const lt = src.indexOf('<', pos);
    if (lt === -1) {
      text(src.slice(pos));
      break;
    }
    if (lt > pos) text(src.slice(pos, lt));
    if (src.startsWith('<!--', lt)) {
      const end = src.indexOf('-->', lt + 4);
      if (end === -1) throw new SvgRejected('unterminated comment');
      pos = end + 3;
      continue;
    }
    if (src.startsWith('<![CDATA[', lt)) {
      const end = src.indexOf(']]>', lt + 9);
      if (end === -1 || stack.length === 0) throw new SvgRejected('bad CDATA section');
      if (dropDepth === 0) out.push(escapeText(src.slice(lt + 9, end)));
      pos = end + 3;
      continue;
    }
    if (src.startsWith('<!', lt)) {
      const end = src.indexOf('>', lt);
      const decl = end === -1 ? '' : src.slice(lt, end + 1);
      if (!/^<!DOCTYPE\s+svg\b[^[<]*>$/i.test(decl) || sawRoot) throw new SvgRejected('DOCTYPE with an internal subset or out of place');
      pos = end + 1;
      continue;
    }
    if (src.startsWith('<?', lt)) {
      const end = src.indexOf('?>', lt + 2);
      if (end === -1) throw new SvgRejected('unterminated processing instruction');
      pos = end + 2;
      continue;
    }
    // A tag. Quoted attribute values may contain '>', so find the end outside quotes.
    let end = lt + 1;
    let quote = '';
    for (; end < src.length; end++) {
      const c = src[end];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') break;
      else if (c === '<') throw new SvgRejected('unexpected < in a tag');
    }
    if (end >= src.length) throw new SvgRejected('unterminated tag');
    const body = src.slice(lt + 1, end);
    pos = end + 1;

    if (body.startsWith('/')) {
      const name = body.slice(1).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new SvgRejected('mismatched closing tag');
      if (open.kept && dropDepth === 0) out.push(`</${name}>`);
      else if (!open.kept) dropDepth -= 1;
      if (stack.length === 0) rootClosed = true;
      continue;
    }
    const selfClosing = body.endsWith('/');
    const inner = selfClosing ? body.slice(0, -1) : body;
    const nameMatch = /^[^\s/>]+/.exec(inner);
    const name = nameMatch?.[0] ?? '';
    if (!NAME.test(name)) throw new SvgRejected('malformed element name');
    const attrs = readAttributes(inner.slice(name.length));
    if (rootClosed) throw new SvgRejected('content after the root element');
    if (!sawRoot) {
      if (name !== 'svg') throw new SvgRejected('the root element is not <svg>');
      sawRoot = true;
    }
    if (++elements > MAX_ELEMENTS || stack.length >= MAX_DEPTH) throw new SvgRejected('document too complex');

    const kept = dropDepth === 0 && ELEMENTS.has(name);
    if (kept) {
      const keptAttrs = attrs.filter((a) => keepAttribute(name, a));
      if (stack.length === 0 && !keptAttrs.some((a) => a.name === 'xmlns')) keptAttrs.unshift({ name: 'xmlns', value: NAMESPACES.xmlns! });
      const rendered = keptAttrs.map((a) => ` ${a.name}="${escapeAttr(a.value)}"`).join('');
      out.push(`<${name}${rendered}${selfClosing ? '/>' : '>'}`);
    }
    if (selfClosing) {
      if (stack.length === 0) rootClosed = true;
      continue;
    }
    stack.push({ name, kept });
    if (!kept) dropDepth += 1;
  }
  if (!sawRoot || stack.length > 0) throw new SvgRejected('incomplete document');
  return out.join('');
}

/** Does this text look like an SVG document (before sanitising)? Used for type detection, since SVG has no magic bytes. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  // A DOCTYPE counts as SVG so that one with an internal subset reaches the sanitiser and gets its clear refusal.
  return /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE\s+svg\b|<svg[\s>/])/.test(head);
}
