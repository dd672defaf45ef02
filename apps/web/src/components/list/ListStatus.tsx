import { Text } from '@mantine/core';
import { ADMIN_MESSAGES } from '@profilehub/shared';
import { messageOf } from '../../lib/api.ts';

type Props = { isPending: boolean; isSuccess: boolean; isError: boolean; error: unknown; empty: boolean };

/** What an admin list says instead of rows: nothing found, loading, or the server's message (spec §8). */
export function ListStatus({ isPending, isSuccess, isError, error, empty }: Props) {
  const [text, color] = isPending
    ? [ADMIN_MESSAGES.loading, 'dimmed']
    : isError
      ? [messageOf(error), 'red.8']
      : isSuccess && empty
        ? [ADMIN_MESSAGES.noResults, 'dimmed']
        : [null, null];
  if (!text) return null;
  return (
    <Text ta="center" c={color ?? undefined} py="xl">
      {text}
    </Text>
  );
}
