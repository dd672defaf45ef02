/**
 * Master/child inheritance (spec §1, §4 Inheritance, §6 per-item permissions).
 *
 * A child stores only what it changed ({@link ProfileContentOverrides}); its
 * effective content is its master's content (over the defaults) with the child's
 * values on top, governed by the master's permission entries:
 *
 * - fields: the child's value when set, else the master's (an empty value —
 *   `''`, `null`, empty rich text — is not set: saving drops it, spec §5);
 * - object fields (`contactForm`, `cssVariables`, `mainActionButton`,
 *   `qrCodeData`, `limits`): the same, member by member;
 * - collections (`links`, `infoSections`, galleries, `testimonials`,
 *   `socialLinks`): merged by item `key` — each item is inherited, edited (the
 *   child's fields over the master item), removed (a `removed` record in the
 *   child's `variableChangeRecords`) or added (a child item whose key the master
 *   lacks). A child entry with `source: 'master'` whose key the master no longer
 *   has was deleted by the master and disappears.
 * - `show: false` hides a key from the child's editor (it stays in storage and
 *   the published page shows the master's value); `edit: false` locks it (the
 *   master's value always wins); `sortable: false` on a collection keeps the
 *   master's order. A locked collection also refuses additions and removals.
 * - placeholder items (a `placeholder` button or section) exist only in the
 *   master: they mark where the child's own items go when the master's order
 *   applies, and never reach a child or a page.
 * - `removedFields`: inherited fields the child took off its page. Honoured
 *   only for {@link REMOVABLE_FIELDS} the template lets the child see, change
 *   and leave empty (`optional`); then the field is absent from both views, so
 *   the editor, its preview, the page and the vCard agree. Only the editor view
 *   carries the list itself.
 *
 * Everything here is pure: inputs are never changed, outputs share no objects with them.
 */
import { migrateAddressValue } from './address.ts';
import { COLLECTION_FIELDS, type CollectionField, OBJECT_FIELDS, type ObjectField, PROFILE_CONTENT_FIELDS, REMOVABLE_FIELDS } from './constants.ts';
import type { ChangeRecord, ProfileContent, ProfileContentOverrides } from './content.ts';
import { profileContentDefaults } from './defaults.ts';
import { cloneJson, deepEqual, isPlainObject, setOwn, withoutUndefined } from './json.ts';
import { indexPermissions, type PermissionIndex, type PermissionsLike, resolvePermission } from './permissions.ts';
import { dropEmptyValues, isEmptyRichText } from './rules.ts';

/** A master's content: a whole document (missing fields take the defaults). */
export type MasterContent = Readonly<Partial<ProfileContent>> | null | undefined;
/** A child's stored content (or any document used as one). */
export type ChildContent = Readonly<ProfileContentOverrides> | Readonly<Partial<ProfileContent>> | null | undefined;
/** The child's view in the editor: hidden fields are absent. */
export type EditorContent = Partial<ProfileContent>;

type Item = Record<string, unknown> & { key: string };
type Doc = Record<string, unknown>;
type View = 'editor' | 'published';

const COLLECTIONS = new Set<string>(COLLECTION_FIELDS);
const REMOVABLE = new Set<string>(REMOVABLE_FIELDS);
/** Fields merge and store handle apart from the field loop. */
const OWN_LISTS = new Set<string>(['variableChangeRecords', 'removedFields']);
const OBJECTS = new Set<string>(OBJECT_FIELDS);
const BUTTON_COLOUR = /^contact-button-(?:font|background)-color-(.+)$/;
const DEFAULTS: Doc = profileContentDefaults();

/**
 * A child value that does not override: absent, null or empty text. Saving drops
 * such values (spec §5), so an empty one in storage or in an edit means "inherit".
 */
function isUnset(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && isEmptyRichText(value));
}

/** The set members of a child item, without its `source` marker. */
function overridesOf(item: Item): Doc {
  const out: Doc = {};
  for (const [name, value] of Object.entries(item)) if (name !== 'source' && !isUnset(value)) setOwn(out, name, value);
  return out;
}

/** Placeholder items are the master's slots for the child's own items (spec §2: master profiles only). */
export function isPlaceholderItem(field: CollectionField, item: Readonly<Record<string, unknown>>): boolean {
  return (field === 'links' && item.contactType === 'placeholder') || (field === 'infoSections' && item.type === 'placeholder');
}

/** The permission key chain of an object member; a per-button colour also follows its button. */
function memberChain(field: string, member: string): string[] {
  const chain = [field, `${field}.${member}`];
  const button = field === 'cssVariables' ? BUTTON_COLOUR.exec(member)?.[1] : undefined;
  if (button) chain.push('links', button);
  return chain;
}

