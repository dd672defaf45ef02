/** GET /api/users/divisions: the divisions an admin list filters by and the invite dialog offers. */
import type { InviteDivision, InviteDivisionsResponse } from '@profilehub/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

/** The caller's divisions (a superadmin's first 100, or those matching `filter`). */
async function getDivisions(filter: string, limit: number, signal?: AbortSignal): Promise<InviteDivision[]> {
  return (await apiRequest<InviteDivisionsResponse>('/api/users/divisions', { query: { filter: filter || undefined, limit }, signal })).data;
}

export const divisionsOptions = (filter = '', limit = 100) =>
  queryOptions({
    queryKey: ['users', 'divisions', filter, limit],
    queryFn: ({ signal }) => getDivisions(filter, limit, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
