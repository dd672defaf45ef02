import { ActionIcon, Badge, Button, Collapse, Group, Menu, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldAccess } from '../hooks/editor-context.tsx';
import classes from './editor.module.css';
import { IconPencil, IconPlus, IconTrash } from './editor-icons.tsx';
import { PermissionToggles } from './fields.tsx';
import { type DragHandle, DragHandleButton } from './SortableList.tsx';

/**
 * The line of a list item (a button, an information section): its handle, name and kind,
 * a lock when the template holds it, then show, edit, delete and — in permissions mode —
 * its permission toggles.
 */
function ItemHeader({
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

/** What an editor list hands each of its item rows (buttons, information sections). */
export type ItemRowProps<T> = {
  index: number;
  handle: DragHandle;
  expanded: boolean;
  onToggle: () => void;
  onChange: (patch: Partial<T>) => void;
  onDelete: (() => void) | undefined;
};

/**
 * A list item of the editor (a button, an information section): its header line, and under it,
 * while expanded, its title field and the item's own parts.
 */
export function CollapsibleItem({
  titleField,
  children,
  ...header
}: Parameters<typeof ItemHeader>[0] & {
  titleField: { 'aria-label': string; value: string; error: string | undefined; onChange: (title: string) => void };
  children: ReactNode;
}) {
  return (
    <div className={classes.item} data-disabled={!header.enabled || undefined} {...header.access.anchor}>
      <ItemHeader {...header} />
      <Collapse expanded={header.expanded}>
        <Stack gap="sm" pt="sm">
          <TextInput
            label="Title"
            aria-label={titleField['aria-label']}
            value={titleField.value}
            disabled={header.access.locked}
            error={titleField.error}
            onChange={(e) => titleField.onChange(e.currentTarget.value)}
          />
          {children}
        </Stack>
      </Collapse>
    </div>
  );
}

/** The add button of an editor list, with the kinds of item to add as its menu. */
export function AddMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} />} variant="light" w="fit-content">
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
