/**
 * Organisation admin lists (spec §2 Users list, Templates list, Approvals list;
 * §4 Lists; §9 paging): constants, texts and the pure sorting rules the server
 * and the hub share.
 */

/** Spec §9 paging: page indexes are zero-based. */
export const USERS_PAGE_SIZE = 10;
export const APPROVALS_PAGE_SIZE = 25;
export const CHANGES_PAGE_SIZE = 7;
export const TEMPLATES_PAGE_SIZE = 50;
/** Spec §9 debounces and suggestion count. */
export const LIST_SEARCH_DEBOUNCE_MS = 1000;
export const ALIAS_CHECK_DEBOUNCE_MS = 900;
export const AUTOCOMPLETE_DEBOUNCE_MS = 500;
export const DIVISION_SUGGESTIONS = 10;
/** User suggestions per page (spec §7 "User suggestions use filter and a zero-based page"). */
export const USER_SUGGESTIONS_PAGE_SIZE = 10;

/** Spec §3 Sort columns of the users list. */
export const USER_SORT_COLUMNS = ['NAME', 'DIVISION', 'TEMPLATE', 'UPDATED_AT', 'VIEWS'] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];
/** Spec §2 Templates list sortable columns. */
export const TEMPLATE_SORT_COLUMNS = ['A-Z', 'DIVISION', 'LINKED_PROFILES'] as const;
export type TemplateSortColumn = (typeof TEMPLATE_SORT_COLUMNS)[number];
/** Spec §2 Approvals list sortable columns (REQUESTDATE is the default). */
export const APPROVAL_SORT_COLUMNS = ['NAME', 'DIVISION', 'ALIAS', 'REQUESTDATE'] as const;
export type ApprovalSortColumn = (typeof APPROVAL_SORT_COLUMNS)[number];

export type SortOrder = 'asc' | 'desc';
/** A list's sort: a column and a direction, or none (the list's default order). */
export type ListSort<C extends string> = { orderBy: C; order: SortOrder } | null;

/**
 * Spec §4 Lists: clicking a column cycles asc → desc → none; a different
 * column starts at asc. (The caller also returns to page 0.)
 */
export function nextSort<C extends string>(current: ListSort<C>, column: C): ListSort<C> {
  if (!current || current.orderBy !== column) return { orderBy: column, order: 'asc' };
  if (current.order === 'asc') return { orderBy: column, order: 'desc' };
  return null;
}

/** Spec §8 texts of the lists and the approvals queue, word for word. */
export const ADMIN_MESSAGES = {
  profileDeleted: 'Profile Deleted',
  profileUnpublished: 'Profile Unpublished',
  profilePublished: 'Profile Published',
  profileApproved: 'Profile Aproved!',
  profileDeclined: 'Profile Declined!',
  buildError: (message: string) => `Build error: ${message}`,
  unknownError: 'Unknown error',
  noResults: 'No results found',
  loading: 'Loading...',
  success: 'Success!',
  rolledBack: 'The profile is back to its previous published version.',
  nothingToRollBack: 'There is no earlier published version to roll back to.',
  notPublished: 'Publish the profile before rolling it back.',
} as const;

/** 'Users (n User(s))' — spec §2 page title. */
export const usersTitle = (n: number) => `Users (${n} User(s))`;
export const approvalsTitle = (n: number) => `Approvals (${n})`;
export const templatesTitle = (n: number) => `Templates (${n})`;

/** Spec §2 Templates list: 'x to y of n results' with ' filtered' when searching. */
export function resultsText(page: number, pageSize: number, shown: number, total: number, filtered: boolean): string {
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = total === 0 ? 0 : page * pageSize + shown;
  return `${from} to ${to} of ${total} results${filtered ? ' filtered' : ''}`;
}

/**
 * Spec §7 Excel data: the file is named with the company title, 'Users', the
 * date and the division names (the exact format is ours):
 * `Acme - Users - 2026-11-22 - Sales, Support.xlsx`.
 */
export function usersExportFileName(companyTitle: string, date: Date, divisionNames: readonly string[], ext: 'xlsx' | 'csv' = 'xlsx'): string {
  const day = date.toISOString().slice(0, 10);
  const parts = [companyTitle, 'Users', day];
  if (divisionNames.length > 0) parts.push(divisionNames.join(', '));
  return `${parts.join(' - ')}.${ext}`;
}

/** Spec §2 statistics alias: profileId_companyId_name. */
export function statisticsAlias(profileId: number, companyId: number, name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${profileId}_${companyId}_${slug || 'profile'}`;
}

/** A person's role in a division (spec §6): its plain user or its supervisor. */
export const DIVISION_ROLES = ['user', 'supervisor'] as const;
export type DivisionRole = (typeof DIVISION_ROLES)[number];

/** Texts of role changes and of the superadmins list. */
export const ROLE_MESSAGES = {
  badRole: 'role must be user or supervisor.',
  divisionRequired: 'Choose the division.',
  emailRequired: 'Please enter an email address',
  madeSupervisor: 'The person is now a supervisor of the division.',
  madeUser: 'The person is now a user of the division.',
  notMember: 'This person is not in that division.',
  notYours: 'You can change the roles of the people of your own divisions only.',
  ownRole: 'You cannot change your own role.',
  superadminRole: "A superadmin's role is changed in the superadmins list.",
  inviteSupervisorNotAllowed: 'You can invite a supervisor only into a division you supervise.',
  noAccount: 'There is no account with this email address.',
  alreadySuperadmin: 'This person is already a superadmin.',
  madeSuperadmin: 'The person is now a superadmin.',
  removedSuperadmin: 'The person is no longer a superadmin.',
  lastSuperadmin: 'The last superadmin cannot be removed.',
  removeSelf: 'You cannot remove yourself from the superadmins.',
  notSuperadmin: 'This person is not a superadmin.',
} as const;

/** What a deactivated member's public page does (issue #28 offboarding, decision 022). */
export const OFFBOARDING_OUTCOMES = ['successor', 'company', 'gone'] as const;
export type OffboardingOutcome = (typeof OFFBOARDING_OUTCOMES)[number];

/** The outcomes as the deactivate dialog explains them. */
export const OFFBOARDING_OUTCOME_LABELS: Record<OffboardingOutcome, { label: string; description: string }> = {
  successor: {
    label: 'Redirect to a successor',
    description: 'Visitors of the page go to the successor’s page; contacts and statistics move to the successor.',
  },
  company: { label: 'Show the company card', description: 'The page shows the division’s card instead of the person.' },
  gone: { label: 'No longer with the company', description: 'The page says the person is no longer with the company.' },
};

/** Texts of deactivating and reactivating a division's member. */
export const OFFBOARDING_MESSAGES = {
  accountDeactivated: 'This account has been deactivated. Contact your supervisor.',
  badOutcome: 'outcome must be successor, company or gone.',
  deactivated: 'The person has been deactivated.',
  reactivated: 'The person has been reactivated.',
  alreadyDeactivated: 'This person is already deactivated in this division.',
  notDeactivated: 'This person is not deactivated in this division.',
  self: 'You cannot deactivate yourself.',
  superadmin: 'A superadmin cannot be deactivated by a supervisor.',
  notYours: 'You can deactivate the people of your own divisions only.',
  successorRequired: 'Choose the successor whose page visitors go to.',
  successorInvalid: 'The successor must be an active member of the same division with a published page.',
  successorNotWanted: 'A successor is chosen only with the outcome successor.',
  goneTitle: 'No longer with the company',
  goneText: 'The person you are looking for is no longer with the company.',
} as const;
