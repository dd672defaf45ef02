/**
 * The static checks every rendered page must pass (tests only): returns the
 * problems found, so a failing test says what and where.
 * - exactly one `<script>`: ours (type=module, the nonce, the PAGE_SCRIPT text);
 * - no event-handler attributes, `srcdoc`, `formaction`, no dangerous elements;
 * - every URL attribute is https, root-relative, an in-page `#i-…` icon, or a
 *   tel:/mailto: link built by the page — never javascript:, data:, vbscript:…;
 * - `style` attributes only with plain colours / alignment;
 * - exactly one `<style>`, and its CSS has no `<`, no `@import`, no `url()` but
 *   https or root-relative, no expression(), behaviours or script schemes;
 * - no comments (conditional comments, parser tricks).
 */
import { PAGE_SCRIPT } from '../client/page.ts';
import { attr, startTags, type Token, tokenize } from './html-tokenizer.ts';

const URL_ATTRS = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'poster',
  'srcset',
  'data',
  'background',
  'cite',
  'xlink:href',
  'ping',
  'lowsrc',
  'dynsrc',
  'longdesc',
  'codebase',
  'manifest',
  'icon',
  'profile',
  'usemap',
  'classid',
  'archive',
]);
const FORBIDDEN_ELEMENTS = new Set([
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'math',
  'template',
  'noscript',
  'xmp',
  'plaintext',
  'portal',
  'animate',
  'set',
  'animatetransform',
  'animatemotion',
  'foreignobject',
  'handler',
  'listener',
  'isindex',
  'keygen',
  'bgsound',
  'marquee',
  'textarea-x',
  'image',
  'xss',
]);
const ALLOWED_META = new Set(['charset', 'name', 'property', 'content']);
const ALLOWED_LINK_RELS = new Set(['canonical', 'manifest', 'apple-touch-icon', 'preload']);
// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these inside URLs, so must we before looking.
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g;

export type SafetyOptions = { nonce?: string | undefined; leadFormUrl?: string | undefined };

