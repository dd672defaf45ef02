import { Button, Stack, Text } from '@mantine/core';
import { ADMIN_MESSAGES } from '@profilehub/shared';
import { messageOf } from '../../lib/api.ts';

type Props = {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  empty: boolean;
  /** A search or a division choice narrows the list: the empty state offers to clear them. */
  filtered: boolean;
  onClear: () => void;
  /** What an empty list means when nothing narrows it (e.g. 'Nothing is waiting for approval.'). */
  emptyHint: string;
};

/**
 * What an admin list says instead of rows: loading, the server's message, or nothing found
 * (spec §8 texts). Nothing found says why and what to do next: clear a search and divisions
 * that match nothing, or what an empty list means.
 */
export function ListStatus({ isPending, isSuccess, isError, error, empty, filtered, onClear, emptyHint }: Props) {
  if (isPending || isError) {
    return (
      <Text ta="center" c={isError ? 'red.8' : 'dimmed'} py="xl">
        {isPending ? ADMIN_MESSAGES.loading : messageOf(error)}
      </Text>
    );
  }
  if (!(isSuccess && empty)) return null;
  return (
    <Stack align="center" gap={6} py="xl" role="status">
      <Text fw={600}>{ADMIN_MESSAGES.noResults}</Text>
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        {filtered ? 'Nothing matches these filters. Check the spelling of your search, or clear the filters to see the whole list.' : emptyHint}
      </Text>
      {filtered ? (
        <Button variant="light" size="xs" mt={6} onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </Stack>
  );
}
