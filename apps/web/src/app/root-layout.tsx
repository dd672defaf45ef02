import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center h="100dvh" aria-busy="true">
      <Loader size="lg" aria-label="Loading" />
    </Center>
  );
}

/** A failed chunk download (a new release while the tab was open) or an unexpected crash. */
export function RouteError({ error }: { error: unknown }) {
  const chunkFailed = error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
  if (import.meta.env.DEV) console.error(error);
  return (
    <Center h="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={2}>{chunkFailed ? 'A new version is available' : 'Something went wrong'}</Title>
        <Text c="dimmed">
          {chunkFailed ? 'Reload the page to continue with the latest version.' : 'Please reload the page. If it keeps happening, contact support.'}
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
