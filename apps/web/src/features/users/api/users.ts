/**
 * The users list's calls (spec §7 profile list fetch, Excel data, profile
 * publish / unpublish / delete, rollback) as fetchers and query options.
 */
import type { SortOrder, UserSortColumn, UsersListResponse } from '@profilehub/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';

export type Tab = 'published' | 'unpublished' | 'all';
export type UsersParams = {
  filter: string;
  companyIds: number[];
  tab: Tab;
  sort: { orderBy: UserSortColumn; order: SortOrder } | null;
  page: number;
};

const isLive = (tab: Tab) => (tab === 'all' ? undefined : tab === 'published');

function usersQuery(p: Omit<UsersParams, 'page'>): Record<string, QueryValue> {
  return {
    filter: p.filter || undefined,
    companyId: p.companyIds.length ? p.companyIds.join(',') : undefined,
    isLive: isLive(p.tab),
    orderBy: p.sort?.orderBy,
    order: p.sort?.order,
  };
}

/** GET /api/users. */
export const usersListOptions = (p: UsersParams) =>
  queryOptions({
    queryKey: ['users', 'list', p],
    queryFn: ({ signal }) => apiRequest<UsersListResponse>('/api/users', { query: { ...usersQuery(p), page: p.page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** GET /api/users/export: the filtered list (every page) as .xlsx or .csv. */
export const exportUsers = (p: Omit<UsersParams, 'page'>, format: 'xlsx' | 'csv') =>
  downloadFile('/api/users/export', { ...usersQuery(p), format }, `Users.${format}`);

export const publishProfile = (id: number) => apiRequest<{ success: true }>(`/api/profiles/${id}/publish`, { method: 'PUT' });
export const unpublishProfile = (id: number) => apiRequest<{ success: true } | null>(`/api/profiles/${id}/unpublish`, { method: 'PUT' });
export const deleteProfile = (id: number) => apiRequest<{ success: true } | null>(`/api/profiles/${id}`, { method: 'DELETE' });
export const rollbackProfile = (id: number) => apiRequest<{ success: true; message: string }>(`/api/profiles/${id}/rollback`, { method: 'POST' });
