/**
 * The editor's form model: the document being edited, the last saved one and
 * its version, validation problems, and autosave (spec §4 Autosave, §9):
 * change handling 100 ms after a change, a save 2 s after the last one, only
 * the changed fields (`changedFields`), and a stale save (409) that never loses
 * what the person typed — the newer version is offered next to theirs.
 *
 * A small external store rather than React state: every keystroke reaches the
 * preview frame straight from `set` (no render of the whole form in between),
 * and each field re-renders only when its own value changes.
 */
import {
  changedFields,
  consentTextMissing,
  type EditableContentField,
  type EditorContent,
  mergeConcurrent,
  PROFILE_MESSAGES,
  type ProfileChanges,
  ProfileContentOverridesSchema,
  type SaveProfileResponse,
  type StaleProfileBody,
} from '@profilehub/shared';
import { ApiError } from '../../../lib/api.ts';
import { patchProfile } from '../api/patch-profile.ts';

const AUTOSAVE_DELAY_MS = 2000;
const CHANGE_HANDLING_MS = 100;
export const RICH_TEXT_SETTLE_MS = 400;

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'invalid' | 'error' | 'conflict';
export type Conflict = { theirs: EditorContent; currentVersion: number; conflicts: EditableContentField[]; mineChanged: EditableContentField[] };
/** Validation problems by path (`jobTitle`, `links.2.url`). */
export type Problems = Readonly<Record<string, string>>;

type Listener = () => void;
type Options = {
  profileId: number;
  version: number;
  content: EditorContent;
  /** Runs after each successful save that changed something. */
  onSaved?: (answer: SaveProfileResponse) => void;
  onError?: (error: unknown) => void;
  save?: typeof patchProfile;
  /** A master's or standalone profile sets its own consent (a child's comes from its template and is not checked here). */
  ownsConsent?: boolean;
};

/** Spec §5 through the shared schema: the same rules the server applies. */
function validateContent(content: EditorContent, ownsConsent: boolean): Problems {
  const { variableChangeRecords: _records, ...doc } = content;
  const parsed = ProfileContentOverridesSchema.safeParse(doc);
  const out: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const path = issue.path.map(String).join('.');
    out[path] ??= issue.message;
  }
  // A link button the person added waits for its address before it is saved: a button
  // that opens nothing must not reach the page. (Template buttons are the template's affair.)
  (content.links ?? []).forEach((link, i) => {
    if (link.source === 'self' && (link.contactType ?? 'url') === 'url' && !link.url?.trim()) out[`links.${i}.url`] ??= PROFILE_MESSAGES.linkRequired;
  });
  // The server refuses it too (ProfileContentSchema): consent waits for its text before it is saved.
  if (ownsConsent && consentTextMissing(content)) out.consentText ??= PROFILE_MESSAGES.consentTextRequired;
  return out;
}

export class EditorStore {
  readonly profileId: number;
  private content: EditorContent;
  private saved: EditorContent;
  private version: number;
  private status: SaveStatus = 'saved';
  private problems: Problems = {};
  private conflict: Conflict | null = null;
  private lastError: string | null = null;
  private listeners = new Set<Listener>();
  private revealListeners = new Set<(key: string) => void>();
  private changeTimer: ReturnType<typeof setTimeout> | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<boolean> | null = null;
  private readonly options: Options;

