import { Group, SegmentedControl, Select } from '@mantine/core';
import type { ListSort, SortOrder } from '@profilehub/shared';

type Props<C extends string> = { columns: { value: C; label: string }[]; sort: ListSort<C>; onChange: (sort: ListSort<C>) => void };

/** The phone layout's sort panel (spec §2 "mobile sort panel"): a column and a direction. */
export function MobileSortPanel<C extends string>({ columns, sort, onChange }: Props<C>) {
  return (
    <Group hiddenFrom="sm" gap="xs" wrap="nowrap" align="flex-end">
      <Select
        label="Sort by"
        placeholder="Default order"
        data={columns}
        value={sort?.orderBy ?? null}
        onChange={(value) => onChange(value ? { orderBy: value as C, order: sort?.order ?? 'asc' } : null)}
        clearable
        allowDeselect
        style={{ flex: 1 }}
      />
      <SegmentedControl
        aria-label="Sort direction"
        disabled={!sort}
        value={sort?.order ?? 'asc'}
        onChange={(order) => sort && onChange({ orderBy: sort.orderBy, order: order as SortOrder })}
        data={[
          { value: 'asc', label: 'Asc' },
          { value: 'desc', label: 'Desc' },
        ]}
      />
    </Group>
  );
}
