/**
 * The editor's autosave sends only what changed (spec §4 Autosave, §5 "Profile
 * saving drops empty values from the payload"): the top-level fields whose value
 * differs from the last saved document. A field the person emptied is sent as
 * `null` ("clear it"), so the payload never carries empty strings yet a cleared
 * field is not silently kept. The server lays the changes over the stored
 * editor view and saves the result like a whole document.
 */
import { PROFILE_CONTENT_FIELDS } from './constants.ts';
import type { EditorContent } from './inherit.ts';
import { cloneJson, deepEqual, setOwn } from './json.ts';
import { dropEmptyValues } from './rules.ts';

/** Top-level fields the editor may send; `variableChangeRecords` is the server's to compute. */
export const EDITABLE_CONTENT_FIELDS = PROFILE_CONTENT_FIELDS.filter((field) => field !== 'variableChangeRecords');
export type EditableContentField = (typeof EDITABLE_CONTENT_FIELDS)[number];

/** Field → new value, or `null` for a field that was emptied. */
export type ProfileChanges = Partial<Record<EditableContentField, unknown>>;

const isEmpty = (value: unknown) => value === undefined || value === null;

/**
 * The fields of `next` that differ from `saved`, with empty values dropped
 * (an emptied field becomes `null`). Equal documents give `{}`.
 */
export function changedFields(saved: Readonly<EditorContent>, next: Readonly<EditorContent>): ProfileChanges {
  const before = dropEmptyValues(saved) as Record<string, unknown>;
  const after = dropEmptyValues(next) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of EDITABLE_CONTENT_FIELDS) {
    const a = before[field];
    const b = after[field];
    if (deepEqual(a, b)) continue;
    setOwn(out, field, isEmpty(b) ? null : cloneJson(b));
  }
  return out as ProfileChanges;
}

/** `base` with `changes` laid over it (`null` removes a field). Returns a new document. */
export function applyChanges(base: Readonly<EditorContent>, changes: ProfileChanges): EditorContent {
  const out = cloneJson(base) as Record<string, unknown>;
  for (const [field, value] of Object.entries(changes)) {
    if (!(EDITABLE_CONTENT_FIELDS as readonly string[]).includes(field)) continue;
    if (value === null || value === undefined) delete out[field];
    else setOwn(out, field, cloneJson(value));
  }
  return out as EditorContent;
}

/**
 * A three-way merge for a save that met a newer version (409): the newer
 * document with this editor's own unsaved changes (relative to the version it
 * started from) on top — so neither side's edit to a different field is lost.
 * Also names the fields both sides changed differently.
 */
export function mergeConcurrent(
  base: Readonly<EditorContent>,
  mine: Readonly<EditorContent>,
  theirs: Readonly<EditorContent>,
): { merged: EditorContent; mineChanged: EditableContentField[]; conflicts: EditableContentField[] } {
  const myChanges = changedFields(base, mine);
  const theirChanges = changedFields(base, theirs);
  const mineChanged = Object.keys(myChanges) as EditableContentField[];
  const conflicts = mineChanged.filter((field) => field in theirChanges && !deepEqual(theirChanges[field], myChanges[field]));
  return { merged: applyChanges(theirs, myChanges), mineChanged, conflicts };
}
