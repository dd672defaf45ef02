import {
  type EditorContent,
  indexPermissions,
  isDesktopLayout,
  PERMISSION_TOOLTIPS,
  type ProfileEditorView,
  type ResolvedPermission,
  resolvePermission,
} from '@profilehub/shared';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { EditorStore, Problems, SaveStatus } from './editor-store.ts';

/**
 * Permissions mode (a master template's per-item toggles, spec §2 "permissions
 * mode") plugs in here: given a key it draws the optional / show / edit toggles
 * next to the item, and placeholders are shown. The self-service editor has none.
 */
export type PermissionsModeAdapter = { renderToggles: (key: string, label: string) => ReactNode };

export type EditorContextValue = {
  store: EditorStore;
  view: ProfileEditorView;
  /** A child of a master: inherited values, per-item permissions apply. */
  isChild: boolean;
  isMaster: boolean;
  permissionsMode: PermissionsModeAdapter | null;
  /** Resolves the master's child permissions for a key chain (everything allowed and required outside a child). */
  permission: (chain: readonly string[]) => ResolvedPermission;
};

const EditorContext = createContext<EditorContextValue | null>(null);

export function EditorProvider({
  store,
  view,
  permissionsMode = null,
  children,
}: {
  store: EditorStore;
  view: ProfileEditorView;
  permissionsMode?: PermissionsModeAdapter | null;
  children: ReactNode;
}) {
  const value = useMemo<EditorContextValue>(() => {
    const isChild = view.master !== null;
    const index = indexPermissions(isChild ? view.permissions.childPermissions : []);
    return {
      store,
      view,
      isChild,
      isMaster: view.profile.isMaster,
      permissionsMode,
      permission: (chain) => (isChild ? resolvePermission(index, chain) : { show: true, edit: true, optional: false, sortable: true }),
    };
  }, [store, view, permissionsMode]);
  return <EditorContext.Provider value={value}>{children}</EditorContext.Provider>;
}

export function useEditor(): EditorContextValue {
  const ctx = useContext(EditorContext);
  if (!ctx) throw new Error('useEditor outside the profile editor');
  return ctx;
}

/** One top-level field of the document and its setter; re-renders only when that field changes. */
export function useField<K extends keyof EditorContent>(field: K): [EditorContent[K] | undefined, (value: EditorContent[K] | undefined) => void] {
  const { store } = useEditor();
  const value = useSyncExternalStore(store.subscribe, () => store.getContent()[field]);
  const set = useCallback((next: EditorContent[K] | undefined) => store.set(field, next), [store, field]);
  return [value, set];
}

export function useContent(): EditorContent {
  const { store } = useEditor();
  return useSyncExternalStore(store.subscribe, store.getContent);
}

export function useSaveStatus(): SaveStatus {
  const { store } = useEditor();
  return useSyncExternalStore(store.subscribe, store.getStatus);
}

export function useProblems(): Problems {
  const { store } = useEditor();
  return useSyncExternalStore(store.subscribe, store.getProblems);
}

/** The problem of one path (`jobTitle`, `links.2.url`). */
export function useProblem(path: string): string | undefined {
  return useProblems()[path];
}

/** "Desktop templates" (spec §2) follow the layout currently chosen in the form. */
export function useIsDesktop(): boolean {
  const [layout] = useField('templateLayout');
  return isDesktopLayout(layout);
}

export type FieldAccess = {
  hidden: boolean;
  locked: boolean;
  /** Required for publishing: shows the asterisk (spec §5). */
  required: boolean;
  /** The spec's tooltip for this state (spec §5 Tooltips), if any. */
  tooltip: string | undefined;
  /** Where the Profile Checklist scrolls to. */
  anchor: { 'data-field-key': string; id: string };
};

/** Anchor ids of checklist items: `field-jobTitle`, `field-mainActionButton-title`. */
export const fieldAnchorId = (key: string) => `field-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/**
 * What a child may do with an item (spec §6): hidden items are not drawn,
 * locked ones are greyed and read-only, optional ones lose the asterisk.
 */
export function useFieldAccess(key: string, o: { chain?: readonly string[]; requiredForPublish?: boolean } = {}): FieldAccess {
  const { permission, isChild, isMaster } = useEditor();
  const p = permission(o.chain ?? [key]);
  const locked = !p.edit;
  const required = Boolean(o.requiredForPublish) && !isMaster && !p.optional && !locked;
  let tooltip: string | undefined;
  if (isChild && locked) tooltip = PERMISSION_TOOLTIPS.edit.off;
  else if (isChild && o.requiredForPublish && p.optional) tooltip = PERMISSION_TOOLTIPS.optional.on;
  return { hidden: !p.show, locked, required, tooltip, anchor: { 'data-field-key': key, id: fieldAnchorId(key) } };
}
