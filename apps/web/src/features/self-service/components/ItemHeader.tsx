import { ActionIcon, Badge, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import type { FieldAccess } from '../hooks/editor-context.tsx';
import { IconPencil, IconTrash } from './editor-icons.tsx';
import { PermissionToggles } from './fields.tsx';
import { type DragHandle, DragHandleButton } from './SortableList.tsx';

/**
 * The line of a list item (a button, an information section): its handle, name and kind,
 * a lock when the template holds it, then show, edit, delete and — in permissions mode —
 * its permission toggles.
 */
export function ItemHeader({
  itemKey,
  title,
  kind,
  access,
  enabled,
  handle,
  expanded,
  onToggle,
  onEnabled,
  onDelete,
}: {
  itemKey: string;
  title: string;
  kind: string;
  access: FieldAccess;
  enabled: boolean;
  handle: DragHandle;
  expanded: boolean;
  onToggle: () => void;
  onEnabled: (enabled: boolean) => void;
  onDelete: (() => void) | undefined;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <DragHandleButton handle={handle} label={`Move ${title}`} />
      <Stack gap={0} flex={1} miw={0}>
        <Text fw={600} size="sm" truncate="end">
          {title}
        </Text>
        <Group gap={6}>
          <Badge size="xs" variant="light">
            {kind}
          </Badge>
          {access.locked ? (
            <Tooltip label={`${title} ${access.tooltip ?? ''}`}>
              <Badge size="xs" color="gray" variant="outline">
                Locked
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
      </Stack>
      <Switch aria-label={`Show ${title}`} checked={enabled} disabled={access.locked} onChange={(e) => onEnabled(e.currentTarget.checked)} />
      <ActionIcon variant="subtle" onClick={onToggle} aria-label={`Edit ${title}`} aria-expanded={expanded}>
        <IconPencil size={16} />
      </ActionIcon>
      {onDelete && !access.locked ? (
        <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${title}`}>
          <IconTrash size={16} />
        </ActionIcon>
      ) : null}
      <PermissionToggles permissionKey={itemKey} label={title} />
    </Group>
  );
}
