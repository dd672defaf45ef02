/**
 * Custom CSS (theme, company, profile) made safe to put inside the page's one
 * `<style>` element. A small CSS tokenizer re-writes the text:
 *
 * - it can never close the element or open a comment there: every `<` becomes
 *   the CSS escape `\3c ` (outside strings `<` has no use; inside strings the
 *   escape means the same character), and `-->` is split;
 * - comments are dropped; strings are re-quoted with their escapes normalised;
 *   escapes in names are decoded first, so `@\69mport` or `u\72l(` are seen as
 *   what the browser would see;
 * - `@import` rules are removed; `url()` keeps only https or root-relative
 *   addresses (else `none`); `expression()`, `image-set()`, `image()`,
 *   `element()`, `cross-fade()` and `src()` are replaced by `none`;
 *   `behavior` / `-moz-binding` are renamed so they do nothing; the names
 *   `javascript:` / `vbscript:` are neutralised;
 * - unbalanced brackets are closed, so one source cannot swallow the next.
 *
 * Pure and browser-safe: the editor preview uses it too.
 */
import { isSafeHttpsUrl, isSafeImageUrl } from '@profilehub/shared';

const BLOCKED_FUNCTIONS = new Set([
  'expression',
  'image-set',
  '-webkit-image-set',
  'image',
  'src',
  'cross-fade',
  '-webkit-cross-fade',
  'element',
  '-moz-element',
  'paint',
]);
const BLOCKED_PROPERTIES = new Set(['behavior', '-ms-behavior', '-moz-binding', 'binding']);
const BLOCKED_SCHEMES = new Set(['javascript', 'vbscript', 'livescript', 'mocha']);
const CLOSERS: Readonly<Record<string, string>> = { '{': '}', '(': ')', '[': ']' };

const isNewline = (c: string | undefined) => c === '\n' || c === '\r' || c === '\f';
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);
const isWhitespace = (c: string | undefined) => c === ' ' || c === '\t' || isNewline(c);
const isNameStart = (c: string | undefined) => c !== undefined && (/^[A-Za-z_]$/.test(c) || c.charCodeAt(0) >= 0x80);
const isName = (c: string | undefined) => c !== undefined && (isNameStart(c) || /^[0-9-]$/.test(c));
const isValidEscape = (s: string, i: number) => s[i] === '\\' && i + 1 < s.length && !isNewline(s[i + 1]);

/** CSS "would start an identifier" at `i`. */
function startsIdent(s: string, i: number): boolean {
  const c = s[i];
  if (c === '-') return isNameStart(s[i + 1]) || s[i + 1] === '-' || isValidEscape(s, i + 1);
  return isNameStart(c) || isValidEscape(s, i);
}

/** Decodes the escape at `s[i] === '\\'`; returns the character and the index after it. */
function readEscape(s: string, i: number): [string, number] {
  let j = i + 1;
  if (j >= s.length) return ['\uFFFD', j];
  if (!isHex(s[j])) {
    const cp = s.codePointAt(j) ?? 0xfffd;
    return [String.fromCodePoint(cp), j + (cp > 0xffff ? 2 : 1)];
  }
  let hex = '';
  while (j < s.length && hex.length < 6 && isHex(s[j])) hex += s[j++];
  if (s[j] === '\r' && s[j + 1] === '\n') j += 2;
  else if (isWhitespace(s[j])) j += 1;
  const cp = Number.parseInt(hex, 16);
  const valid = cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
  return [valid ? String.fromCodePoint(cp) : '\uFFFD', j];
}

/** Reads a name (with escapes decoded) starting at `i`. */
function readName(s: string, i: number): [string, number] {
  let name = '';
  let j = i;
  while (j < s.length) {
    const c = s[j];
    if (isName(c)) {
      name += c;
      j += 1;
    } else if (isValidEscape(s, j)) {
      const [ch, next] = readEscape(s, j);
      name += ch;
      j = next;
    } else break;
  }
  return [name, j];
}

