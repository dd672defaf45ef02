import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { divisionsOptions } from './divisions.ts';

type Props = { value: number[]; onChange: (ids: number[]) => void };

/** Spec §2 division filter: a multi-select of the divisions the caller manages; none chosen keeps all. */
export function DivisionFilter({ value, onChange }: Props) {
  const divisions = useQuery(divisionsOptions());
  const data = (divisions.data ?? []).map((d) => ({ value: String(d.id), label: d.title }));
  if (data.length <= 1 && value.length === 0) return null;
  return (
    <MultiSelect
      label="Division"
      placeholder={value.length ? undefined : 'All divisions'}
      data={data}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      searchable
      clearable
      nothingFoundMessage="No results found"
      miw={220}
      maw={{ base: '100%', sm: 360 }}
    />
  );
}
