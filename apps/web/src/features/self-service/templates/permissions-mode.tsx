import { ActionIcon, Group, Tooltip } from '@mantine/core';
import {
  indexPermissions,
  PERMISSION_TOOLTIPS,
  type PermissionEntry,
  type PermissionFlag,
  type PermissionKind,
  type ProfileEditorView,
  permissionRecordTitle,
  resolvePermission,
  togglePermission,
} from '@profilehub/shared';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { createPermissionRecord } from '../api/create-permission-record.ts';
import { resetPermissionRecord } from '../api/reset-permission-record.ts';
import { updatePermissionRecord } from '../api/update-permission-record.ts';
import type { PermissionsModeAdapter } from '../hooks/editor-context.tsx';
import { PERMISSION_ICONS } from './permission-icons.tsx';

/** Spec §8. */
export const PERMISSIONS_UPDATED = 'Permissions has been updated!';
export const PERMISSIONS_RESET = 'Permissions Reset!';

type Flag = Exclude<PermissionFlag, 'sortable'>;
export const TOGGLE_FLAGS: readonly Flag[] = ['optional', 'show', 'edit'];
const FLAG_NAMES: Record<Flag, string> = { optional: 'Optional', show: 'Show', edit: 'Edit' };

/** The spec's tooltip of one flag in one state (spec §5); show / edit name the item. */
function toggleTooltip(flag: Flag, on: boolean, label: string): string {
  const text = on ? PERMISSION_TOOLTIPS[flag].on : PERMISSION_TOOLTIPS[flag].off;
  return flag === 'optional' ? text : `${label} ${text}`;
}

/** What a key's own entry says; a key without one reads as a child sees it (shown, editable, required). */
function flagsOf(entries: readonly PermissionEntry[], key: string): PermissionEntry {
  return entries.find((e) => e.key === key) ?? { key, ...resolvePermission(indexPermissions([]), [key]) };
}

/**
 * Flips one flag of one key, leaving the others as they are shown (spec §4:
 * the toggles flip independently). A key without an entry first gets one with
 * the values it is shown with.
 */
function flipFlag(entries: readonly PermissionEntry[], key: string, flag: PermissionFlag): PermissionEntry[] {
  const seeded = entries.some((e) => e.key === key) ? entries : [...entries, flagsOf(entries, key)];
  return togglePermission(seeded, key, flag);
}

/** The three toggles drawn next to an item in permissions mode. */
function PermissionToggleGroup({ label, entry, disabled, onFlip }: { label: string; entry: PermissionEntry; disabled: boolean; onFlip: (flag: Flag) => void }) {
  return (
    <Group gap={2} wrap="nowrap" flex="none" role="group" aria-label={`Permissions of ${label}`} data-permission-key={entry.key}>
      {TOGGLE_FLAGS.map((flag) => {
        const on = entry[flag];
        const Icon = PERMISSION_ICONS[flag][on ? 'on' : 'off'];
        return (
          <Tooltip key={flag} label={toggleTooltip(flag, on, label)} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
            <ActionIcon
              variant={on ? 'light' : 'filled'}
              color={on ? 'blue' : flag === 'optional' ? 'gray' : 'red'}
              size="md"
              aria-label={`${FLAG_NAMES[flag]} permission of ${label}`}
              aria-pressed={on}
              aria-description={toggleTooltip(flag, on, label)}
              disabled={disabled}
              onClick={() => onFlip(flag)}
            >
              <Icon size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}

const recordId = (id: string | number | null | undefined): number | null => (id == null || id === '' ? null : Number(id));

export type PermissionsEditor = {
  kind: PermissionKind;
  entries: PermissionEntry[];
  saving: boolean;
  adapter: PermissionsModeAdapter;
  /** Superadmin only: child ↔ master set. */
  switchKind: () => void;
  apply: () => void;
  reset: () => void;
};

/**
 * The permission sets of one template while it is edited (spec §4 Permissions
 * editing): the child set, and for a superadmin the master set too. Applying
 * updates the kind's record when it exists, else creates one named
 * '{profile name} - Permissions' and keeps its id.
 */
export function usePermissionsEditor(view: ProfileEditorView): PermissionsEditor {
  const [kind, setKind] = useState<PermissionKind>('child');
  const [sets, setSets] = useState<Record<PermissionKind, PermissionEntry[]>>(() => ({
    child: view.permissions.childPermissions,
    master: view.permissions.masterPermissions,
  }));
  const ids = useRef<Record<PermissionKind, number | null>>({
    child: recordId(view.permissions.childPermissionId),
    master: recordId(view.permissions.masterPermissionId),
  });
  const entries = sets[kind];

  // Applying updates the kind's record when it exists, else creates it and keeps its id.
  const save = useMutation({
    mutationFn: async ({ forKind, list }: { forKind: PermissionKind; list: PermissionEntry[] }) => {
      const id = ids.current[forKind];
      const answer = id
        ? await updatePermissionRecord(id, list)
        : await createPermissionRecord({
            profileId: view.profile.id,
            kind: forKind,
            title: permissionRecordTitle(view.permissions.profileName ?? view.profile.templateName ?? `Template ${view.profile.id}`),
            permissions: list,
          });
      return { forKind, record: answer.data };
    },
    onSuccess: ({ forKind, record }) => {
      ids.current[forKind] = record.id;
      setSets((all) => ({ ...all, [forKind]: record.permissions }));
      toastSuccess(PERMISSIONS_UPDATED);
    },
    onError: (error) => toastError(error),
  });
  const clear = useMutation({
    mutationFn: async (forKind: PermissionKind) => {
      const id = ids.current[forKind];
      if (id) await resetPermissionRecord(id);
      return forKind;
    },
    onSuccess: (forKind) => {
      setSets((all) => ({ ...all, [forKind]: [] }));
      toastSuccess(PERMISSIONS_RESET);
    },
    onError: (error) => toastError(error),
  });
  const saving = save.isPending || clear.isPending;

  const adapter = useMemo<PermissionsModeAdapter>(
    () => ({
      renderToggles: (key, label) => (
        <PermissionToggleGroup
          label={label}
          entry={flagsOf(entries, key)}
          disabled={saving}
          onFlip={(flag) => setSets((all) => ({ ...all, [kind]: flipFlag(all[kind], key, flag) }))}
        />
      ),
    }),
    [entries, kind, saving],
  );

  return {
    kind,
    entries,
    saving,
    adapter,
    switchKind: () => setKind((k) => (k === 'child' ? 'master' : 'child')),
    apply: () => save.mutate({ forKind: kind, list: entries }),
    reset: () => clear.mutate(kind),
  };
}
