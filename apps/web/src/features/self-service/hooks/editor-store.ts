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

const ITEM_NOUNS: Record<string, string> = {
  links: 'Button',
  socialLinks: 'Social link',
  infoSections: 'Section',
  testimonials: 'Testimonial',
  imageGallery: 'Gallery image',
  videoGallery: 'Video',
  banners: 'Banner',
};
const PART_NAMES: Record<string, string> = { url: 'URL', title: 'title', description: 'content', review: 'review', author: 'author', rating: 'rating' };
const FIELD_NAMES: Record<string, string> = {
  jobTitle: 'Job title',
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  emailAddress: 'Email address',
  mainContactNumber: 'Main contact number',
  whatsappNumber: 'WhatsApp number',
  officeNumber: 'Office number',
  mainActionButton: 'Call to action',
  contactForm: 'Contact form',
  referral_message: 'WhatsApp share message',
  consentText: 'Consent text',
  navigateToOffice: 'Office address',
};

/** A field the list above does not name, in words: `profileDisclaimer` → "Profile disclaimer". */
const inWords = (field: string) => {
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Where a problem is, in the words of the form: `links.2.url` → "Button 3 URL",
 * `jobTitle` → "Job title". The save status names the first one (row 2 of #25).
 */
function problemPlace(path: string): string {
  const [field = '', second, third] = path.split('.');
  const noun = ITEM_NOUNS[field];
  if (noun && second !== undefined && /^\d+$/.test(second)) {
    const part = third ? PART_NAMES[third] : undefined;
    return `${noun} ${Number(second) + 1}${part ? ` ${part}` : ''}`;
  }
  const name = FIELD_NAMES[field] ?? inWords(field);
  const part = second ? PART_NAMES[second] : undefined;
  return part ? `${name} ${part}` : name;
}

/**
 * What can be saved while some items are incomplete: the form, with each field that has a
 * problem taken back to its saved value — or, for a list, only its incomplete items: a
 * new one waits out of the save, an existing one keeps its saved version. So a button
 * without its address never holds back the job title typed beside it.
 */
/** Fields that wait with another's problem: consent switched on waits for its text (the server refuses one without the other). */
const WAITS_WITH: Record<string, string[]> = { consentText: ['enableConsent'] };

function saveableContent(content: EditorContent, saved: EditorContent, problems: Problems): EditorContent {
  const byField = new Map<string, Set<number> | 'whole'>();
  for (const path of Object.keys(problems).flatMap((p) => [p, ...(WAITS_WITH[p] ?? [])])) {
    const [field = '', index] = path.split('.');
    const list = (content as Record<string, unknown>)[field];
    const current = byField.get(field);
    if (current === 'whole') continue;
    if (Array.isArray(list) && index !== undefined && /^\d+$/.test(index)) byField.set(field, new Set([...(current ?? []), Number(index)]));
    else byField.set(field, 'whole');
  }
  const out: Record<string, unknown> = { ...content };
  const before = saved as Record<string, unknown>;
  for (const [field, bad] of byField) {
    if (bad !== 'whole') {
      const savedItems = Array.isArray(before[field]) ? (before[field] as { key?: unknown }[]) : [];
      const items = (out[field] as { key?: unknown }[]).flatMap((item, i) => {
        if (!bad.has(i)) return [item];
        const kept = savedItems.find((s) => s?.key !== undefined && s.key === item?.key);
        return kept ? [kept] : [];
      });
      out[field] = items;
    } else if (Object.hasOwn(before, field)) out[field] = before[field];
    else delete out[field];
  }
  return out as EditorContent;
}

/** `saved` with the fields a save sent taken from `sent`. */
function withChanges(saved: EditorContent, sent: EditorContent, changes: ProfileChanges): EditorContent {
  const next: Record<string, unknown> = { ...saved };
  for (const field of Object.keys(changes)) {
    if (Object.hasOwn(sent, field)) next[field] = (sent as Record<string, unknown>)[field];
    else delete next[field];
  }
  return next as EditorContent;
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
  /** The first problem holding part of the form back, named as the form names it ("Button 3 URL: …"). */
  getFirstProblem = (): { path: string; text: string } | null => {
    const [path] = Object.keys(this.problems);
    return path === undefined ? null : { path, text: `${problemPlace(path)}: ${this.problems[path]}` };
  };

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
    const ownsConsent = this.options.ownsConsent ?? false;
    this.problems = validateContent(this.content, ownsConsent);
    const waiting = Object.keys(this.problems).length > 0;
    const sent = waiting ? saveableContent(this.content, this.saved, this.problems) : this.content;
    const changes = changedFields(this.saved, sent);
    // A changed field that still fails on its own (a stored value the rules no longer accept) waits too.
    if (waiting) for (const path of Object.keys(validateContent(sent, ownsConsent))) delete changes[path.split('.')[0] as keyof ProfileChanges];
    if (Object.keys(changes).length === 0) {
      this.status = waiting ? 'invalid' : 'saved';
      this.emit();
      return !waiting;
    }
    const from = this.content;
    this.status = 'saving';
    this.emit();
    try {
      const answer = await (this.options.save ?? patchProfile)(this.profileId, this.version, changes);
      this.saved = waiting ? withChanges(this.saved, sent, changes) : sent;
      this.version = answer.version;
      this.lastError = null;
      if (this.content !== from) this.problems = validateContent(this.content, this.options.ownsConsent ?? false);
      this.status = Object.keys(this.problems).length > 0 ? 'invalid' : this.content === sent ? 'saved' : 'unsaved';
      this.emit();
      if (!answer.hideNotification) this.options.onSaved?.(answer);
      return !waiting && this.content === sent;
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
