import { Button, Group, Menu, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { contactButtonColorKeys, type LinkContactType, type ProfileLink } from '@profilehub/shared';
import { useEffect, useState } from 'react';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import { Hint, newKey, PartPermissions } from '../components/fields.tsx';
import { IconSelect } from '../components/IconChooser.tsx';
import { AddMenu, CollapsibleItem, type ItemRowProps } from '../components/ItemHeader.tsx';
import { RichTextField } from '../components/lazy.tsx';
import { PlainTextField } from '../components/PlainTextField.tsx';
import { ScheduleBadge, ScheduleFields } from '../components/Schedule.tsx';
import { SortableList } from '../components/SortableList.tsx';
import { useEditor, useField, useFieldAccess, useProblems } from '../hooks/editor-context.tsx';
import { CssColour } from './Appearance.tsx';

const TYPE_LABELS: Record<LinkContactType, string> = {
  url: 'Link button',
  modal: 'Pop-up button',
  'add-to-contacts': 'Add to contacts',
  placeholder: 'Placeholder',
};

/** Spec §2 Buttons: add, reorder (drag and keyboard), show/hide and schedule (issue #30), delete; each with its parts. */
export function Buttons() {
  const { permissionsMode, permission, store } = useEditor();
  const [links = [], setLinks] = useField('links');
  const collection = permission(['links']);
  const [open, setOpen] = useState<string | null>(null);
  // A problem named in the save status opens its button.
  useEffect(() => store.onReveal((key) => links.some((l) => l.key === key) && setOpen(key)), [store, links]);
  const [deleting, setDeleting] = useState<ProfileLink | null>(null);
  const canAdd = collection.edit;
  const hasPlaceholder = links.some((l) => l.contactType === 'placeholder');

  const add = (contactType: LinkContactType) => {
    const key = newKey('link');
    setLinks([...links, { key, contactType, title: TYPE_LABELS[contactType], enabled: true, source: 'self' }]);
    setOpen(key);
  };
  const change = (key: string, patch: Partial<ProfileLink>) => setLinks(links.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  return (
    <Stack gap="sm" data-field-key="links" id="field-links">
      <PartPermissions permissionKey="links" label="Buttons" />
      {links.length === 0 ? <Text c="dimmed">No buttons yet.</Text> : null}
      <SortableList
        items={links}
        onReorder={setLinks}
        disabled={!collection.edit || !collection.sortable}
        label="Buttons"
        itemName={(l) => l.title || TYPE_LABELS[l.contactType ?? 'url']}
      >
        {(link, index, handle) => (
          <ButtonRow
            link={link}
            index={index}
            handle={handle}
            expanded={open === link.key}
            onToggle={() => setOpen(open === link.key ? null : link.key)}
            onChange={(patch) => change(link.key, patch)}
            onDelete={collection.edit ? () => setDeleting(link) : undefined}
          />
        )}
      </SortableList>
      {canAdd ? (
        <AddMenu label="Add a button">
          <Menu.Item onClick={() => add('url')}>Link button</Menu.Item>
          <Menu.Item onClick={() => add('modal')}>Pop-up button</Menu.Item>
          <Menu.Item onClick={() => add('add-to-contacts')}>Add to contacts</Menu.Item>
          {permissionsMode && !hasPlaceholder ? <Menu.Item onClick={() => add('placeholder')}>Placeholder</Menu.Item> : null}
        </AddMenu>
      ) : null}
      <Hint>Drag a button by its handle, or focus the handle and use Space and the arrow keys, to change the order.</Hint>
      <ConfirmDelete
        item={deleting}
        what={(item) => `the button "${item.title ?? TYPE_LABELS[item.contactType ?? 'url']}"`}
        items={links}
        setItems={setLinks}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function ButtonRow({ link, ...row }: ItemRowProps<ProfileLink> & { link: ProfileLink }) {
  const { index, onChange } = row;
  const { view, permissionsMode } = useEditor();
  const access = useFieldAccess(link.key, { chain: ['links', link.key] });
  const problems = useProblems();
  const [popupOpen, setPopupOpen] = useState(false);
  // Spec §6: placeholder items show only in permissions mode.
  if (access.hidden || (link.contactType === 'placeholder' && !permissionsMode)) return null;
  const type = link.contactType ?? 'url';
  const title = link.title?.trim() || TYPE_LABELS[type];
  const colours = contactButtonColorKeys(link.key);
  const rte = view.company.feature_flags.rte;
  const Popup = rte ? RichTextField : PlainTextField;
  return (
    <CollapsibleItem
      item={link}
      row={row}
      noun="Button"
      title={title}
      kind={TYPE_LABELS[type]}
      access={access}
      titleError={problems[`links.${index}.title`]}
      status={type === 'placeholder' ? null : <ScheduleBadge item={link} />}
    >
      {type === 'url' || type === 'placeholder' ? (
        <TextInput
          label="URL"
          aria-label={`Button ${index + 1} URL`}
          placeholder="https://"
          value={link.url ?? ''}
          disabled={access.locked}
          error={problems[`links.${index}.url`]}
          onChange={(e) => onChange({ url: e.currentTarget.value })}
        />
      ) : null}
      {type === 'modal' ? (
        <Group>
          <Button variant="default" size="xs" onClick={() => setPopupOpen(true)} disabled={access.locked}>
            Edit pop-up content
          </Button>
          <Modal opened={popupOpen} onClose={() => setPopupOpen(false)} title="Pop-up content" size="lg">
            <Popup
              label="Description"
              name={`Button ${index + 1} pop-up content`}
              value={link.description}
              onChange={(html) => onChange({ description: html })}
              error={problems[`links.${index}.description`]}
            />
            <Group justify="flex-end" mt="md">
              <Button onClick={() => setPopupOpen(false)}>Done</Button>
            </Group>
          </Modal>
        </Group>
      ) : null}
      <IconSelect label="Icon" value={link.icon} onChange={(icon) => onChange({ icon })} disabled={access.locked} />
      <CssColour cssKey={colours.font} label="Font colour" name={`${title} font colour`} extraChain={['links', link.key]} />
      <CssColour cssKey={colours.background} label="Background colour" name={`${title} background colour`} extraChain={['links', link.key]} />
      <Switch
        label="Full width"
        checked={link.isFullWidthButton === true}
        disabled={access.locked}
        onChange={(e) => onChange({ isFullWidthButton: e.currentTarget.checked })}
      />
      {type === 'placeholder' ? null : (
        <ScheduleFields
          item={link}
          name={title}
          disabled={access.locked}
          errors={{ showFrom: problems[`links.${index}.showFrom`], showUntil: problems[`links.${index}.showUntil`] }}
          onChange={onChange}
        />
      )}
    </CollapsibleItem>
  );
}
