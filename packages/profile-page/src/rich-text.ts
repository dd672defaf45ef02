/**
 * Rich text from the editor (section texts, pop-up content, the footer
 * disclaimer, the thank-you message) reduced to a small, inert tag set with
 * sanitize-html before it reaches the page. Links may only be https (checked with
 * the shared rule), mailto or tel; images only https or root-relative uploads;
 * no attributes beyond href/target/rel, src/alt and a `style` limited to colour
 * and text alignment.
 */
import { isEmptyRichText, isSafeHttpsUrl } from '@profilehub/shared';
import sanitizeHtml from 'sanitize-html';
import { imageSrc, phoneDigits, safeEmail } from './safe.ts';

const COLOUR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*[\d.]+%?\s*(?:,\s*[\d.]+%?\s*){2}(?:,\s*[\d.]+%?\s*)?\)$/i,
  /^hsla?\(\s*[\d.]+(?:deg)?\s*(?:,\s*[\d.]+%\s*){2}(?:,\s*[\d.]+%?\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

/** What a link in rich text may point at; anything else loses its href. */
function richHref(href: string): string | undefined {
  const value = href.trim();
  if (/^mailto:/i.test(value)) {
    const email = safeEmail(decodeURIComponentSafe(value.slice(7).split('?')[0] ?? ''));
    return email ? `mailto:${email}` : undefined;
  }
  if (/^tel:/i.test(value)) {
    const digits = phoneDigits(decodeURIComponentSafe(value.slice(4)));
    return digits ? `tel:${digits}` : undefined;
  }
  return isSafeHttpsUrl(value) ? value : undefined;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

function options(assetBase: string | undefined, ownImagesOnly: boolean): sanitizeHtml.IOptions {
  return {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote', 'img', 'span'],
    allowedAttributes: {
      a: ['href', 'target', 'rel'],
      img: ['src', 'alt', 'loading', 'decoding'],
      '*': ['style'],
    },
    allowedStyles: { '*': { color: COLOUR, 'text-align': [/^(?:left|right|center|justify|start|end)$/] } },
    allowedSchemes: ['https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'noembed', 'noframes', 'iframe', 'object', 'svg', 'math'],
    transformTags: {
      h1: 'h2',
      h5: 'h4',
      h6: 'h4',
      a: (tagName, attribs): sanitizeHtml.Tag => {
        const href = richHref(attribs.href ?? '');
        if (!href) return { tagName, attribs: {} };
        const external = href.startsWith('https:');
        const safe: sanitizeHtml.Attributes = external ? { href, target: '_blank', rel: 'noopener noreferrer nofollow' } : { href };
        return { tagName, attribs: safe };
      },
      img: (tagName, attribs): sanitizeHtml.Tag => {
        const found = imageSrc(attribs.src, assetBase);
        // In the hub, only images of our own storage: a remote one would tell its owner when and from where a reviewer looked.
        const src = ownImagesOnly && found && !found.startsWith('/') ? undefined : found;
        const safe: sanitizeHtml.Attributes = src ? { src, alt: (attribs.alt ?? '').slice(0, 300), loading: 'lazy', decoding: 'async' } : {};
        return { tagName, attribs: safe };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

const cache = new Map<string, sanitizeHtml.IOptions>();

/**
 * Sanitised HTML for a rich-text value; '' when it is empty (spec §5: an empty paragraph is empty).
 * `ownImagesOnly` (the hub) keeps only root-relative images, those of our own uploads.
 */
export function sanitizeRichText(html: unknown, assetBase?: string, o: { ownImagesOnly?: boolean } = {}): string {
  if (typeof html !== 'string' || isEmptyRichText(html)) return '';
  const ownImagesOnly = o.ownImagesOnly === true;
  const key = `${ownImagesOnly ? 'own ' : ''}${assetBase ?? ''}`;
  let opts = cache.get(key);
  if (!opts) {
    opts = options(assetBase, ownImagesOnly);
    if (cache.size > 20) cache.clear();
    cache.set(key, opts);
  }
  const clean = sanitizeHtml(html, opts).trim();
  return isEmptyRichText(clean) ? '' : clean;
}

/** The visible text of a rich-text value (for meta descriptions and the vCard), whitespace collapsed. */
export function richTextToPlain(html: unknown): string {
  if (typeof html !== 'string') return '';
  const text = sanitizeHtml(html.replace(/<\/(p|li|h\d|blockquote)>|<br\s*\/?>/gi, ' '), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
