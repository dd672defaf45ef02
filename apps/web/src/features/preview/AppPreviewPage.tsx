import { Center, Stack, Text } from '@mantine/core';

/**
 * `/{product}-app-preview` (spec §2): the editor's preview frame. The editor
 * will feed it the unsaved profile by postMessage; until then it says so.
 */
export function AppPreviewPage() {
  return (
    <Center mih="100dvh" p="md">
      <Stack gap={4} align="center" ta="center">
        <Text fw={600}>Profile preview</Text>
        <Text c="dimmed" size="sm">
          The live preview arrives in a later release.
        </Text>
      </Stack>
    </Center>
  );
}