const hexEscape = (ch: string) => `\\${(ch.codePointAt(0) ?? 0xfffd).toString(16)} `;

/** A decoded name written back: letters, digits, `-`, `_` and non-ASCII as they are, everything else escaped. */
function writeName(name: string): string {
  let out = '';
  let index = 0;
  for (const ch of name) {
    const code = ch.codePointAt(0) ?? 0;
    const digitAtStart = /[0-9]/.test(ch) && (index === 0 || (index === 1 && name.startsWith('-')));
    const plain = (/^[A-Za-z0-9_-]$/.test(ch) || (code >= 0xa0 && code !== 0x2028 && code !== 0x2029)) && !digitAtStart;
    out += plain ? ch : hexEscape(ch);
    index += 1;
  }
  return out;
}

/** Reads a string token starting at the quote `s[i]`; an unterminated string ends at the newline or the end. */
function readString(s: string, i: number): [string, number] {
  const quote = s[i];
  let value = '';
  let j = i + 1;
  while (j < s.length) {
    const c = s[j];
    if (c === quote) return [value, j + 1];
    if (isNewline(c)) return [value, j];
    if (c === '\\') {
      if (j + 1 >= s.length) return [value, j + 1];
      if (isNewline(s[j + 1])) {
        j += s[j + 1] === '\r' && s[j + 2] === '\n' ? 3 : 2;
        continue;
      }
      const [ch, next] = readEscape(s, j);
      value += ch;
      j = next;
      continue;
    }
    value += c;
    j += 1;
  }
  return [value, j];
}

/** A string written back in double quotes; quotes, backslashes, angle brackets and controls escaped. */
export function cssString(value: string): string {
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    const plain = (code >= 0x20 && code < 0x7f && !'"\\<>'.includes(ch)) || (code >= 0xa0 && code !== 0x2028 && code !== 0x2029);
    out += plain ? ch : hexEscape(ch);
  }
  return `${out}"`;
}

/** Skips a comment, string or escape at `i` (while skipping a block); returns the next index, or -1 if none starts there. */
function skipAtom(s: string, i: number): number {
  const c = s[i];
  if (c === '/' && s[i + 1] === '*') {
    const end = s.indexOf('*/', i + 2);
    return end < 0 ? s.length : end + 2;
  }
  if (c === '"' || c === "'") return readString(s, i)[1];
  if (c === '\\') return Math.min(s.length, i + 2);
  return -1;
}

/** Skips the balanced `( … )` starting at `s[i] === '('`. */
function skipParens(s: string, i: number): number {
  let depth = 0;
  let j = i;
  while (j < s.length) {
    const atom = skipAtom(s, j);
    if (atom >= 0) {
      j = atom;
      continue;
    }
    if (s[j] === '(') depth += 1;
    else if (s[j] === ')' && --depth === 0) return j + 1;
    j += 1;
  }
  return j;
}

/** Skips to just after the `;` that ends an at-rule statement (or the end). */
function skipStatement(s: string, i: number): number {
  let j = i;
  while (j < s.length) {
    const atom = skipAtom(s, j);
    if (atom >= 0) {
      j = atom;
      continue;
    }
    if (s[j] === ';') return j + 1;
    if (s[j] === '(') {
      j = skipParens(s, j);
      continue;
    }
    j += 1;
  }
  return j;
}

