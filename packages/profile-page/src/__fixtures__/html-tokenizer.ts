/**
 * A small HTML tokenizer for tests: start and end tags with decoded attribute
 * values, text, comments, and the raw text of script/style/textarea/title and
 * the other raw-text elements — enough to see the page the way a browser's
 * tokenizer would split it (React's output is well-formed; what matters is that
 * nothing an attacker wrote becomes a tag, an attribute or a script).
 */

export type Attr = { name: string; value: string };
export type Token =
  | { type: 'start'; name: string; attrs: Attr[]; selfClosing: boolean }
  | { type: 'end'; name: string }
  | { type: 'text'; text: string }
  | { type: 'raw'; name: string; text: string; closed: boolean }
  | { type: 'comment'; text: string }
  | { type: 'doctype'; text: string };

const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
  sol: '/',
  bsol: '\\',
};

/** Decodes character references the way attribute values are decoded (numeric ones even without `;`). */
function decodeEntities(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[A-Za-z][A-Za-z0-9]*);?/g, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

export function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let text = '';
  const flush = () => {
    if (text) tokens.push({ type: 'text', text: decodeEntities(text) });
    text = '';
  };
  while (i < html.length) {
    const c = html[i];
    if (c !== '<') {
      text += c;
      i += 1;
      continue;
    }
    const next = html[i + 1] ?? '';
    if (html.startsWith('<!--', i)) {
      flush();
      const end = html.indexOf('-->', i + 4);
      tokens.push({ type: 'comment', text: html.slice(i + 4, end < 0 ? html.length : end) });
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (next === '!' || next === '?') {
      flush();
      const end = html.indexOf('>', i);
      const body = html.slice(i + 2, end < 0 ? html.length : end);
      tokens.push(/^doctype/i.test(body) ? { type: 'doctype', text: body } : { type: 'comment', text: body });
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    if (next === '/' && /[A-Za-z]/.test(html[i + 2] ?? '')) {
      flush();
      let j = i + 2;
      let name = '';
      while (j < html.length && !isSpace(html[j]) && html[j] !== '/' && html[j] !== '>') name += html[j++];
      const end = html.indexOf('>', j);
      tokens.push({ type: 'end', name: name.toLowerCase() });
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    if (!/[A-Za-z]/.test(next)) {
      text += c;
      i += 1;
      continue;
    }
    flush();
    let j = i + 1;
    let name = '';
    while (j < html.length && !isSpace(html[j]) && html[j] !== '/' && html[j] !== '>') name += html[j++];
    name = name.toLowerCase();
    const attrs: Attr[] = [];
    let selfClosing = false;
    while (j < html.length) {
      while (isSpace(html[j]) || (html[j] === '/' && html[j + 1] !== '>')) j += 1;
      if (html[j] === '/' && html[j + 1] === '>') {
        selfClosing = true;
        j += 2;
        break;
      }
      if (html[j] === '>') {
        j += 1;
        break;
      }
      let attrName = html[j] ?? '';
      j += 1;
      while (j < html.length && !isSpace(html[j]) && html[j] !== '/' && html[j] !== '>' && html[j] !== '=') attrName += html[j++];
      while (isSpace(html[j])) j += 1;
      let value = '';
      if (html[j] === '=') {
        j += 1;
        while (isSpace(html[j])) j += 1;
        const q = html[j];
        if (q === '"' || q === "'") {
          const end = html.indexOf(q, j + 1);
          value = html.slice(j + 1, end < 0 ? html.length : end);
          j = end < 0 ? html.length : end + 1;
        } else {
          while (j < html.length && !isSpace(html[j]) && html[j] !== '>') value += html[j++];
        }
      }
      attrs.push({ name: attrName.toLowerCase(), value: decodeEntities(value) });
    }
    tokens.push({ type: 'start', name, attrs, selfClosing });
    i = j;
    if (RAW_TEXT.has(name) && !selfClosing) {
      const close = new RegExp(`</${name}(?=[\\s/>])`, 'i');
      const rest = html.slice(i);
      const m = close.exec(rest);
      const body = m ? rest.slice(0, m.index) : rest;
      tokens.push({ type: 'raw', name, text: name === 'textarea' || name === 'title' ? decodeEntities(body) : body, closed: Boolean(m) });
      if (!m) {
        i = html.length;
        continue;
      }
      const end = html.indexOf('>', i + m.index);
      tokens.push({ type: 'end', name });
      i = end < 0 ? html.length : end + 1;
    }
  }
  flush();
  return tokens;
}

export const startTags = (tokens: Token[]) => tokens.filter((t): t is Extract<Token, { type: 'start' }> => t.type === 'start');
export const attr = (tag: { attrs: Attr[] }, name: string) => tag.attrs.find((a) => a.name === name)?.value;
