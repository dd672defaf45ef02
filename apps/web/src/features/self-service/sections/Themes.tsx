import { Image, Loader, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { themesOptions } from '../api/get-themes.ts';
import classes from '../components/editor.module.css';
import { FieldLabel, PartPermissions } from '../components/fields.tsx';
import { useEditor, useField, useFieldAccess } from '../hooks/editor-context.tsx';

/** Spec §2 Themes: the theme template picker; a theme brings its layout (desktop or not). */
export function Themes() {
  const { view, store } = useEditor();
  const themes = useQuery(themesOptions(view.company.id));
  const [stylingId] = useField('stylingId');
  const access = useFieldAccess('stylingId', { requiredForPublish: true });
  if (access.hidden) return null;
  if (themes.isPending) return <Loader size="sm" aria-label="Loading themes" />;
  if (themes.isError) return <Text c="red">{themes.error.message}</Text>;
  return (
    <Stack gap="xs" {...access.anchor}>
      <PartPermissions permissionKey="stylingId" label="Template" />
      <FieldLabel label="Template" access={access} />
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" role="radiogroup" aria-label="Themes">
        {themes.data.map((theme) => {
          const selected = theme.id === stylingId;
          return (
            <UnstyledButton
              key={theme.id}
              role="radio"
              aria-checked={selected}
              aria-label={theme.name}
              className={classes.themeCard}
              data-selected={selected || undefined}
              disabled={access.locked}
              onClick={() => {
                store.set('stylingId', theme.id);
                store.set('templateLayout', theme.layout);
              }}
            >
              {theme.previewImage.url ? <Image src={theme.previewImage.url} alt="" h={80} fit="cover" radius="sm" mb={6} /> : null}
              <Text fw={600} size="sm">
                {theme.name}
              </Text>
              <Text size="xs" c="dimmed">
                {theme.layout.startsWith('desktop') ? 'Desktop template' : 'Mobile template'}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
