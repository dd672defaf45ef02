import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { divisionsOptions } from './get-divisions.ts';

type Props = { value: number[]; onChange: (ids: number[]) => void; w?: number | string | Record<string, number | string> };

/**
 * Spec §2 division filter: a multi-select of the divisions the caller manages (a supervisor's own,
 * every division for a superadmin); none chosen keeps all. Typing asks the server, so a superadmin
 * finds any of thousands of divisions, not only the first page.
 */
export function DivisionFilter({ value, onChange, w }: Props) {
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const found = useQuery(divisionsOptions(settled));
  // Chosen divisions keep their names while the suggestions change under a new search.
  const [names, setNames] = useState<ReadonlyMap<number, string>>(new Map());
  const known = new Map(names);
  for (const d of found.data ?? []) known.set(d.id, d.title);
  const ids = [...new Set([...value, ...(found.data ?? []).map((d) => d.id)])];
  const label = (id: number) => known.get(id) ?? `Division ${id}`;
  const data = ids.map((id) => ({ value: String(id), label: label(id) }));
  return (
    <MultiSelect
      label="Division"
      placeholder={value.length ? undefined : 'All divisions'}
      data={data}
      value={value.map(String)}
      onChange={(picked) => {
        setNames(new Map(picked.map((id) => [Number(id), label(Number(id))])));
        onChange(picked.map(Number));
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable
      nothingFoundMessage={found.isFetching ? 'Loading...' : 'No results found'}
      miw={220}
      w={w ?? { base: '100%', sm: 'auto' }}
      maw={{ base: '100%', sm: 360 }}
    />
  );
}
