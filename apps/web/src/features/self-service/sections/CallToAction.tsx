import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { MainActionButton } from '@profilehub/shared';
import { FieldLabel, PartPermissions, WithPermissions } from '../components/fields.tsx';
import { IconSelect } from '../components/IconChooser.tsx';
import { useField, useFieldAccess, useProblems } from '../hooks/editor-context.tsx';
import { CssColour } from './Appearance.tsx';

/** Spec §2 Call to action: title, url, icon, background and font colour. */
export function CallToAction() {
  const [cta, setCta] = useField('mainActionButton');
  const problems = useProblems();
  const title = useFieldAccess('mainActionButton.title', { chain: ['mainActionButton', 'mainActionButton.title'], requiredForPublish: true });
  const url = useFieldAccess('mainActionButton.url', { chain: ['mainActionButton', 'mainActionButton.url'], requiredForPublish: true });
  const icon = useFieldAccess('mainActionButton.icon', { chain: ['mainActionButton', 'mainActionButton.icon'], requiredForPublish: true });
  const set = (patch: Partial<MainActionButton>) => setCta({ key: 'main-action-button', ...cta, ...patch });
  return (
    <Stack gap="md">
      <PartPermissions permissionKey="mainActionButton" label="Call to action" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {title.hidden ? null : (
          <WithPermissions permissionKey="mainActionButton.title" label="Call to action title">
            <TextInput
              {...title.anchor}
              label={<FieldLabel label="Title" access={title} />}
              aria-label="Call to action title"
              required={title.required}
              value={cta?.title ?? ''}
              disabled={title.locked}
              error={problems['mainActionButton.title']}
              onChange={(e) => set({ title: e.currentTarget.value })}
            />
          </WithPermissions>
        )}
        {url.hidden ? null : (
          <WithPermissions permissionKey="mainActionButton.url" label="Call to action URL">
            <TextInput
              {...url.anchor}
              label={<FieldLabel label="URL" access={url} />}
              aria-label="Call to action URL"
              placeholder="https://"
              required={url.required}
              value={cta?.url ?? ''}
              disabled={url.locked}
              error={problems['mainActionButton.url']}
              onChange={(e) => set({ url: e.currentTarget.value })}
            />
          </WithPermissions>
        )}
      </SimpleGrid>
      {icon.hidden ? null : (
        <WithPermissions permissionKey="mainActionButton.icon" label="Call to action icon">
          <div {...icon.anchor}>
            <IconSelect label={`Icon${icon.required ? ' *' : ''}`} value={cta?.icon} onChange={(name) => set({ icon: name })} disabled={icon.locked} />
          </div>
        </WithPermissions>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CssColour cssKey="main-action-button-background-color" label="Background colour" name="Call to action background colour" />
        <CssColour cssKey="main-action-button-color" label="Font colour" name="Call to action font colour" />
      </SimpleGrid>
    </Stack>
  );
}
