import { ActionIcon, Badge, Button, Group, Modal, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import type { ProfileEditorView } from '@profilehub/shared';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { useEditor } from '../self-service/hooks/editor-context.tsx';
import { ProfileEditor } from '../self-service/ProfileEditor.tsx';
import { rebuildChildren } from './api.ts';
import { PermissionsLegend } from './PermissionsLegend.tsx';
import { type PermissionsEditor, usePermissionsEditor } from './permissions-mode.tsx';

/** Spec §8. */
export const TEMPLATE_SAVED = 'Your changes has been saved!';
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
  const [saving, setSaving] = useState(false);
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
        primaryAction={<SaveTemplate busy={busy} saving={saving} setSaving={setSaving} />}
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
          <Button variant="default" color="red" disabled={busy} onClick={() => void permissions.reset()}>
            Reset permissions
          </Button>
          <Button disabled={busy} onClick={() => void permissions.apply()}>
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
function SaveTemplate({ busy, saving, setSaving }: { busy: boolean; saving: boolean; setSaving: (saving: boolean) => void }) {
  const { store, view } = useEditor();
  const [opened, setOpened] = useState(false);
  const [choice, setChoice] = useState<'template' | 'all' | null>(null);

  const save = async (all: boolean) => {
    setSaving(true);
    setChoice(all ? 'all' : 'template');
    try {
      const saved = await store.flush();
      if (!saved) {
        toastError(store.getStatus() === 'invalid' ? 'Please fix the highlighted fields before saving.' : (store.getLastError() ?? 'Failed to update profile'));
        return;
      }
      if (all) await rebuildChildren(view.profile.id);
      setOpened(false);
      toastSuccess(all ? TEMPLATE_SAVED_ALL : TEMPLATE_SAVED);
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
      setChoice(null);
    }
  };

  return (
    <>
      <Button size="sm" disabled={busy} onClick={() => setOpened(true)} flex={{ base: 1, sm: 'none' }} px="sm">
        Save template
      </Button>
      <Modal opened={opened} onClose={() => (saving ? undefined : setOpened(false))} title="Ready to update your template ?" centered size="lg">
        <Stack>
          <Text size="sm">Profiles created from this template get its latest values. Published profiles change only when you update them too.</Text>
          <Stack gap="xs">
            <Button variant="default" disabled={busy} loading={choice === 'template'} onClick={() => void save(false)}>
              Update template
            </Button>
            <Button disabled={busy} loading={choice === 'all'} onClick={() => void save(true)} h="auto" mih={42} py={8} styles={WRAP}>
              Update template and all published profiles
            </Button>
          </Stack>
        </Stack>
      </Modal>
    </>
  );
}