/** The master's content over the defaults (object fields member by member). */
function inheritedBase(master: MasterContent): Doc {
  const base = cloneJson(DEFAULTS);
  if (!master) return base;
  for (const field of PROFILE_CONTENT_FIELDS) {
    const value = (master as Doc)[field];
    if (value === undefined) continue;
    const fallback = base[field];
    base[field] = OBJECTS.has(field) && isPlainObject(fallback) && isPlainObject(value) ? { ...fallback, ...withoutUndefined(value) } : cloneJson(value);
  }
  return base;
}

function itemsOf(value: unknown): Item[] {
  return Array.isArray(value) ? value.filter((item): item is Item => isPlainObject(item) && typeof item.key === 'string') : [];
}

function removedKeys(child: Doc): Set<string> {
  const records = Array.isArray(child.variableChangeRecords) ? (child.variableChangeRecords as ChangeRecord[]) : [];
  return new Set(records.filter((r) => r?.action === 'removed').map((r) => r.key));
}

/** A removal the template allows: a removable field, shown, editable and optional for the child. */
function mayRemove(index: PermissionIndex, field: string): boolean {
  if (!REMOVABLE.has(field)) return false;
  const permission = resolvePermission(index, [field]);
  return permission.show && permission.edit && permission.optional;
}

/** The fields a child document lists as removed (whatever its permissions). */
function listedRemovals(doc: Doc): string[] {
  return Array.isArray(doc.removedFields) ? doc.removedFields.filter((f): f is string => typeof f === 'string') : [];
}

function firstByKey(items: readonly Item[]): Map<string, Item> {
  const map = new Map<string, Item>();
  for (const item of items) if (!map.has(item.key)) map.set(item.key, item);
  return map;
}

function mergeCollection(field: CollectionField, base: Doc, own: Doc, index: PermissionIndex, view: View, changes: ChangeRecord[]): Item[] {
  const masterItems = itemsOf(base[field]);
  const ownList = Array.isArray(own[field]) ? itemsOf(own[field]) : undefined;
  const ownByKey = firstByKey(ownList ?? []);
  const removed = removedKeys(own);
  const collection = resolvePermission(index, [field]);
  const masterKeys = new Set(masterItems.map((m) => m.key));
  const kept = new Map<string, Item>();

  for (const master of masterItems) {
    if (isPlaceholderItem(field, master) || kept.has(master.key)) continue;
    const permission = resolvePermission(index, [field, master.key]);
    if (!permission.show) {
      if (view === 'published') kept.set(master.key, master);
      continue;
    }
    const mine = ownByKey.get(master.key);
    if (!permission.edit || (!mine && !removed.has(master.key))) {
      kept.set(master.key, master);
      changes.push({ key: master.key, action: 'inherited', field });
    } else if (mine) {
      const merged = { ...master, ...overridesOf(mine), key: master.key };
      kept.set(master.key, merged);
      changes.push({ key: master.key, action: deepEqual(merged, master) ? 'inherited' : 'edited', field });
    } else {
      changes.push({ key: master.key, action: 'removed', field });
    }
  }

  const added: Item[] = [];
  if (collection.edit) {
    const addedKeys = new Set<string>();
    for (const mine of ownList ?? []) {
      if (masterKeys.has(mine.key) || addedKeys.has(mine.key) || mine.source === 'master' || isPlaceholderItem(field, mine)) continue;
      if (view === 'editor' && !resolvePermission(index, [field, mine.key]).show) continue;
      addedKeys.add(mine.key);
      added.push(mine);
      changes.push({ key: mine.key, action: 'added', field });
    }
  }

  const ordered: Item[] = [];
  if (collection.sortable && collection.edit && ownList) {
    // The child's order; master items the child has never placed go after the
    // master item that precedes them (or first).
    const addedByKey = firstByKey(added);
    const placed = new Set<string>();
    for (const mine of ownList) {
      const item = kept.get(mine.key) ?? addedByKey.get(mine.key);
      if (item && !placed.has(mine.key)) {
        ordered.push(item);
        placed.add(mine.key);
      }
    }
    let previous: string | undefined;
    for (const master of masterItems) {
      const item = kept.get(master.key);
      if (!item) continue;
      if (!placed.has(master.key)) {
        const at = previous === undefined ? 0 : ordered.findIndex((o) => o.key === previous) + 1;
        ordered.splice(at, 0, item);
        placed.add(master.key);
      }
      previous = master.key;
    }
  } else {
    // The master's order; the child's own items go where the master put a placeholder, else last.
    let addedPlaced = false;
    for (const master of masterItems) {
      if (isPlaceholderItem(field, master) && !addedPlaced) {
        ordered.push(...added);
        addedPlaced = true;
      }
      const item = kept.get(master.key);
      if (item && !ordered.includes(item)) ordered.push(item);
    }
    if (!addedPlaced) ordered.push(...added);
  }
  return ordered;
}

