import { Text } from '@mantine/core';
import { resultsText } from '@profilehub/shared';

type Props = { page: { page: number; pageSize: number; total: number } | undefined; shown: number; filtered: boolean };

/** 'x to y of n results' (+ ' filtered') above an admin list (spec §2); nothing until the first page arrives. */
export function ResultsText({ page, shown, filtered }: Props) {
  if (!page) return null;
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {resultsText(page.page, page.pageSize, shown, page.total, filtered)}
    </Text>
  );
}
