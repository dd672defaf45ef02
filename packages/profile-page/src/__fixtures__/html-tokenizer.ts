/**
 * The tests' view of a rendered page, as a browser builds it: the page is parsed by
 * parse5 (the WHATWG HTML parser — tokenizer states, implied and foreign elements, entity
 * decoding, exactly as the standard says) and read back as a flat list of tokens: start
 * and end tags with decoded attributes, text, comments, and the text of the raw-text
 * elements (script, style, textarea, title, …) with whether their end tag was really
 * there. What matters to the XSS tests is that nothing an attacker wrote becomes a tag,
 * an attribute or a script — so the oracle must split the page the way a browser would,
 * not the way our own code hopes.
 */
import { type DefaultTreeAdapterMap, parse } from 'parse5';

export type Attr = { name: string; value: string };
export type Token =
  | { type: 'start'; name: string; attrs: Attr[] }
  | { type: 'end'; name: string }
  | { type: 'text'; text: string }
  | { type: 'raw'; name: string; text: string; closed: boolean }
  | { type: 'comment'; text: string }
  | { type: 'doctype'; text: string };

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Elements whose content the HTML parser reads as text, not markup (with scripting on, as in a browser). */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);

const isElement = (node: Node): node is Element => 'tagName' in node;
const textOf = (node: Element) => node.childNodes.map((c) => ('value' in c && c.nodeName === '#text' ? c.value : '')).join('');

export function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  const visit = (node: Node) => {
    if (node.nodeName === '#documentType' && 'name' in node) {
      tokens.push({ type: 'doctype', text: `DOCTYPE ${node.name}` });
      return;
    }
    if (node.nodeName === '#comment' && 'data' in node) {
      tokens.push({ type: 'comment', text: node.data });
      return;
    }
    if (node.nodeName === '#text' && 'value' in node) {
      const last = tokens.at(-1);
      if (last?.type === 'text') last.text += node.value;
      else tokens.push({ type: 'text', text: node.value });
      return;
    }
    if (!isElement(node)) {
      if ('childNodes' in node) for (const child of node.childNodes) visit(child);
      return;
    }
    // Names as written in any case: SVG's camel-cased names compare with the lists in lower case,
    // and a namespaced attribute keeps its prefix (xlink:href).
    const name = node.tagName.toLowerCase();
    const attrs = node.attrs.map((a) => ({ name: (a.prefix ? `${a.prefix}:${a.name}` : a.name).toLowerCase(), value: a.value }));
    tokens.push({ type: 'start', name, attrs });
    // A raw-text element of the HTML namespace; inside SVG or MathML the same names hold markup.
    if (RAW_TEXT.has(name) && node.namespaceURI === 'http://www.w3.org/1999/xhtml') {
      tokens.push({ type: 'raw', name, text: textOf(node), closed: Boolean(node.sourceCodeLocation?.endTag) });
    } else {
      const children = name === 'template' && 'content' in node ? (node.content as DefaultTreeAdapterMap['documentFragment']).childNodes : node.childNodes;
      for (const child of children) visit(child);
    }
    tokens.push({ type: 'end', name });
  };
  visit(parse(html, { sourceCodeLocationInfo: true, scriptingEnabled: true }));
  return tokens;
}

export const startTags = (tokens: Token[]) => tokens.filter((t): t is Extract<Token, { type: 'start' }> => t.type === 'start');
export const attr = (tag: { attrs: Attr[] }, name: string) => tag.attrs.find((a) => a.name === name)?.value;
