import { ActionIcon, Anchor, Box, Group, NumberInput, Popover, Text, TextInput, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type EditorContent, REMOVABLE_FIELDS, type RemovableField } from '@profilehub/shared';
import type { ReactNode } from 'react';
import { type FieldAccess, useEditor, useField, useFieldAccess, useProblem } from '../hooks/editor-context.tsx';
import classes from './editor.module.css';
import { IconLock } from './editor-icons.tsx';

/** A field's label with its lock (locked for a child) and the spec's tooltip. */
export function FieldLabel({ label, access }: { label: string; access: FieldAccess }): ReactNode {
  if (!access.tooltip) return label;
  const text = access.locked ? `${label} ${access.tooltip}` : access.tooltip;
  return (
    <Tooltip label={text} withArrow multiline maw={260}>
      <Group component="span" gap={4} wrap="nowrap" display="inline-flex" tabIndex={0} aria-label={`${label}: ${text}`}>
        <span>{label}</span>
        {access.locked ? <IconLock size={14} aria-hidden /> : null}
      </Group>
    </Tooltip>
  );
}

/**
 * The permission toggles of permissions mode, when the editor runs in it. Beside the item
 * on a wide screen; on a phone behind one button that opens them, so a row keeps room for
 * the item's name (five toggles inline cut it to a letter).
 */
export function PermissionToggles({ permissionKey, label }: { permissionKey: string; label: string }) {
  const { permissionsMode } = useEditor();
  const phone = useMediaQuery('(max-width: 47.99em)', false);
  if (!permissionsMode) return null;
  const toggles = permissionsMode.renderToggles(permissionKey, label);
  if (!phone) return toggles;
  return (
    <Popover position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <ActionIcon variant="light" aria-label={`Permissions of ${label}`} flex="none">
          <IconLock size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={`Permissions of ${label}`}>{toggles}</Popover.Dropdown>
    </Popover>
  );
}

/**
 * In permissions mode, a line with a whole part's toggles (a section, a list,
 * an object field such as the call to action); nothing otherwise.
 */
export function PartPermissions({ permissionKey, label }: { permissionKey: string; label: string }) {
  const { permissionsMode } = useEditor();
  if (!permissionsMode) return null;
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" className={classes.partPermissions}>
      <Text size="sm" fw={600} miw={0} truncate="end">
        {label}
      </Text>
      <PermissionToggles permissionKey={permissionKey} label={label} />
    </Group>
  );
}

/** In permissions mode, `children` (one field of an object field) with its toggles beside it; otherwise just `children`. */
export function WithPermissions({ permissionKey, label, children }: { permissionKey: string; label: string; children: ReactNode }) {
  const { permissionsMode } = useEditor();
  if (!permissionsMode) return children;
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <Box flex={1} miw={0}>
        {children}
      </Box>
      <PermissionToggles permissionKey={permissionKey} label={label} />
    </Group>
  );
}

type StringField = {
  [K in keyof EditorContent]-?: NonNullable<EditorContent[K]> extends string ? K : never;
}[keyof EditorContent];
type NumberField = {
  [K in keyof EditorContent]-?: NonNullable<EditorContent[K]> extends number ? K : never;
}[keyof EditorContent];