function mergeObject(field: ObjectField, base: Doc, own: Doc, index: PermissionIndex, view: View): Doc | undefined {
  const master = isPlainObject(base[field]) ? base[field] : undefined;
  const mine = isPlainObject(own[field]) ? own[field] : undefined;
  if (!master && !mine) return undefined;
  const out: Doc = {};
  const members = new Set([...Object.keys(master ?? {}), ...Object.keys(mine ?? {})]);
  for (const member of members) {
    const permission = resolvePermission(index, memberChain(field, member));
    if (!permission.show && view === 'editor') continue;
    const value = permission.show && permission.edit && !isUnset(mine?.[member]) ? mine?.[member] : master?.[member];
    if (value !== undefined) setOwn(out, member, value);
  }
  return out;
}

/** Values stored in an older shape, read as the current one (an address on one line, decision 018). */
function readOldShapes(doc: Doc): Doc {
  if (doc.navigateToOffice !== undefined) doc.navigateToOffice = migrateAddressValue(doc.navigateToOffice);
  return doc;
}

function merge(master: MasterContent, child: ChildContent, permissions: PermissionsLike, view: View): Doc {
  const own = (child ?? {}) as Doc;
  if (!master) {
    // A master or standalone profile: its own content over the defaults, nothing to inherit (nor to remove).
    const doc = inheritedBase(own as MasterContent);
    delete doc.removedFields;
    doc.variableChangeRecords = [];
    return readOldShapes(doc);
  }
  const base = inheritedBase(master);
  const index = indexPermissions(permissions);
  const out: Doc = {};
  const changes: ChangeRecord[] = [];
  const removed = new Set(listedRemovals(own).filter((field) => mayRemove(index, field) && !isUnset(base[field])));
  for (const field of PROFILE_CONTENT_FIELDS) {
    if (OWN_LISTS.has(field) || removed.has(field)) continue;
    const permission = resolvePermission(index, [field]);
    if (!permission.show && view === 'editor') continue;
    let value: unknown;
    if (COLLECTIONS.has(field)) value = mergeCollection(field as CollectionField, base, own, index, view, changes);
    else if (OBJECTS.has(field)) value = mergeObject(field as ObjectField, base, own, index, view);
    else value = permission.show && permission.edit && !isUnset(own[field]) ? own[field] : base[field];
    if (value !== undefined) out[field] = value;
  }
  if (view === 'editor' && removed.size > 0) out.removedFields = REMOVABLE_FIELDS.filter((field) => removed.has(field));
  out.variableChangeRecords = changes;
  return readOldShapes(cloneJson(out));
}

/**
 * The child's effective content as its editor shows it: the master's content
 * merged with the child's own (see the module comment), hidden keys left out,
 * and `variableChangeRecords` listing what happened to each visible item
 * (`inherited`, `edited`, `removed`, `added`). With no master, the profile's own
 * content over the defaults. Idempotent: merging the result again with the same
 * master gives the same result.
 */
export function effectiveContent(master: MasterContent, child: ChildContent, permissions?: PermissionsLike): EditorContent {
  return merge(master, child, permissions, 'editor') as EditorContent;
}

/**
 * The content a child's public page shows: like {@link effectiveContent}, but
 * hidden keys are present with the master's value (hidden means "not the child's
 * to see or change", not "off the page"). Placeholders never appear.
 */
export function publishedContent(master: MasterContent, child: ChildContent, permissions?: PermissionsLike): ProfileContent {
  return merge(master, child, permissions, 'published') as ProfileContent;
}

/** Keeps what the child may not touch exactly as stored. */
function keep(out: Doc, key: string, value: unknown): void {
  if (value !== undefined) setOwn(out, key, cloneJson(value));
}

