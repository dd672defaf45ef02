/**
 * The users list's calls (spec §7 profile list fetch, Excel data, profile
 * publish / unpublish / delete, rollback) as fetchers and query options.
 */
import { DEFAULT_ERROR_MESSAGE, errorMessageOf, type InviteDivision, type SortOrder, type UserSortColumn, type UsersListResponse } from '@profilehub/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, buildUrl, type QueryValue } from '../../../lib/api.ts';
import { getToken } from '../../../lib/session.ts';

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

/** GET /api/users. */
export const usersListOptions = (p: UsersParams) =>
  queryOptions({
    queryKey: ['users', 'list', p],
    queryFn: ({ signal }) => apiRequest<UsersListResponse>('/api/users', { query: { ...usersQuery(p), page: p.page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** GET /api/users/divisions: the caller's divisions (a superadmin's first 100, or those matching `filter`). */
export const divisionsOptions = (filter = '', limit = 100) =>
  queryOptions({
    queryKey: ['users', 'divisions', filter, limit],
    queryFn: async ({ signal }): Promise<InviteDivision[]> =>
      (await apiRequest<{ data: InviteDivision[] }>('/api/users/divisions', { query: { filter: filter || undefined, limit }, signal })).data,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

/** Downloads an authenticated file answer under the name the server gives it. */
export async function downloadFile(path: string, query: Record<string, QueryValue>, fallbackName: string): Promise<void> {
  const token = getToken();
  const response = await fetch(buildUrl(path, query), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, body ? errorMessageOf(body) : DEFAULT_ERROR_MESSAGE, body);
  }
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = encoded ? decodeURIComponent(encoded) : fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /api/users/export: the filtered list (every page) as .xlsx or .csv. */
export const exportUsers = (p: Omit<UsersParams, 'page'>, format: 'xlsx' | 'csv') =>
  downloadFile('/api/users/export', { ...usersQuery(p), format }, `Users.${format}`);

export const publishProfile = (id: number) => apiRequest<{ success: true }>(`/api/profiles/${id}/publish`, { method: 'PUT' });
export const unpublishProfile = (id: number) => apiRequest<{ success: true } | null>(`/api/profiles/${id}/unpublish`, { method: 'PUT' });
export const deleteProfile = (id: number) => apiRequest<{ success: true } | null>(`/api/profiles/${id}`, { method: 'DELETE' });
export const rollbackProfile = (id: number) => apiRequest<{ success: true; message: string }>(`/api/profiles/${id}/rollback`, { method: 'POST' });
