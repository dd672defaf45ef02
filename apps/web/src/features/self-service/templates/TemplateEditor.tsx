import { ActionIcon, Badge, Button, Group, Modal, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { type ProfileEditorView, TEMPLATE_REBUILD_TEXTS, type TemplateRebuild } from '@profilehub/shared';
import { useIsMutating, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { rebuildChildren } from '../api/rebuild-children.ts';
import { useEditor } from '../hooks/editor-context.tsx';
import { ProfileEditor } from '../ProfileEditor.tsx';
import { PermissionsLegend } from './PermissionsLegend.tsx';
import { type PermissionsEditor, usePermissionsEditor } from './permissions-mode.tsx';
import { RebuildProgress } from './RebuildProgress.tsx';

/** Spec §8. */
const TEMPLATE_SAVED = 'Your changes has been saved!';
export const TEMPLATE_SAVED_ALL = 'Template has been saved and all published profiles have been updated successfully!';

export type TemplateMode = 'template' | 'permissions';

const LEGEND_KEY = 'manage-templates:legend-seen';

function legendSeen(): boolean {
  try {
    return sessionStorage.getItem(LEGEND_KEY) === '1';
  } catch {
    return true;
  }
}

/**
 * The template editor (spec §2): a master profile in the profile editor, with
 * its save ('Ready to update your template ?') and, when the company has the
 * permissions flag (a superadmin always), the permissions mode: per-item
 * toggles, 'Apply permissions updates', reset, and for a superadmin the switch
 * between the child and master sets (spec §4, §6).
 */
export function TemplateEditor({
  view,
  isSuperadmin,
  mode,
  onModeChange,
}: {
  view: ProfileEditorView;
  isSuperadmin: boolean;
  mode: TemplateMode;
  onModeChange: (mode: TemplateMode) => void;
}) {
  const canPermissions = view.access.canManagePermissions;
  // Spec §6: without the permissions flag the template opens in the default mode.
  const inPermissions = canPermissions && mode === 'permissions';
  const permissions = usePermissionsEditor(view);
  const saving = useIsMutating({ mutationKey: SAVE_TEMPLATE }) > 0;
  const busy = saving || permissions.saving;
  const [legendOpen, setLegendOpen] = useState(() => inPermissions && !legendSeen());
  const closeLegend = () => {
    setLegendOpen(false);
    try {
      sessionStorage.setItem(LEGEND_KEY, '1');
    } catch {
      // Without storage the legend shows again next time.
    }
  };
  const changeMode = (next: TemplateMode) => {
    if (next === 'permissions' && !legendSeen()) setLegendOpen(true);
    onModeChange(next);
  };

  return (
    <>
      <ProfileEditor
        view={view}
        title={inPermissions ? 'Templates Permissions' : 'Manage template'}
        permissionsMode={inPermissions ? permissions.adapter : null}
        toolbar={
          canPermissions ? (
            <TemplateToolbar
              mode={inPermissions ? 'permissions' : 'template'}
              onModeChange={changeMode}
              permissions={permissions}
              isSuperadmin={isSuperadmin}
              busy={busy}
              onLegend={() => setLegendOpen(true)}
            />
          ) : null
        }
        primaryAction={<SaveTemplate busy={busy} />}
      />
      <PermissionsLegend opened={legendOpen} onClose={closeLegend} />
    </>
  );
}

function TemplateToolbar({
  mode,
  onModeChange,
  permissions,
  isSuperadmin,
  busy,
  onLegend,
}: {
  mode: TemplateMode;
  onModeChange: (mode: TemplateMode) => void;
  permissions: PermissionsEditor;
  isSuperadmin: boolean;
  busy: boolean;
  onLegend: () => void;
}) {
  return (
    <Stack gap="xs" mb="md">
      <Group gap="xs" justify="space-between">
        <SegmentedControl
          aria-label="Editor mode"
          value={mode}
          onChange={(value) => onModeChange(value as TemplateMode)}
          data={[
            { value: 'template', label: 'Template' },
            { value: 'permissions', label: 'Permissions' },
          ]}
        />
        {mode === 'permissions' ? (
          <Group gap="xs">
            <Badge variant="light" size="lg" radius="sm">
              {permissions.kind === 'child' ? 'Child permissions' : 'Master permissions'}
            </Badge>
            <Tooltip label="Edit Template Permissions">
              <ActionIcon variant="default" size="lg" aria-label="Edit Template Permissions" onClick={onLegend}>
                ?
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : null}
      </Group>
      {mode === 'permissions' ? (
        <Group gap="xs">
          {isSuperadmin ? (
            <Button variant="default" disabled={busy} onClick={permissions.switchKind}>
              {permissions.kind === 'child' ? 'Switch to master permissions' : 'Switch to child permissions'}
            </Button>
          ) : null}
          <Button variant="default" color="red" disabled={busy} onClick={permissions.reset}>
            Reset permissions
          </Button>
          <Button disabled={busy} onClick={permissions.apply}>
            {permissions.saving ? 'Saving...' : 'Apply permissions updates'}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** A long label wraps on a phone instead of being cut off. */
const WRAP = { label: { whiteSpace: 'normal', textAlign: 'center' } } as const;

/**
 * The template's save (spec §2): 'Ready to update your template ?', then the
 * template alone, or the template and every published child (rebuild-children).
 */
/** The template's save, seen by the editor around it (its toolbar waits while it runs). */
const SAVE_TEMPLATE = ['save-template'];

function SaveTemplate({ busy }: { busy: boolean }) {
  const { store, view } = useEditor();
  const [opened, setOpened] = useState(false);
  /** The rebuild of the published children the dialog follows, once queued. */
  const [rebuild, setRebuild] = useState<TemplateRebuild | null>(null);
  const save = useMutation({
    mutationKey: SAVE_TEMPLATE,
    /** `all`: the template and every published profile made from it. False when the template itself could not be saved. */
    mutationFn: async (all: boolean): Promise<TemplateRebuild | boolean> => {
      if (!(await store.flush())) {
        toastError(store.getStatus() === 'invalid' ? 'Please fix the highlighted fields before saving.' : (store.getLastError() ?? 'Failed to update profile'));
        return false;
      }
      // The children are rebuilt by a job: the dialog turns into its progress view.
      return all ? rebuildChildren(view.profile.id) : true;
    },
    onSuccess: (saved) => {
      if (saved === false) return;
      if (saved === true) {
        setOpened(false);
        toastSuccess(TEMPLATE_SAVED);
      } else setRebuild(saved);
    },
    onError: (error) => toastError(error),
  });
  const saving = save.isPending;
  const choice = saving ? (save.variables ? 'all' : 'template') : null;
  const close = () => {
    setOpened(false);
    setRebuild(null);
  };

  return (
    <>
      <Button size="sm" disabled={busy} onClick={() => setOpened(true)} flex={{ base: 1, sm: 'none' }} px="sm">
        Save template
      </Button>
      <Modal opened={opened && rebuild !== null} onClose={close} title={TEMPLATE_REBUILD_TEXTS.title} centered size="lg">
        {rebuild ? <RebuildProgress started={rebuild} savedAll={TEMPLATE_SAVED_ALL} onClose={close} /> : null}
      </Modal>
      <Modal
        opened={opened && rebuild === null}
        onClose={() => (saving ? undefined : setOpened(false))}
        title="Ready to update your template ?"
        centered
        size="lg"
      >
        <Stack>
          <Text size="sm">Profiles created from this template get its latest values. Published profiles change only when you update them too.</Text>
          <Stack gap="xs">
            <Button variant="default" disabled={busy} loading={choice === 'template'} onClick={() => save.mutate(false)}>
              Update template
            </Button>
            <Button disabled={busy} loading={choice === 'all'} onClick={() => save.mutate(true)} h="auto" mih={42} py={8} styles={WRAP}>
              Update template and all published profiles
            </Button>
          </Stack>
        </Stack>
      </Modal>
    </>
  );
}