function storeCollection(field: CollectionField, base: Doc, stored: Doc, edit: Doc, index: PermissionIndex, tombstones: ChangeRecord[]): Item[] | undefined {
  const allMasterItems = itemsOf(base[field]);
  const allMasterKeys = new Set(allMasterItems.map((m) => m.key));
  const masterItems = allMasterItems.filter((m) => !isPlaceholderItem(field, m));
  const masterByKey = firstByKey(masterItems);
  const storedByKey = firstByKey(itemsOf(stored[field]));
  const oldRemoved = removedKeys(stored);
  const editList = Array.isArray(edit[field]) ? itemsOf(edit[field]) : undefined;
  const refused = (key: string) => {
    const permission = resolvePermission(index, [field, key]);
    return masterByKey.has(key) && (!permission.show || !permission.edit);
  };
  const out: Item[] = [];
  const done = new Set<string>();
  const keepRefused = (key: string) => {
    const entry = storedByKey.get(key);
    if (entry) out.push(cloneJson(entry));
    if (oldRemoved.has(key)) tombstones.push({ key, action: 'removed', field });
  };

  for (const item of editList ?? []) {
    if (done.has(item.key)) continue;
    done.add(item.key);
    const master = masterByKey.get(item.key);
    if (master) {
      if (refused(item.key)) {
        keepRefused(item.key);
        continue;
      }
      const entry: Item = { key: item.key, source: 'master' };
      for (const [name, value] of Object.entries(item)) {
        if (name === 'key' || name === 'source' || isUnset(value) || deepEqual(value, master[name])) continue;
        setOwn(entry, name, cloneJson(value));
      }
      out.push(entry);
    } else if (item.source !== 'master' && !isPlaceholderItem(field, item) && !allMasterKeys.has(item.key)) {
      out.push({ ...cloneJson(overridesOf(item)), key: item.key, source: 'self' });
    }
  }
  for (const master of masterItems) {
    if (done.has(master.key)) continue;
    if (refused(master.key)) keepRefused(master.key);
    else if (editList) tombstones.push({ key: master.key, action: 'removed', field });
  }
  return out.length > 0 ? out : undefined;
}

function storeObject(field: ObjectField, base: Doc, stored: Doc, edit: Doc, index: PermissionIndex): Doc | undefined {
  const master = isPlainObject(base[field]) ? base[field] : {};
  const old = isPlainObject(stored[field]) ? stored[field] : {};
  const mine = isPlainObject(edit[field]) ? edit[field] : {};
  const out: Doc = {};
  for (const member of new Set([...Object.keys(old), ...Object.keys(mine)])) {
    const permission = resolvePermission(index, memberChain(field, member));
    if (!permission.show || !permission.edit) keep(out, member, old[member]);
    else if (!isUnset(mine[member]) && !deepEqual(mine[member], master[member])) keep(out, member, mine[member]);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * Turns the child's edited document (its whole editor view, empty values already
 * dropped) into what to store: only values that differ from the master, bare
 * `{key, source: 'master'}` entries that keep inherited items' places, the child's
 * own items (`source: 'self'`), and a `removed` record for each master item the
 * child deleted, and `removedFields` for inherited fields the child took off its
 * page (where allowed). Changes to hidden or locked keys are refused — the stored
 * value stays as it was. With no master, the edit itself is the content.
 */
export function applyChildEdit(master: MasterContent, childStored: ChildContent, edit: ChildContent, permissions?: PermissionsLike): ProfileContentOverrides {
  const e = (edit ?? {}) as Doc;
  if (!master) {
    const { variableChangeRecords: _records, removedFields: _removed, ...own } = e;
    return dropEmptyValues(own) as ProfileContentOverrides;
  }
  const base = readOldShapes(inheritedBase(master));
  const stored = (childStored ?? {}) as Doc;
  const index = indexPermissions(permissions);
  const out: Doc = {};
  const tombstones: ChangeRecord[] = [];
  // A removal stands where the template allows it, has a value to remove and the edit gives none;
  // a removal of a field the child may not touch stays as stored.
  const removals = new Set([
    ...listedRemovals(e).filter((field) => mayRemove(index, field) && !isUnset(base[field]) && isUnset(e[field])),
    ...listedRemovals(stored).filter((field) => REMOVABLE.has(field) && !mayRemove(index, field)),
  ]);
  for (const field of PROFILE_CONTENT_FIELDS) {
    if (OWN_LISTS.has(field)) continue;
    if (removals.has(field) && mayRemove(index, field)) continue;
    const permission = resolvePermission(index, [field]);
    if (!permission.show || !permission.edit) {
      keep(out, field, stored[field]);
      if (COLLECTIONS.has(field)) {
        const removed = removedKeys(stored);
        for (const item of itemsOf(base[field]))
          if (removed.has(item.key)) tombstones.push({ key: item.key, action: 'removed', field: field as CollectionField });
      }
      continue;
    }
    let value: unknown;
    if (COLLECTIONS.has(field)) value = storeCollection(field as CollectionField, base, stored, e, index, tombstones);
    else if (OBJECTS.has(field)) value = storeObject(field as ObjectField, base, stored, e, index);
    else value = !isUnset(e[field]) && !deepEqual(e[field], base[field]) ? cloneJson(e[field]) : undefined;
    if (value !== undefined) out[field] = value;
  }
  if (removals.size > 0) out.removedFields = REMOVABLE_FIELDS.filter((field) => removals.has(field));
  if (tombstones.length > 0) out.variableChangeRecords = tombstones;
  return out as ProfileContentOverrides;
}
