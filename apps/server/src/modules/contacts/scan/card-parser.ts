/**
 * What a business card or event badge says, read from its OCR lines (issue #29 card scanning):
 * name, job title, company, phones, emails and links, each with the line it came from so the
 * person confirms it. A pure function: no I/O, no OCR, tested on its own (card-parser.test.ts).
 *
 * Emails, links and phones are recognised by their shape (phones by libphonenumber-js, in the
 * card's country when a number is written without its +code). Of the lines left, the job title
 * is the one with a job word, the company the one with a company form (Ltd, GmbH …) or the one
 * that matches the email's or website's domain, and the name the largest line of two to four
 * capitalised words. A line that fits nothing (an address, a slogan) is left out.
 */
import type { CardField, CardScanFields } from '@profilehub/shared';
import { type CountryCode, findPhoneNumbersInText } from 'libphonenumber-js';

export type CardLine = { text: string; height?: number };

const EMAIL = /[a-z0-9][a-z0-9._%+-]*@[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
/** Top-level domains a card's website ends in: every two-letter country one, and the common generic ones. */
const TLD = '(?:[a-z]{2}|com|org|net|edu|gov|dev|app|biz|info|tech|design|studio|agency|global|online|shop|site|digital|cloud|health)';
const URL_LIKE = new RegExp(String.raw`\b(?:https?:\/\/)?(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+${TLD}\b(?:\/[^\s,;]*)?`, 'gi');
/** "example. com", "example,com": a dot the OCR split off or read as a comma. */
const SPLIT_DOT = new RegExp(String.raw`(?<=[a-z0-9])\s?[.,]\s?(?=${TLD}\b)`, 'gi');
/** "Tel:", "M.", "Email", "Web:" … written before a value. */
const LABEL = /^(?:tel(?:ephone)?|phone|ph|mobile|mob|cell|direct|office|fax|t|m|p|f|d|o|e|e-mail|email|mail|w|web|website|url|site|linkedin|in)\s*[:.|]?\s+/i;
const FAX_LABEL = /^\s*(?:fax|f)\s*[:.|]?\s+/i;

const JOB_WORDS = new RegExp(
  `\\b(?:${[
    'manager',
    'director',
    'head',
    'chief',
    'officer',
    'ceo',
    'cto',
    'cfo',
    'coo',
    'cmo',
    'cio',
    'president',
    'vp',
    'vice',
    'founder',
    'co-founder',
    'cofounder',
    'owner',
    'partner',
    'principal',
    'engineer',
    'developer',
    'designer',
    'architect',
    'consultant',
    'analyst',
    'scientist',
    'researcher',
    'specialist',
    'coordinator',
    'lead',
    'leader',
    'assistant',
    'associate',
    'executive',
    'advisor',
    'adviser',
    'representative',
    'administrator',
    'supervisor',
    'accountant',
    'attorney',
    'lawyer',
    'counsel',
    'editor',
    'writer',
    'producer',
    'recruiter',
    'technician',
    'intern',
    'chair',
    'chairman',
    'chairwoman',
    'secretary',
    'treasurer',
    'professor',
    'lecturer',
    'doctor',
    'nurse',
    'physician',
    'agent',
    'broker',
    'strategist',
    'planner',
    'buyer',
    'curator',
    'photographer',
    'marketing',
    'sales',
    'operations',
    'product',
    'senior',
    'junior',
    'staff',
    'speaker',
    'organiser',
    'organizer',
    'volunteer',
  ].join('|')})\\b`,
  'i',
);
/** Legal forms and words that name an organisation rather than a job. */
const COMPANY_FORMS =
  /\b(?:ltd|limited|llc|llp|inc|incorporated|corp|corporation|co|company|gmbh|ag|kg|sa|s\.a|sas|sarl|srl|spa|bv|b\.v|nv|oy|ab|as|aps|plc|pty|pte|kk|group|holdings|industries|partners|associates|labs|laboratories|studios|ventures|capital|bank|university|institute|foundation)\b\.?/i;
/** Words as likely in a company's name as in a job title ("Solutions Architect", "Nimbus Systems"): they decide only between lines without a job word. */
const COMPANY_WORDS =
  /\b(?:studio|solutions|systems|technologies|technology|tech|software|consulting|agency|media|networks|logistics|pharma|energy|trust|digital|analytics|robotics|engineering|traders|biotech)\b/i;
const ADDRESS =
  /\b(?:street|st|road|rd|avenue|ave|lane|ln|suite|floor|fl|blvd|boulevard|drive|dr|way|square|sq|place|pl|strasse|straße|platz|weg|p\.?o\.? box)\b\.?|\d{4,5}\s+[a-z]/i;
const NAME_WORD =
  /^(?:[A-Z][a-zà-öø-ÿ'’]+(?:-[A-Z][a-zà-öø-ÿ'’]+)*|[A-Z]\.|[A-Z][a-z]?'[A-Z][a-zà-öø-ÿ]+|(?:van|von|de|der|den|da|di|du|la|le|del|della|bin|al)|Mc[A-Z][a-z]+|Mac[A-Z][a-z]+|O'[A-Z][a-z]+|[A-Z]{2,}(?:-[A-Z]{2,})?)$/;

