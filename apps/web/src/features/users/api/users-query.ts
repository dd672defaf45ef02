/** The users list's filters as the list call and its export send them. */
import type { SortOrder, UserSortColumn } from '@profilehub/shared';
import type { QueryValue } from '../../../lib/api.ts';

export type Tab = 'published' | 'unpublished' | 'all';
export type UsersParams = {
  filter: string;
  companyIds: number[];
  tab: Tab;
  sort: { orderBy: UserSortColumn; order: SortOrder } | null;
  page: number;
};

const isLive = (tab: Tab) => (tab === 'all' ? undefined : tab === 'published');

export function usersQuery(p: Omit<UsersParams, 'page'>): Record<string, QueryValue> {
  return {
    filter: p.filter || undefined,
    companyId: p.companyIds.length ? p.companyIds.join(',') : undefined,
    isLive: isLive(p.tab),
    orderBy: p.sort?.orderBy,
    order: p.sort?.order,
  };
}
