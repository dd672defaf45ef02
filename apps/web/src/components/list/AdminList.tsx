import { Paper, Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { DivisionFilter } from './DivisionFilter.tsx';
import { ListPager } from './ListPager.tsx';
import { ListStatus } from './ListStatus.tsx';
import classes from './list.module.css';
import { MobileSortPanel } from './MobileSortPanel.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SortableTh } from './SortableTh.tsx';
import type { ListControls } from './use-list-controls.ts';

/** What an admin list needs of its page query (users, templates, approvals). */
type ListQuery = {
  data: { pageSize: number; total: number } | undefined;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
};

type Props<C extends string, R extends { id: number }> = {
  controls: ListControls<C>;
  /** The sortable columns, in order: the table's headers and the phone's sort panel. */
  columns: { value: C; label: string }[];
  search: { placeholder: string; 'aria-label'?: string };
  /** More filters after the search box (e.g. a status switch). */
  filters?: ReactNode;
  /** Between the toolbar and the phone's sort panel (e.g. tabs). */
  tabs?: ReactNode;
  /** Above the table (e.g. the results line). */
  summary?: ReactNode;
  list: ListQuery;
  rows: R[];
  /** Page size until the first page says its own. */
  pageSize: number;
  pagerSiblings?: number;
  minWidth: number;
  /** The table's aria-busy, when the list says it. */
  busy?: boolean;
  /** The headers after the sortable ones. */
  moreHeads: ReactNode;
  /** A table row's cells. */
  cells: (row: R) => ReactNode;
  /** A phone's card of the row. */
  card: (row: R) => ReactNode;
  /** What the list being empty means when no search or division narrows it. */
  emptyHint: string;
};

/**
 * The body of an admin list (spec §2, §4 Lists): division filter and search,
 * sortable table on wide screens and cards on phones, the status line instead
 * of rows, and the pager.
 */
export function AdminList<C extends string, R extends { id: number }>(p: Props<C, R>) {
  const { controls } = p;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <div className={classes.toolbar}>
          <DivisionFilter value={controls.companyIds} onChange={controls.setCompanyIds} />
          <SearchBox value={controls.search} onChange={controls.setSearch} placeholder={p.search.placeholder} aria-label={p.search['aria-label']} />
          {p.filters}
        </div>
        {p.tabs}
        <MobileSortPanel columns={p.columns} sort={controls.sort} onChange={controls.chooseSort} />
        {p.summary}
        <Table.ScrollContainer minWidth={p.minWidth} visibleFrom="sm">
          <Table verticalSpacing="sm" highlightOnHover aria-busy={p.busy}>
            <Table.Thead>
              <Table.Tr>
                {p.columns.map((column) => (
                  <SortableTh key={column.value} column={column.value} sort={controls.sort} onSort={controls.toggleSort}>
                    {column.label}
                  </SortableTh>
                ))}
                {p.moreHeads}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.rows.map((row) => (
                <Table.Tr key={row.id}>{p.cells(row)}</Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack hiddenFrom="sm" gap="sm">
          {p.rows.map((row) => (
            <div key={row.id} className={classes.card}>
              <Stack gap="xs">{p.card(row)}</Stack>
            </div>
          ))}
        </Stack>
        <ListStatus
          isPending={p.list.isPending}
          isSuccess={p.list.isSuccess}
          isError={p.list.isError}
          error={p.list.error}
          empty={p.rows.length === 0}
          filtered={controls.filter !== '' || controls.companyIds.length > 0}
          onClear={() => {
            controls.setSearch('');
            controls.setCompanyIds([]);
          }}
          emptyHint={p.emptyHint}
        />
        <ListPager
          page={controls.page}
          pageSize={p.list.data?.pageSize ?? p.pageSize}
          total={p.list.data?.total ?? 0}
          onChange={controls.setPage}
          siblings={p.pagerSiblings}
        />
      </Stack>
    </Paper>
  );
}
