import { Text } from '@mantine/core';
import { resultsText } from '@profilehub/shared';

type Props = { page: { page: number; pageSize: number; total: number } | undefined; shown: number; filtered: boolean };

/**
 * 'x to y of n results' (+ ' filtered') above an admin list (spec §2); nothing until the
 * first page arrives, and nothing for an empty list, whose empty state says it (a bare
 * '0 to 0 of 0 results filtered' told people nothing).
 */
export function ResultsText({ page, shown, filtered }: Props) {
  if (!page || page.total === 0) return null;
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {resultsText(page.page, page.pageSize, shown, page.total, filtered)}
    </Text>
  );
}
