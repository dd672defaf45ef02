/** Editor alias (spec §5): ≤ 30; letters, digits, space, underscore, dash; spaces → dashes; separators collapsed; lower-cased. */
export const EDITOR_ALIAS_MAX = 30;

export function cleanEditorAlias(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-')
    .replace(/[-_]{2,}/g, (run) => run[0] ?? '-')
    .slice(0, EDITOR_ALIAS_MAX);
}

export function isValidEditorAlias(alias: string): boolean {
  return alias.length > 0 && alias.length <= EDITOR_ALIAS_MAX && /^[a-z0-9]+([-_][a-z0-9]+)*$/.test(alias);
}

export const INVITE_ALIAS_MESSAGE = 'The alias can only have lowercase letters, numbers, a dash or an underscore.';
export const aliasTakenMessage = (alias: string) => `The alias \`${alias}\` has already been taken.`;

/** Invite alias (spec §5): trimmed, lower-cased, spaces → dashes, repeated separators collapsed. */
export function cleanInviteAlias(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[-_.]{2,}/g, (run) => run[0] ?? '-');
}

export function isValidInviteAlias(alias: string): boolean {
  return /^[a-z0-9]+([-_.][a-z0-9]+)*$/.test(alias);
}
