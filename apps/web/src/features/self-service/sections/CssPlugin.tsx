import { ActionIcon, Anchor, Button, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { IconCopy } from '../../../components/dashboard-icons.tsx';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { themesOptions } from '../api/get-themes.ts';
import { useSaveThemeCss } from '../api/save-theme-css.ts';
import { CssEditor } from '../components/lazy.tsx';
import { useEditor, useField } from '../hooks/editor-context.tsx';
import { previewLinkUrl } from './public-url.ts';

/**
 * Spec §2 CSS plugin (only when styling editing is allowed): the preview link
 * with a copy button, the theme's global styling (only when template editing is
 * allowed) and the profile's custom styling.
 */
export function CssPlugin() {
  const { view, isChild } = useEditor();
  const [stylingId] = useField('stylingId');
  const [cssPlug, setCssPlug] = useField('cssPlug');
  const link = previewLinkUrl(view, stylingId);
  const templateEditing = view.access.canEditStyling && !isChild;
  return (
    <Stack gap="lg">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          Preview link
        </Text>
        <Anchor href={link} target="_blank" size="sm" truncate="end" maw={360}>
          {link}
        </Anchor>
        <CopyButton value={link}>
          {({ copy }) => (
            <Tooltip label="Copy preview link">
              <ActionIcon
                variant="subtle"
                aria-label="Copy preview link"
                onClick={() => {
                  copy();
                  toastSuccess('Copied!');
                }}
              >
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      {templateEditing && typeof stylingId === 'number' ? <GlobalStyling themeId={stylingId} /> : null}
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Custom styling
        </Text>
        <CssEditor label="Custom styling CSS" value={cssPlug ?? ''} onChange={(v) => setCssPlug(v)} />
      </Stack>
    </Stack>
  );
}

/** The theme's CSS, shared by every profile on the theme: saved on its own (PUT /profile-stylings/{id}). */
function GlobalStyling({ themeId }: { themeId: number }) {
  const { view } = useEditor();
  const themes = useQuery(themesOptions(view.company.id));
  const theme = themes.data?.find((t) => t.id === themeId);
  const [draft, setDraft] = useState<string | null>(null);
  const save = useSaveThemeCss(view.company.id);
  // Another theme chosen: its own CSS, not the draft of the previous one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `themeId` changing is the reason to reset.
  useEffect(() => setDraft(null), [themeId]);
  if (!theme) return null;
  const value = draft ?? theme.cssPlug;
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Global styling ({theme.name})
        </Text>
        <Button
          size="xs"
          variant="light"
          loading={save.isPending}
          disabled={draft === null || draft === theme.cssPlug}
          onClick={async () => {
            try {
              await save.mutateAsync({ themeId: theme.id, cssPlug: value });
              setDraft(null);
              toastSuccess('Your changes has been saved!');
            } catch (e) {
              toastError(e);
            }
          }}
        >
          Save global styling
        </Button>
      </Group>
      <CssEditor label="Global styling CSS" value={value} onChange={setDraft} />
    </Stack>
  );
}
