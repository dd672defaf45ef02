import { Group, Pagination } from '@mantine/core';

type Props = { page: number; pageSize: number; total: number; onChange: (page: number) => void; siblings?: number };

/**
 * Zero-based paging (spec §9) with at most 3 to 5 page numbers in view;
 * nothing when everything fits on one page.
 */
export function ListPager({ page, pageSize, total, onChange, siblings = 1 }: Props) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="lg">
      <Pagination
        total={pages}
        value={page + 1}
        onChange={(p) => onChange(p - 1)}
        siblings={siblings}
        boundaries={0}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      />
    </Group>
  );
}
