import { useDebouncedValue } from '@mantine/hooks';
import { LIST_SEARCH_DEBOUNCE_MS, type ListSort, nextSort } from '@profilehub/shared';
import { useCallback, useState } from 'react';

/**
 * Search, sort and page of an admin list (spec §4 Lists): the search settles
 * 1000 ms after the last key; a new search, sort or division choice returns
 * to page 0; clicking a column cycles asc → desc → none.
 */
export function useListControls<C extends string>(initialSort: ListSort<C>) {
  const [search, setSearchNow] = useState('');
  const [filter] = useDebouncedValue(search.trim(), LIST_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<ListSort<C>>(initialSort);
  const [page, setPage] = useState(0);
  const [companyIds, setCompanyIdsNow] = useState<number[]>([]);
  const [lastFilter, setLastFilter] = useState(filter);
  // A settled search is a new list: back to its first page.
  if (lastFilter !== filter) {
    setLastFilter(filter);
    setPage(0);
  }
  const toggleSort = useCallback((column: C) => {
    setSort((current) => nextSort(current, column));
    setPage(0);
  }, []);
  const chooseSort = useCallback((next: ListSort<C>) => {
    setSort(next);
    setPage(0);
  }, []);
  const setCompanyIds = useCallback((ids: number[]) => {
    setCompanyIdsNow(ids);
    setPage(0);
  }, []);
  return { search, setSearch: setSearchNow, filter, sort, toggleSort, chooseSort, page, setPage, companyIds, setCompanyIds };
}
export type ListControls<C extends string> = ReturnType<typeof useListControls<C>>;