  constructor(options: Options) {
    this.options = options;
    this.profileId = options.profileId;
    this.content = options.content;
    this.saved = options.content;
    this.version = options.version;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The Profile Checklist asks for an item: parts that hold it open themselves. */
  onReveal = (listener: (key: string) => void): (() => void) => {
    this.revealListeners.add(listener);
    return () => this.revealListeners.delete(listener);
  };

  reveal(key: string): void {
    for (const listener of this.revealListeners) listener(key);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  getContent = (): EditorContent => this.content;
  getStatus = (): SaveStatus => this.status;
  getProblems = (): Problems => this.problems;
  getConflict = (): Conflict | null => this.conflict;
  getVersion = (): number => this.version;
  getLastError = (): string | null => this.lastError;

  /** Sets one top-level field (`undefined` removes it) and schedules the autosave. */
  set<K extends keyof EditorContent>(field: K, value: EditorContent[K] | undefined): void {
    const next = { ...this.content };
    if (value === undefined) delete next[field];
    else next[field] = value;
    this.replace(next);
  }

  /** Updates one field from its current value. */
  update<K extends keyof EditorContent>(field: K, change: (current: EditorContent[K] | undefined) => EditorContent[K] | undefined): void {
    this.set(field, change(this.content[field]));
  }

  private replace(next: EditorContent): void {
    this.content = next;
    if (this.status !== 'conflict') this.status = 'unsaved';
    this.emit();
    clearTimeout(this.changeTimer);
    clearTimeout(this.saveTimer);
    this.changeTimer = setTimeout(() => this.handleChange(), CHANGE_HANDLING_MS);
    this.saveTimer = setTimeout(() => void this.save(), AUTOSAVE_DELAY_MS);
  }

  /** Change handling: validation (a problem shows under its field and holds the autosave back). */
  private handleChange(): void {
    this.problems = validateContent(this.content, this.options.ownsConsent ?? false);
    if (this.status !== 'conflict' && this.status !== 'saving')
      this.status = Object.keys(this.problems).length > 0 ? 'invalid' : this.dirty() ? 'unsaved' : 'saved';
    this.emit();
  }

  /** What a save would send now. */
  pendingChanges(): ProfileChanges {
    return changedFields(this.saved, this.content);
  }

  dirty(): boolean {
    return Object.keys(this.pendingChanges()).length > 0;
  }

  /**
   * Saves now (the forced save of spec §4, 0 delay): waits for a save in
   * flight, then sends what is still unsaved. Resolves true when everything is
   * saved, false when it could not be (invalid, conflict, error).
   */
  async flush(): Promise<boolean> {
    clearTimeout(this.saveTimer);
    clearTimeout(this.changeTimer);
    if (this.inFlight) await this.inFlight;
    return this.save();
  }

  private save(): Promise<boolean> {
    if (this.inFlight) {
      // A change arrived while saving: try again once this save is done.
      return this.inFlight.then(() => this.save());
    }
    this.inFlight = this.doSave().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async doSave(): Promise<boolean> {
    if (this.conflict) return false;
    this.problems = validateContent(this.content, this.options.ownsConsent ?? false);
    if (Object.keys(this.problems).length > 0) {
      this.status = 'invalid';
      this.emit();
      return false;
    }
    const sent = this.content;
    const changes = changedFields(this.saved, sent);
    if (Object.keys(changes).length === 0) {
      this.status = 'saved';
      this.emit();
      return true;
    }
    this.status = 'saving';
    this.emit();
    try {
      const answer = await (this.options.save ?? patchProfile)(this.profileId, this.version, changes);
      this.saved = sent;
      this.version = answer.version;
      this.lastError = null;
      this.status = this.content === sent ? 'saved' : 'unsaved';
      this.emit();
      if (!answer.hideNotification) this.options.onSaved?.(answer);
      return this.content === sent;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && isStale(error.body)) {
        const { merged: _merged, conflicts, mineChanged } = mergeConcurrent(this.saved, this.content, error.body.content);
        this.conflict = { theirs: error.body.content, currentVersion: error.body.currentVersion, conflicts, mineChanged };
        this.status = 'conflict';
        this.emit();
        return false;
      }
      this.status = 'error';
      this.lastError = error instanceof Error ? error.message : null;
      this.emit();
      this.options.onError?.(error);
      return false;
    }
  }

  /** 409, "keep mine": the newer version with this editor's own changes on top; saved at once. */
  keepMine(): Promise<boolean> {
    const conflict = this.conflict;
    if (!conflict) return Promise.resolve(true);
    const { merged } = mergeConcurrent(this.saved, this.content, conflict.theirs);
    this.saved = conflict.theirs;
    this.version = conflict.currentVersion;
    this.conflict = null;
    this.content = merged;
    this.status = 'unsaved';
    this.emit();
    return this.flush();
  }

  /** 409, "take theirs": the newer version replaces this editor's unsaved changes. */
  takeTheirs(): void {
    const conflict = this.conflict;
    if (!conflict) return;
    clearTimeout(this.saveTimer);
    clearTimeout(this.changeTimer);
    this.saved = conflict.theirs;
    this.content = conflict.theirs;
    this.version = conflict.currentVersion;
    this.conflict = null;
    this.problems = {};
    this.status = 'saved';
    this.emit();
  }

  dispose(): void {
    clearTimeout(this.saveTimer);
    clearTimeout(this.changeTimer);
    this.listeners.clear();
    this.revealListeners.clear();
  }
}

function isStale(body: unknown): body is StaleProfileBody {
  return typeof body === 'object' && body !== null && 'currentVersion' in body && 'content' in body;
}
