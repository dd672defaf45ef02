import { Table, UnstyledButton } from '@mantine/core';
import type { ListSort } from '@profilehub/shared';
import type { ReactNode } from 'react';
import classes from './list.module.css';

type Props<C extends string> = { column: C; sort: ListSort<C>; onSort: (column: C) => void; children: ReactNode; width?: number | string };

/** A column header that sorts (spec §4: asc → desc → none); screen readers hear the order through aria-sort. */
export function SortableTh<C extends string>({ column, sort, onSort, children, width }: Props<C>) {
  const active = sort?.orderBy === column ? sort.order : null;
  return (
    <Table.Th w={width} aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} className={classes.sortButton} data-active={active ?? undefined}>
        {children}
        <span aria-hidden className={classes.sortIcon}>
          {active === 'asc' ? '▲' : active === 'desc' ? '▼' : '↕'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}
