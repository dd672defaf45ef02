import { cleanInviteAlias, type DivisionRole, INVITE_ALIAS_MESSAGE, INVITE_MESSAGES, isValidInviteAlias } from '@profilehub/shared';

export type InviteForm = { name: string; email: string; alias: string; companyId: number | null; notify: boolean; role: DivisionRole };
export type AliasState = 'empty' | 'invalid' | 'testing' | 'approved' | 'not-approved';

/** Spec §5 invite alias input cleaning while typing: lower case, spaces → dashes, repeated separators collapsed. */
export function typeInviteAlias(input: string): string {
  return input
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[-_.]{2,}/g, (run) => run[0] ?? '-');
}

/** Whether the alias as typed passes the format test (spec §4 Alias check runs only then). */
export function aliasFormatOk(alias: string): boolean {
  const cleaned = cleanInviteAlias(alias);
  return cleaned === '' || isValidInviteAlias(cleaned);
}

export function aliasFormatError(alias: string): string | null {
  return aliasFormatOk(alias) ? null : INVITE_ALIAS_MESSAGE;
}

/** Spec §5: the messages of the invite dialog, checked on Invite. */
export function validateInvite(form: InviteForm): Partial<Record<'name' | 'email' | 'companyId', string>> {
  const errors: Partial<Record<'name' | 'email' | 'companyId', string>> = {};
  if (!form.name.trim()) errors.name = INVITE_MESSAGES.nameRequired;
  if (!form.email.trim()) errors.email = INVITE_MESSAGES.emailRequired;
  if (form.companyId === null) errors.companyId = INVITE_MESSAGES.divisionRequired;
  return errors;
}

/** Spec §5: Invite is disabled unless the alias format passes, is not being checked, is approved, and name and email are filled. */
export function canInvite(form: InviteForm, alias: AliasState): boolean {
  const aliasOk = alias === 'empty' || alias === 'approved';
  return aliasOk && form.name.trim() !== '' && form.email.trim() !== '';
}

/** Spec §2: 'Checking Alias' while the alias check runs, 'Please wait...' while adding. */
export function inviteButtonLabel(alias: AliasState, adding: boolean): string {
  if (adding) return 'Please wait...';
  if (alias === 'testing') return 'Checking Alias';
  return 'Invite';
}
