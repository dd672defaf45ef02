import { Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { aboutMeVideoEnabled, type InfoSection, type SectionType, youtubeId } from '@profilehub/shared';
import { useEffect, useState } from 'react';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import { newKey, PartPermissions, PermissionToggles } from '../components/fields.tsx';
import { IconSelect } from '../components/IconChooser.tsx';
import { AddMenu, CollapsibleItem, type ItemRowProps } from '../components/ItemHeader.tsx';
import { RichTextField } from '../components/lazy.tsx';
import { PlainTextField } from '../components/PlainTextField.tsx';
import { SortableList } from '../components/SortableList.tsx';
import { useEditor, useField, useFieldAccess, useProblems } from '../hooks/editor-context.tsx';
import { ImageGallery, VideoGallery } from './Galleries.tsx';
import { Testimonials } from './Testimonials.tsx';

const SECTION_LABELS: Record<SectionType, string> = {
  text: 'Multimedia',
  aboutme: 'About me',
  imageGallery: 'Image gallery',
  videoGallery: 'Video gallery',
  testimonials: 'Testimonial',
  placeholder: 'Placeholder',
};

/** Spec §2 Drop-down sections: add (About me and Testimonial once each, Placeholder master-only once), reorder, enable, delete. */
export function InfoSections() {
  const { permissionsMode, permission, store } = useEditor();
  const [sections = [], setSections] = useField('infoSections');
  const [open, setOpen] = useState<string | null>(null);
  // A testimonial's checklist item opens the testimonials section.
  useEffect(
    () =>
      store.onReveal((key) => {
        const testimonials = sections.find((s) => s.type === 'testimonials');
        if (testimonials && /\.(review|author|rating)$/.test(key)) setOpen(testimonials.key);
      }),
    [store, sections],
  );
  const [deleting, setDeleting] = useState<InfoSection | null>(null);
  const collection = permission(['infoSections']);
  const has = (type: SectionType) => sections.some((s) => s.type === type);
  const add = (type: SectionType) => {
    const key = newKey('section');
    setSections([...sections, { key, type, title: SECTION_LABELS[type], enabled: true, source: 'self' }]);
    setOpen(key);
  };
  const change = (key: string, patch: Partial<InfoSection>) => setSections(sections.map((s) => (s.key === key ? { ...s, ...patch } : s)));

  return (
    <Stack gap="sm" data-field-key="infoSections" id="field-infoSections">
      <PartPermissions permissionKey="infoSections" label="Drop-down sections" />
      {sections.length === 0 ? <Text c="dimmed">No sections yet.</Text> : null}
      <SortableList items={sections} onReorder={setSections} disabled={!collection.edit || !collection.sortable} label="Drop-down sections">
        {(section, index, handle) => (
          <SectionRow
            section={section}
            index={index}
            handle={handle}
            expanded={open === section.key}
            onToggle={() => setOpen(open === section.key ? null : section.key)}
            onChange={(patch) => change(section.key, patch)}
            onDelete={collection.edit ? () => setDeleting(section) : undefined}
          />
        )}
      </SortableList>
      {collection.edit ? (
        <AddMenu label="Add a section">
          {has('aboutme') ? null : <Menu.Item onClick={() => add('aboutme')}>About me</Menu.Item>}
          {has('testimonials') ? null : <Menu.Item onClick={() => add('testimonials')}>Testimonial</Menu.Item>}
          <Menu.Item onClick={() => add('videoGallery')}>Video gallery</Menu.Item>
          <Menu.Item onClick={() => add('imageGallery')}>Image gallery</Menu.Item>
          <Menu.Item onClick={() => add('text')}>Multimedia</Menu.Item>
          {permissionsMode && !has('placeholder') ? <Menu.Item onClick={() => add('placeholder')}>Placeholder</Menu.Item> : null}
        </AddMenu>
      ) : null}
      <ConfirmDelete
        item={deleting}
        what={(item) => `the section "${item.title ?? SECTION_LABELS[item.type]}"`}
        items={sections}
        setItems={setSections}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function SectionRow({ section, ...row }: ItemRowProps<InfoSection> & { section: InfoSection }) {
  const { index, onChange } = row;
  const { view, permissionsMode } = useEditor();
  const access = useFieldAccess(section.key, { chain: ['infoSections', section.key] });
  const problems = useProblems();
  // Spec §6: placeholder items show only in permissions mode.
  if (access.hidden || (section.type === 'placeholder' && !permissionsMode)) return null;
  const title = section.title?.trim() || SECTION_LABELS[section.type];
  const Text_ = view.company.feature_flags.rte ? RichTextField : PlainTextField;
  return (
    <CollapsibleItem
      item={section}
      row={row}
      noun="Section"
      title={title}
      kind={SECTION_LABELS[section.type]}
      access={access}
      titleError={problems[`infoSections.${index}.title`]}
    >
      <IconSelect label="Icon" value={section.icon} onChange={(icon) => onChange({ icon })} disabled={access.locked} />
      {section.type === 'text' || section.type === 'aboutme' ? (
        <Text_
          label="Description"
          name={`${title} description`}
          value={section.description}
          onChange={(html) => onChange({ description: html })}
          disabled={access.locked}
          error={problems[`infoSections.${index}.description`]}
        />
      ) : null}
      {section.type === 'aboutme' ? <AboutMeVideo /> : null}
      {section.type === 'imageGallery' ? <ImageGallery section={section} /> : null}
      {section.type === 'videoGallery' ? <VideoGallery section={section} /> : null}
      {section.type === 'testimonials' ? <Testimonials /> : null}
    </CollapsibleItem>
  );
}

/** Spec §4 About-me video: enabled automatically when it has a value (YouTube only, spec §5). */
function AboutMeVideo() {
  const { store } = useEditor();
  const [video] = useField('aboutMeVideo');
  const access = useFieldAccess('aboutMeVideo');
  if (access.hidden) return null;
  const url = video ?? '';
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap" {...access.anchor}>
      <TextInput
        flex={1}
        label="About me video (YouTube)"
        placeholder="https://www.youtube.com/watch?v=…"
        value={url}
        disabled={access.locked}
        error={url && !youtubeId(url) ? 'Use a YouTube link.' : undefined}
        onChange={(e) => {
          const next = e.currentTarget.value;
          store.set('aboutMeVideo', next);
          store.set('aboutMeVideoEnabled', aboutMeVideoEnabled(next, null));
        }}
      />
      <PermissionToggles permissionKey="aboutMeVideo" label="About me video" />
    </Group>
  );
}