/** Reads the argument of `url(` (index just after the bracket): the address and whether it was well-formed. */
function readUrl(s: string, i: number): { value: string; ok: boolean; next: number } {
  let j = i;
  while (isWhitespace(s[j])) j += 1;
  if (s[j] === '"' || s[j] === "'") {
    const [value, after] = readString(s, j);
    j = after;
    while (isWhitespace(s[j])) j += 1;
    if (s[j] === ')') return { value, ok: true, next: j + 1 };
    return { value, ok: false, next: skipParens(s, i - 1) };
  }
  let value = '';
  while (j < s.length) {
    const c = s[j] ?? '';
    if (c === ')') return { value, ok: true, next: j + 1 };
    if (isWhitespace(c)) {
      while (isWhitespace(s[j])) j += 1;
      if (s[j] === ')') return { value, ok: true, next: j + 1 };
      break;
    }
    if (c === '"' || c === "'" || c === '(' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) break;
    if (c === '\\') {
      if (!isValidEscape(s, j)) break;
      const [ch, next] = readEscape(s, j);
      value += ch;
      j = next;
      continue;
    }
    value += c;
    j += 1;
  }
  // A bad url: the browser drops it; so do we (through the closing bracket).
  while (j < s.length && s[j] !== ')') j += s[j] === '\\' ? 2 : 1;
  return { value, ok: false, next: Math.min(s.length, j + 1) };
}

/** Addresses `url()` may keep: https links and root-relative paths (our uploads). */
export function isAllowedCssUrl(url: string): boolean {
  const value = url.trim();
  return /^\/(?!\/)/.test(value) ? isSafeImageUrl(value) : isSafeHttpsUrl(value);
}

/** Custom CSS made safe for the page's `<style>` element (see the module comment). */
export function sanitizeCss(input: unknown): string {
  if (typeof input !== 'string' || input === '') return '';
  const s = input.length > 100_000 ? input.slice(0, 100_000) : input;
  const closers: string[] = [];
  let out = '';
  let i = 0;
  while (i < s.length) {
    const c = s[i] ?? '';
    if (c === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2);
      i = end < 0 ? s.length : end + 2;
      out += ' ';
      continue;
    }
    if (c === '"' || c === "'") {
      const [value, next] = readString(s, i);
      out += cssString(value);
      i = next;
      continue;
    }
    if (c === '@' && startsIdent(s, i + 1)) {
      const [name, next] = readName(s, i + 1);
      if (name.toLowerCase() === 'import') {
        i = skipStatement(s, next);
        continue;
      }
      out += `@${writeName(name)}`;
      i = next;
      continue;
    }
    if (startsIdent(s, i)) {
      const [name, next] = readName(s, i);
      const lower = name.toLowerCase();
      if (s[next] === '(') {
        if (lower === 'url') {
          const url = readUrl(s, next + 1);
          out += url.ok && isAllowedCssUrl(url.value) ? `url(${cssString(url.value.trim())})` : 'none';
          i = url.next;
          continue;
        }
        if (BLOCKED_FUNCTIONS.has(lower)) {
          out += 'none';
          i = skipParens(s, next);
          continue;
        }
      }
      if (BLOCKED_SCHEMES.has(lower)) out += 'blocked';
      else if (BLOCKED_PROPERTIES.has(lower)) out += `x-blocked${lower}`;
      else out += writeName(name);
      i = next;
      continue;
    }
    if (c === '\\') {
      // Not a valid escape here (a backslash before a newline or at the end): drop it.
      i += 1;
      continue;
    }
    if (c === '<') {
      out += '\\3c ';
      i += 1;
      continue;
    }
    const code = c.charCodeAt(0);
    if ((code < 0x20 && c !== '\n' && c !== '\t' && c !== '\r' && c !== '\f') || code === 0x7f) {
      i += 1;
      continue;
    }
    if (c === '{' || c === '(' || c === '[') {
      closers.push(CLOSERS[c] ?? '');
    } else if (c === '}' || c === ')' || c === ']') {
      const at = closers.lastIndexOf(c);
      if (at < 0) {
        i += 1;
        continue;
      }
      // Close what the author left open inside this bracket first.
      out += closers.splice(at).slice(1).reverse().join('');
    }
    out += c;
    i += 1;
  }
  out += closers.reverse().join('');
  out = out.replaceAll('-->', '-- >').trim();
  // Keep the space that ends a trailing hex escape (`\3c `), or the escape would run into what follows.
  return /\\[0-9a-f]{1,6}$/i.test(out) ? `${out} ` : out;
}
