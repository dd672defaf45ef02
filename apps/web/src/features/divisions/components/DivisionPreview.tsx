import { Alert, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type CompanyPreviewInput, CompanyPreviewSchema } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { messageOf } from '../../../lib/api.ts';
import { divisionPreviewOptions } from '../api/preview-division.ts';

/**
 * The console's live preview: the division's sign-in page and a sample public page as they
 * will look with the settings in the form, before saving. The server renders both (the public
 * page by the real page renderer, its CSS sanitised as publishing does); they are shown in
 * sandboxed frames in which no script runs.
 */
export function DivisionPreview({ id, input }: { id: number; input: CompanyPreviewInput }) {
  // Typing in a colour or CSS field renders once it pauses, not on every key.
  // Compared as text: the form makes a new object on every render.
  const [settled] = useDebouncedValue(JSON.stringify(input), 300);
  // A half-typed colour or link is not sent: the preview keeps the last settings that were valid.
  const lastValid = useRef<CompanyPreviewInput>(input);
  const shown = useMemo(() => {
    const parsed = CompanyPreviewSchema.safeParse(JSON.parse(settled));
    if (parsed.success) lastValid.current = JSON.parse(settled) as CompanyPreviewInput;
    return lastValid.current;
  }, [settled]);
  const preview = useQuery(divisionPreviewOptions(id, shown));
  const contrast = preview.data?.contrast;
  return (
    <Paper withBorder radius="md" p="md" aria-label="Live preview" component="section">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb="sm">
        Preview — not saved yet
      </Text>
      <Stack gap="sm">
        {preview.isError ? (
          <Alert color="red" title="The preview could not be made">
            {messageOf(preview.error)}
          </Alert>
        ) : null}
        {contrast && !contrast.readable ? (
          <Alert color="orange" data-testid="contrast-warning">
            The brand colour has {contrast.ratio.toFixed(1)}:1 contrast on white, below 4.5:1: public pages show links and accents in dark text instead.
          </Alert>
        ) : contrast ? (
          <Text size="xs" c="dimmed">
            Brand colour on white: {contrast.ratio.toFixed(1)}:1 (readable)
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 1 }} spacing="sm">
          <Frame title="Sign-in page preview" label="Sign-in page" html={preview.data?.signIn} />
          <Frame title="Public page preview" label="Public page" html={preview.data?.page} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function Frame({ title, label, html }: { title: string; label: string; html: string | undefined }) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600}>
        {label}
      </Text>
      <iframe
        title={title}
        // No scripts, no same-origin: the documents only show.
        sandbox=""
        srcDoc={html ?? ''}
        style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: '#fff' }}
      />
    </Stack>
  );
}
