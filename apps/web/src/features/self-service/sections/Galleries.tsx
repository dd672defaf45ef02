import { ActionIcon, Button, Group, Image, Modal, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  EXPIRING_IMAGE_ITEM_TYPE,
  expiryProblem,
  formatExpiry,
  type ImageGalleryItem,
  type InfoSection,
  imageGalleryLimit,
  PROFILE_MESSAGES,
  sectionItems,
  type VideoGalleryItem,
  youtubeId,
} from '@profilehub/shared';
import { useState } from 'react';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import classes from '../components/editor.module.css';
import { IconPencil, IconPlus, IconTrash } from '../components/editor-icons.tsx';
import { newKey, PartPermissions, PermissionToggles } from '../components/fields.tsx';
import { CROPS, ImageUpload } from '../components/ImageUpload.tsx';
import { fromLocalInput, toLocalInput } from '../components/local-time.ts';
import { useEditor, useField, useFieldAccess } from '../hooks/editor-context.tsx';

/** Spec §2 image gallery: items with a link, and for promotions an expiry in the future (spec §5). */
export function ImageGallery({ section }: { section: InfoSection }) {
  const { view, permission } = useEditor();
  const [items = [], setItems] = useField('imageGallery');
  const [sections = []] = useField('infoSections');
  const [limits] = useField('limits');
  const [editing, setEditing] = useState<ImageGalleryItem | null>(null);
  const [deleting, setDeleting] = useState<ImageGalleryItem | null>(null);
  const collection = permission(['imageGallery']);
  const mine = sectionItems(section, sections, items);
  const limit = imageGalleryLimit(limits?.imageGallery, view.company.limits?.imageGallery);
  const full = items.length >= limit;
  const save = (item: ImageGalleryItem) => {
    const exists = items.some((i) => i.key === item.key);
    setItems(exists ? items.map((i) => (i.key === item.key ? item : i)) : [...items, item]);
    setEditing(null);
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Images
      </Text>
      <PartPermissions permissionKey="imageGallery" label="Image gallery" />
      {mine.map((item) => (
        <GalleryRow key={item.key} item={item} onEdit={() => setEditing(item)} onDelete={collection.edit ? () => setDeleting(item) : undefined} />
      ))}
      {collection.edit ? (
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={full}
            onClick={() => setEditing({ key: newKey('image'), type: 'image', enabled: true, sectionKey: section.key, source: 'self' })}
          >
            Add an image
          </Button>
          {full ? (
            <Text size="xs" c="dimmed">
              {PROFILE_MESSAGES.imageGalleryLimit(limit)}
            </Text>
          ) : null}
        </Group>
      ) : null}
      {editing ? <GalleryItemModal item={editing} onCancel={() => setEditing(null)} onSave={save} /> : null}
      <ConfirmDelete
        item={deleting}
        what={(item) => `the image "${item.title ?? 'untitled'}"`}
        items={items}
        setItems={setItems}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function GalleryRow({ item, onEdit, onDelete }: { item: ImageGalleryItem; onEdit: () => void; onDelete: (() => void) | undefined }) {
  const access = useFieldAccess(item.key, { chain: ['imageGallery', item.key] });
  if (access.hidden) return null;
  return (
    <Group className={classes.item} gap="xs" wrap="nowrap" {...access.anchor}>
      {item.url ? <Image src={item.url} alt="" w={40} h={40} radius="sm" fit="cover" /> : null}
      <Stack gap={0} flex={1} miw={0}>
        <Text size="sm" truncate="end">
          {item.title || 'Untitled image'}
        </Text>
        {item.expireAt ? (
          <Text size="xs" c="dimmed">
            Expires {formatExpiry(item.expireAt)}
          </Text>
        ) : null}
      </Stack>
      {!access.locked ? (
        <ActionIcon variant="subtle" aria-label={`Edit image ${item.title ?? ''}`} onClick={onEdit}>
          <IconPencil size={16} />
        </ActionIcon>
      ) : null}
      {onDelete && !access.locked ? (
        <ActionIcon variant="subtle" color="red" aria-label={`Delete image ${item.title ?? ''}`} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      ) : null}
      <PermissionToggles permissionKey={item.key} label={item.title || 'Untitled image'} />
    </Group>
  );
}

/** The photo gallery item modal (spec §2). */
export function GalleryItemModal({ item, onCancel, onSave }: { item: ImageGalleryItem; onCancel: () => void; onSave: (item: ImageGalleryItem) => void }) {
  const [draft, setDraft] = useState(item);
  const set = (patch: Partial<ImageGalleryItem>) => setDraft({ ...draft, ...patch });
  const expiry = draft.type === EXPIRING_IMAGE_ITEM_TYPE ? expiryProblem(draft.expireAt, Date.now()) : null;
  const linkProblem = draft.link && !/^https:\/\/|^#/.test(draft.link.trim()) ? PROFILE_MESSAGES.linkHttps : undefined;
  return (
    <Modal opened onClose={onCancel} title="Photo gallery item" size="lg">
      <Stack>
        <ImageUpload
          label="Image"
          name="gallery image"
          value={draft}
          onChange={(v) => set({ url: v?.url, id: v?.id })}
          purpose="gallery"
          crop={CROPS.gallery}
        />
        <TextInput label="Title" value={draft.title ?? ''} onChange={(e) => set({ title: e.currentTarget.value })} />
        <TextInput label="Link" placeholder="https://" value={draft.link ?? ''} error={linkProblem} onChange={(e) => set({ link: e.currentTarget.value })} />
        <SegmentedControl
          aria-label="Image type"
          value={draft.type ?? 'image'}
          onChange={(v) => set({ type: v as ImageGalleryItem['type'], expireAt: v === EXPIRING_IMAGE_ITEM_TYPE ? draft.expireAt : undefined })}
          data={[
            { value: 'image', label: 'Image' },
            { value: 'promotion', label: 'Promotion (expires)' },
          ]}
        />
        {draft.type === EXPIRING_IMAGE_ITEM_TYPE ? (
          <TextInput
            type="datetime-local"
            label="Expire date"
            value={toLocalInput(draft.expireAt)}
            description={draft.expireAt ? formatExpiry(draft.expireAt) : 'yyyy-MM-dd @ HH:mm'}
            error={expiry}
            onChange={(e) => set({ expireAt: fromLocalInput(e.currentTarget.value) })}
          />
        ) : null}
        <Switch label="Show this image" checked={draft.enabled !== false} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => onSave(draft)} disabled={Boolean(expiry) || Boolean(linkProblem) || !draft.url}>
            Save image
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Spec §2 video gallery: YouTube links (spec §5), each with a title. */
export function VideoGallery({ section }: { section: InfoSection }) {
  const { permission } = useEditor();
  const [items = [], setItems] = useField('videoGallery');
  const [sections = []] = useField('infoSections');
  const [deleting, setDeleting] = useState<VideoGalleryItem | null>(null);
  const collection = permission(['videoGallery']);
  const mine = sectionItems(section, sections, items);
  const change = (key: string, patch: Partial<VideoGalleryItem>) => setItems(items.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  return (
    <Stack gap="xs">
      <PartPermissions permissionKey="videoGallery" label="Video gallery" />
      <Text size="sm" fw={500}>
        Videos
      </Text>
      {mine.map((item) => (
        <VideoRow key={item.key} item={item} onChange={(patch) => change(item.key, patch)} onDelete={collection.edit ? () => setDeleting(item) : undefined} />
      ))}
      {collection.edit ? (
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          onClick={() => setItems([...items, { key: newKey('video'), type: 'youtube', enabled: true, sectionKey: section.key, source: 'self' }])}
        >
          Add a video
        </Button>
      ) : null}
      <ConfirmDelete
        item={deleting}
        what={(item) => `the video "${item.title ?? 'untitled'}"`}
        items={items}
        setItems={setItems}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function VideoRow({
  item,
  onChange,
  onDelete,
}: {
  item: VideoGalleryItem;
  onChange: (patch: Partial<VideoGalleryItem>) => void;
  onDelete: (() => void) | undefined;
}) {
  const access = useFieldAccess(item.key, { chain: ['videoGallery', item.key] });
  if (access.hidden) return null;
  const url = item.url ?? '';
  return (
    <Group className={classes.item} gap="xs" align="flex-start" wrap="wrap" {...access.anchor}>
      <TextInput
        flex="1 1 160px"
        aria-label="Video title"
        placeholder="Title"
        value={item.title ?? ''}
        disabled={access.locked}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
      />
      <TextInput
        flex="2 1 220px"
        aria-label="YouTube link"
        placeholder="https://www.youtube.com/watch?v=…"
        value={url}
        disabled={access.locked}
        error={url && !youtubeId(url) ? 'Use a YouTube link.' : undefined}
        onChange={(e) => onChange({ url: e.currentTarget.value })}
      />
      {onDelete && !access.locked ? (
        <ActionIcon mt={4} variant="subtle" color="red" aria-label={`Delete video ${item.title ?? ''}`} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      ) : null}
      <PermissionToggles permissionKey={item.key} label={item.title || 'Untitled video'} />
    </Group>
  );
}