/** A plain text field of the document (name, job title, numbers, email…). */
export function TextField({
  field,
  label,
  requiredForPublish,
  placeholder,
  description,
  type,
  maxLength,
  normalize,
}: {
  field: StringField;
  label: string;
  requiredForPublish?: boolean;
  placeholder?: string;
  description?: ReactNode;
  type?: 'text' | 'email' | 'tel';
  maxLength?: number;
  normalize?: (value: string) => string;
}) {
  const [value, setValue] = useField(field);
  const access = useFieldAccess(field, { requiredForPublish });
  const problem = useProblem(field);
  const { view } = useEditor();
  const removal = useRemoval(field);
  if (access.hidden) return null;
  // A child's empty field is not empty on its page: the template's value shows there — unless the template
  // lets the person leave it out, when emptying it takes it off the page. Say which, while it is empty,
  // and when the field opens showing the template's value because the person left it empty.
  const text = ((value as string | undefined) ?? '').trim();
  const templateValue = view.master?.textValues?.[field];
  const inherited = !text && !removal.removed ? templateValue : undefined;
  const fromTemplate = Boolean(text && text === templateValue && view.master?.inheritedKeys?.includes(field));
  const change = (next: string) => {
    setValue(next as never);
    removal.set(!next.trim());
  };
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap" {...access.anchor}>
      <TextInput
        flex={1}
        label={<FieldLabel label={label} access={access} />}
        required={access.required}
        value={(value as string | undefined) ?? ''}
        onChange={(e) => change(e.currentTarget.value)}
        onBlur={normalize ? (e) => setValue(normalize(e.currentTarget.value) as never) : undefined}
        disabled={access.locked}
        placeholder={inherited ?? placeholder}
        description={
          removal.removed && templateValue ? (
            <RemovedNote what="value" onRestore={() => change(templateValue)} />
          ) : inherited ? (
            `Left empty, your page shows the template’s value: ${inherited}`
          ) : fromTemplate ? (
            'From your template: you left this empty, so your page shows the template’s value. Type your own to replace it.'
          ) : (
            description
          )
        }
        type={type}
        maxLength={maxLength}
        error={problem}
        aria-label={label}
      />
      <PermissionToggles permissionKey={field} label={label} />
    </Group>
  );
}

/**
 * Whether a child took an inherited field off its page (`removedFields`), and a setter that
 * records it only where the template allows it: the field is removable, shown, editable and
 * optional for the child, and the template has a value to leave out.
 */
export function useRemoval(field: string): { removed: boolean; set: (removed: boolean) => void } {
  const { isChild, permission, view } = useEditor();
  const [list, setList] = useField('removedFields');
  const p = permission([field]);
  const allowed =
    isChild && (REMOVABLE_FIELDS as readonly string[]).includes(field) && p.show && p.edit && p.optional && Boolean(view.master?.textValues?.[field]);
  const removed = Boolean(list?.includes(field as RemovableField));
  const set = (next: boolean) => {
    if (next === removed || (next && !allowed)) return;
    const rest = (list ?? []).filter((f) => f !== field);
    setList(next ? [...rest, field as RemovableField] : rest.length > 0 ? rest : undefined);
  };
  return { removed, set };
}

/** Said under a field the person emptied where the template has a value: it is off their page, and how to get it back. */
export function RemovedNote({ what, onRestore }: { what: 'value' | 'address'; onRestore: () => void }) {
  return (
    <>
      Not shown on your page or contact card.{' '}
      <Anchor component="button" type="button" size="xs" onClick={onRestore}>
        Use the template’s {what}
      </Anchor>
    </>
  );
}

/** A number field of the document (title and subtitle sizes). */
export function NumberField({ field, label, min, max, suffix }: { field: NumberField; label: string; min: number; max: number; suffix?: string }) {
  const [value, setValue] = useField(field);
  const access = useFieldAccess(field);
  const problem = useProblem(field);
  if (access.hidden) return null;
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap" {...access.anchor}>
      <NumberInput
        flex={1}
        label={<FieldLabel label={label} access={access} />}
        value={(value as number | undefined) ?? ''}
        onChange={(v) => setValue((typeof v === 'number' ? v : undefined) as never)}
        min={min}
        max={max}
        clampBehavior="strict"
        allowDecimal={false}
        suffix={suffix}
        disabled={access.locked}
        error={problem}
        aria-label={label}
      />
      <PermissionToggles permissionKey={field} label={label} />
    </Group>
  );
}

/** A short muted note under a part of a section. */
export function Hint({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}

/** A fresh item key, unique in practice: the prefix and a random suffix. */
export function newKey(prefix: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${Date.now().toString(36)}${random}`.slice(0, 64);
}
