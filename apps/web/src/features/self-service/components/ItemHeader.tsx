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
  status,
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
  status: ReactNode;
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
          {status}
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

/** What every editor list item has: its key, and the title and visibility its header edits. */
type ListItem = { key: string; title?: string | null | undefined; enabled?: boolean | null | undefined };

/**
 * A list item of the editor (a button, an information section): its header line, and under it,
 * while expanded, its title field ("`noun` `n` title") and the item's own parts.
 */
export function CollapsibleItem<T extends ListItem>({
  item,
  row,
  noun,
  title,
  kind,
  access,
  titleError,
  status,
  children,
}: {
  item: T;
  row: ItemRowProps<T>;
  noun: string;
  title: string;
  kind: string;
  access: FieldAccess;
  titleError: string | undefined;
  /** Badges beside the kind: where the item stands on the page (a button's schedule). */
  status?: ReactNode;
  children: ReactNode;
}) {
  const enabled = item.enabled !== false;
  return (
    <div className={classes.item} data-disabled={!enabled || undefined} {...access.anchor}>
      <ItemHeader
        itemKey={item.key}
        title={title}
        kind={kind}
        access={access}
        enabled={enabled}
        handle={row.handle}
        expanded={row.expanded}
        onToggle={row.onToggle}
        onEnabled={(on) => row.onChange({ enabled: on } as Partial<T>)}
        onDelete={row.onDelete}
        status={status}
      />
      <Collapse expanded={row.expanded}>
        <Stack gap="sm" pt="sm">
          <TextInput
            label="Title"
            aria-label={`${noun} ${row.index + 1} title`}
            value={item.title ?? ''}
            disabled={access.locked}
            error={titleError}
            onChange={(e) => row.onChange({ title: e.currentTarget.value } as Partial<T>)}
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
