/**
 * Per-item permissions of spec §3/§6: a master profile says, for each field,
 * section or item key, whether child users see it (`show`), may change it
 * (`edit`), may leave it empty (`optional`) and may reorder it (`sortable`).
 *
 * Keys: a top-level content field (`jobTitle`, `links`, `cssVariables`), a member
 * of an object field (`contactForm.sendToMail`, `cssVariables.background-color`,
 * `mainActionButton.title`), an item key (`link-3f9a`), or an item's field
 * (`testimonial-1.review`, used by the publish check).
 */
/** Spec §3 Permission entry (after parsing: every flag present; a new entry has all true). */
export type PermissionEntry = { key: string; show: boolean; edit: boolean; optional: boolean; sortable: boolean };
/** An entry as stored or sent: flags left out read as true. */
export type PermissionEntryInput = { key: string; show?: boolean; edit?: boolean; optional?: boolean; sortable?: boolean };
export type PermissionFlag = 'show' | 'edit' | 'optional' | 'sortable';

/** Spec §4 Permissions editing: a new record is named after the profile plus ' - Permissions'. */
export function permissionRecordTitle(profileName: string): string {
  return `${profileName} - Permissions`;
}

/** Spec §5 tooltips of the permission toggles, and their negatives. */
export const PERMISSION_TOOLTIPS = {
  optional: { on: 'Field / Section is optional', off: 'Field / Section is required' },
  show: { on: 'is visible to profile users', off: 'is not visible to profile users' },
  edit: { on: 'can be edited by profile users', off: 'cannot be edited by profile users' },
} as const;

/** Entries as `effectiveContent` and the publish check accept them: a list, a record, or nothing. */
export type PermissionsLike = readonly PermissionEntryInput[] | { permissions: readonly PermissionEntryInput[] } | null | undefined;

/** Entries by key, flags filled with the schema defaults. */
export type PermissionIndex = ReadonlyMap<string, PermissionEntry>;

/** Builds the lookup once per merge; the last entry wins when a key repeats. */
export function indexPermissions(permissions: PermissionsLike): PermissionIndex {
  const list = permissions ? ('permissions' in permissions ? permissions.permissions : permissions) : [];
  const index = new Map<string, PermissionEntry>();
  for (const entry of list) {
    index.set(entry.key, {
      key: entry.key,
      show: entry.show ?? true,
      edit: entry.edit ?? true,
      optional: entry.optional ?? true,
      sortable: entry.sortable ?? true,
    });
  }
  return index;
}

/** The permission that applies to one key path. */
export type ResolvedPermission = { show: boolean; edit: boolean; optional: boolean; sortable: boolean };

/**
 * Resolves a chain of keys from general to specific (`['testimonials', 'tm-1',
 * 'tm-1.review']`). `show`, `edit` and `sortable` are restrictive: false anywhere
 * in the chain wins (a hidden section hides its items). `optional` is taken from
 * the most specific entry that exists. A key without any entry is shown, editable,
 * sortable and **required**: the all-true defaults belong to a *new entry*
 * (spec §3); without one, spec §5's required list applies.
 */
export function resolvePermission(index: PermissionIndex, chain: readonly string[]): ResolvedPermission {
  const out: ResolvedPermission = { show: true, edit: true, optional: false, sortable: true };
  for (const key of chain) {
    const entry = index.get(key);
    if (!entry) continue;
    out.show &&= entry.show;
    out.edit &&= entry.edit;
    out.sortable &&= entry.sortable;
    out.optional = entry.optional;
  }
  return out;
}

/**
 * Spec §4 Permissions editing: flips one flag of one key; the flags flip
 * independently. A key without an entry gets a new one (all true) first.
 * Returns a new list.
 */
export function togglePermission(entries: readonly PermissionEntry[], key: string, flag: PermissionFlag): PermissionEntry[] {
  const existing = entries.find((e) => e.key === key);
  if (!existing) return [...entries, { key, show: true, edit: true, optional: true, sortable: true, [flag]: false }];
  return entries.map((e) => (e.key === key ? { ...e, [flag]: !e[flag] } : e));
}