const field = (value: string, source: string): CardField => ({ value, source });
const tidy = (s: string) =>
  s
    .replace(/[|¦]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–—•·*_=~:;,.([{©®@]+|[\s\-–—•·*_=~:;,([{]+$/g, '')
    .replace(/^([^()]*)\)$/, '$1')
    .trim();

/** A line of the OCR as the parts a card sets apart: wide gaps (two columns read as one line) and " · " separators. */
function segments(text: string): string[] {
  return text
    .split(/\s{3,}|\s[·•|]\s|\s[-–—]\s(?=\S*[@.])/)
    .map(tidy)
    .filter(Boolean);
}

/** OCR reads 0 as O and 1 as l or I inside numbers: put the digits back where a line is mostly digits. */
function digitsFixed(s: string): string {
  return s.replace(/(?<=[\d+()\s-])[Oo](?=[\d\s)-])|(?<=[\d\s(-])[Oo](?=\d)/g, '0').replace(/(?<=\d[\s-]?)[lI|](?=[\s-]?\d)/g, '1');
}

function emailsIn(line: string): string[] {
  // "name @ example.com" and "name@example. com" are one address split by the OCR.
  const joined = line.replace(/\s*@\s*/g, '@').replace(SPLIT_DOT, '.');
  return [...joined.matchAll(EMAIL)].map((m) => m[0].replace(/[.,;]+$/, '').toLowerCase());
}

function linksIn(line: string): string[] {
  const withoutEmails = line
    .replace(/\s*@\s*/g, '@')
    .replace(SPLIT_DOT, '.')
    .replace(EMAIL, ' ');
  return [...withoutEmails.matchAll(URL_LIKE)].map((m) => {
    const raw = m[0].replace(/[.,;)]+$/, '');
    return /^https?:\/\//i.test(raw) ? raw.replace(/^http/i, 'http') : `https://${raw}`;
  });
}

function phonesIn(line: string, country: CountryCode | undefined): string[] {
  const text = digitsFixed(line.replace(LABEL, ''));
  return findPhoneNumbersInText(text, country ? { defaultCountry: country } : undefined).map((m) => m.number.number as string);
}

const wordsOf = (s: string) => s.split(/\s+/).filter(Boolean);

function looksLikeName(s: string): boolean {
  if (/\d|@/.test(s)) return false;
  const words = wordsOf(s.replace(/,$/, ''));
  if (words.length < 2 || words.length > 4) return false;
  if (JOB_WORDS.test(s) || COMPANY_FORMS.test(s)) return false;
  return words.every((w) => NAME_WORD.test(w.replace(/,$/, '')));
}

/** A name in capitals as it is usually written (JANE DOE → Jane Doe); mixed case is kept. */
function nameCase(s: string): string {
  if (s !== s.toUpperCase()) return s;
  return s.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** The label of a domain as a company might be named: northwind.co.uk → northwind. */
function domainLabel(domain: string): string {
  const parts = domain
    .toLowerCase()
    .replace(/^www\./, '')
    .split('.');
  const generic = new Set(['co', 'com', 'org', 'net', 'ac', 'gov']);
  while (parts.length > 1 && (parts.at(-1)!.length <= 3 || generic.has(parts.at(-1)!))) parts.pop();
  return parts.at(-1) ?? '';
}
/** Edits between two short strings (Levenshtein). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * A website one or two letters off the email's domain (fiordstudio.se beside anna@fjordstudio.se)
 * is the same domain misread: the OCR rarely misreads both the same way, so where they differ
 * the email's spelling is kept, since an address that parses is the stronger read.
 */
function agreeWithEmails(url: string, emails: CardField[]): string {
  const u = new URL(url);
  const host = u.hostname.replace(/^www\./, '');
  for (const e of emails) {
    const domain = e.value.split('@')[1]!;
    const d = distance(host, domain);
    if (d > 0 && d <= 2 && host.length >= 6) return url.replace(host, domain);
  }
  return url;
}

const letters = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const FREE_MAIL = new Set(['gmail', 'googlemail', 'yahoo', 'hotmail', 'outlook', 'live', 'icloud', 'me', 'aol', 'proton', 'protonmail', 'gmx', 'mail', 'web']);

/** The card's fields from its OCR lines, top to bottom; `country` reads numbers written without their +code. */
export function parseCard(input: readonly (CardLine | string)[], country?: CountryCode): CardScanFields {
  const lines = input.map((l) => (typeof l === 'string' ? { text: l } : l)).flatMap((l) => segments(l.text).map((text) => ({ text, height: l.height ?? 0 })));
  const emails: CardField[] = [];
  const links: CardField[] = [];
  const phones: CardField[] = [];
  const rest: { text: string; height: number; index: number }[] = [];

  lines.forEach((l, index) => {
    if (!l.text) return;
    const found = { e: emailsIn(l.text), u: linksIn(l.text) };
    for (const e of found.e) if (!emails.some((f) => f.value === e)) emails.push(field(e, l.text));
    for (const u of found.u) if (!links.some((f) => f.value.toLowerCase() === u.toLowerCase())) links.push(field(u, l.text));
    const digits = l.text.replace(/\D/g, '').length;
    const isFax = FAX_LABEL.test(l.text);
    const numbers = digits >= 6 && !isFax ? phonesIn(l.text, country) : [];
    for (const n of numbers) if (!phones.some((f) => f.value === n)) phones.push(field(n, l.text));
    if (found.e.length || found.u.length || numbers.length || isFax) return;
    if (ADDRESS.test(l.text) || digits >= 3) return;
    rest.push({ ...l, index });
  });

  const taken = new Set<number>();
  const pick = (candidates: typeof rest) => {
    const best = candidates.find((c) => !taken.has(c.index));
    if (best) taken.add(best.index);
    return best;
  };

  const jobTitle = pick(rest.filter((l) => JOB_WORDS.test(l.text) && !COMPANY_FORMS.test(l.text) && !looksLikeName(l.text)));

  const domains = [...emails.map((e) => e.value.split('@')[1]!), ...links.map((u) => new URL(u.value).hostname)]
    .map(domainLabel)
    .filter((d) => d.length >= 3 && !FREE_MAIL.has(d));
  const byDomain = (l: { text: string }) => {
    const t = letters(l.text);
    return t.length >= 3 && domains.some((d) => t.includes(d) || d.includes(t) || (t.length >= 4 && d.startsWith(t.slice(0, 4))));
  };
  const company =
    pick(rest.filter((l) => COMPANY_FORMS.test(l.text))) ??
    pick(rest.filter((l) => byDomain(l) && !looksLikeName(l.text))) ??
    pick(rest.filter((l) => COMPANY_WORDS.test(l.text) && !JOB_WORDS.test(l.text)));

  const nameCandidates = rest.filter((l) => !taken.has(l.index) && looksLikeName(l.text));
  // The largest of them: a card prints the name biggest; on equal size the first.
  const name = pick([...nameCandidates].sort((a, b) => b.height - a.height || a.index - b.index));

  let companyLine = company;
  if (!companyLine) {
    // No company form and no domain match: the most prominent line left that is not a slogan.
    const left = rest.filter((l) => !taken.has(l.index) && wordsOf(l.text).length <= 5 && !/[.!?]$/.test(l.text));
    companyLine = pick([...left].sort((a, b) => b.height - a.height || a.index - b.index));
  }

  for (const l of links) l.value = agreeWithEmails(l.value, emails);

  return {
    name: name ? field(nameCase(name.text.replace(/,$/, '')), name.text) : null,
    jobTitle: jobTitle ? field(jobTitle.text, jobTitle.text) : null,
    company: companyLine ? field(companyLine.text, companyLine.text) : null,
    phones,
    emails,
    links,
  };
}