function urlProblem(value: string): string | null {
  const plain = value.replace(INVISIBLE, '').toLowerCase();
  if (/^(javascript|data|vbscript|livescript|file|blob|filesystem|jar|mhtml|x-schema|ms-its|res):/.test(plain)) return 'script-capable scheme';
  if (/^(https:\/\/|\/(?!\/)|#i-|#ph-|tel:\+?\d{3,20}$|mailto:[^\s<>"'()\\]+$)/i.test(value)) return null;
  return 'not https, root-relative, #icon, tel: or mailto:';
}

/** Decodes the escapes of a CSS string body. */
function cssUnescape(body: string): string {
  return body.replace(/\\([0-9a-fA-F]{1,6})[ \t\n]?|\\(.)/g, (_, hex: string | undefined, ch: string | undefined) =>
    hex ? String.fromCodePoint(Math.min(Number.parseInt(hex, 16) || 0xfffd, 0x10ffff)) : (ch ?? ''),
  );
}

/** Problems in the `<style>` text. Strings are only text unless they are the address of a url(). */
function cssProblems(text: string): string[] {
  const problems: string[] = [];
  if (text.includes('<')) problems.push('"<" inside <style>');
  const strings: string[] = [];
  const bare = text.replace(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g, (_, d: string | undefined, q: string | undefined) => {
    strings.push(cssUnescape(d ?? q ?? ''));
    return `"#${strings.length - 1}"`;
  });
  if (/\/\*/.test(bare)) problems.push('comment inside <style>');
  if (/@import/i.test(bare)) problems.push('@import inside <style>');
  if (/@\\/.test(bare)) problems.push('escaped at-rule inside <style>');
  if (/expression\s*\(/i.test(bare)) problems.push('expression() inside <style>');
  if (/(javascript|vbscript)\s*:/i.test(bare)) problems.push('script scheme inside <style>');
  if (/(^|[^-\w])(behavior|-moz-binding|-ms-behavior)\s*:/i.test(bare)) problems.push('behavior / binding inside <style>');
  if (/(image-set|cross-fade|element|image|src)\s*\(/i.test(bare.replace(/[\w-]+-(image|src)\s*\(/gi, ''))) problems.push('image function inside <style>');
  if (/\\/.test(bare.replace(/\\[0-9a-f]{1,6} /gi, ''))) problems.push('odd escape inside <style>');
  for (const m of bare.matchAll(/url\(\s*("#(\d+)"|([^)]*))\s*\)/gi)) {
    const u = (m[2] !== undefined ? (strings[Number(m[2])] ?? '') : (m[3] ?? '')).trim();
    if (!/^(https:\/\/[^\s/]|\/(?!\/))/i.test(u) || /[\s\\]/.test(u)) problems.push(`url(${u}) inside <style>`);
  }
  return problems;
}

export function pageSafetyProblems(html: string, options: SafetyOptions = {}): string[] {
  const problems: string[] = [];
  const tokens: Token[] = tokenize(html);
  const tags = startTags(tokens);
  const scripts = tags.filter((t) => t.name === 'script');
  if (scripts.length !== 1) problems.push(`expected one <script>, found ${scripts.length}`);
  const raws = tokens.filter((t): t is Extract<Token, { type: 'raw' }> => t.type === 'raw');
  const scriptRaw = raws.filter((t) => t.name === 'script');
  if (scriptRaw.length !== 1 || scriptRaw[0]?.text !== PAGE_SCRIPT || !scriptRaw[0]?.closed) problems.push('the <script> is not exactly the page script');
  for (const s of scripts) {
    if (attr(s, 'type') !== 'module') problems.push('script without type=module');
    if (options.nonce !== undefined && attr(s, 'nonce') !== options.nonce) problems.push('script without the nonce');
    if (attr(s, 'src') !== undefined) problems.push('script with src');
  }
  const styles = tags.filter((t) => t.name === 'style');
  if (styles.length !== 1) problems.push(`expected one <style>, found ${styles.length}`);
  const css = raws.find((t) => t.name === 'style');
  if (!css?.closed) problems.push('the <style> is not closed where it should be');
  if (css) problems.push(...cssProblems(css.text));
  for (const t of tokens) {
    if (t.type === 'comment') problems.push(`comment <!--${t.text.slice(0, 40)}-->`);
    if (t.type === 'raw' && !['script', 'style', 'title', 'textarea'].includes(t.name)) problems.push(`raw-text element <${t.name}>`);
  }
  for (const tag of tags) {
    if (FORBIDDEN_ELEMENTS.has(tag.name)) problems.push(`forbidden element <${tag.name}>`);
    if (tag.name === 'meta' && tag.attrs.some((a) => !ALLOWED_META.has(a.name))) problems.push(`meta with ${tag.attrs.map((a) => a.name).join(',')}`);
    if (tag.name === 'link' && !ALLOWED_LINK_RELS.has(attr(tag, 'rel') ?? '')) problems.push(`link rel=${attr(tag, 'rel')}`);
    if (tag.name === 'textarea' && attr(tag, 'id') !== 'ph-f-message') problems.push('a <textarea> that is not the lead form message');
    if (tag.name === 'form' && options.leadFormUrl !== undefined && attr(tag, 'action') !== options.leadFormUrl)
      problems.push(`form posting to ${attr(tag, 'action')}`);
    if (tag.name === 'use' && !/^#i-[a-z-]+$/.test(attr(tag, 'href') ?? '')) problems.push(`<use href=${attr(tag, 'href')}>`);
    for (const a of tag.attrs) {
      if (/^on/i.test(a.name)) problems.push(`event handler ${a.name} on <${tag.name}>`);
      if (a.name === 'srcdoc' || a.name === 'formaction' || a.name === 'xmlns:xlink' || a.name.includes(':'))
        problems.push(`attribute ${a.name} on <${tag.name}>`);
      if (a.name === 'style') {
        const v = a.value.toLowerCase();
        if (/url\(|expression|javascript|\\|behavior|binding|@import|<|image-set|\/\*/.test(v)) problems.push(`style="${a.value}"`);
        for (const decl of v.split(';').filter((d) => d.trim())) if (!/^\s*(color|text-align)\s*:/.test(decl)) problems.push(`style property in "${a.value}"`);
      }
      if (URL_ATTRS.has(a.name)) {
        const problem = urlProblem(a.value);
        if (problem) problems.push(`${a.name}="${a.value.slice(0, 80)}" on <${tag.name}>: ${problem}`);
      }
      if (tag.name === 'meta' && a.name === 'content' && /^\s*\d+\s*;\s*url=/i.test(a.value)) problems.push('meta refresh');
    }
  }
  return problems;
}
