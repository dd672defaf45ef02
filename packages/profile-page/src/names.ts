import type { PageContent } from './types.ts';

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/**
 * A profile's given and family name (the vCard's N, the page's `profile:first_name` and
 * `profile:last_name`): its own first and last name when it has them; else its full name
 * split before the last word, so "Mary Ann Smith" is "Mary Ann" and "Smith".
 */
export function nameParts(content: Pick<PageContent, 'firstName' | 'lastName' | 'fullName'>): { first: string; last: string } {
  const first = text(content.firstName, 100);
  const last = text(content.lastName, 100);
  if (first || last) return { first, last };
  const words = text(content.fullName, 200).split(/\s+/).filter(Boolean);
  return { first: words.slice(0, Math.max(1, words.length - 1)).join(' '), last: words.length > 1 ? (words.at(-1) ?? '') : '' };
}
