import type { UsersListResponse } from '@profilehub/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { type UsersParams, usersQuery } from './users-query.ts';

/** GET /api/users: one page of the users list. */
function getUsers(p: UsersParams, signal?: AbortSignal): Promise<UsersListResponse> {
  return apiRequest<UsersListResponse>('/api/users', { query: { ...usersQuery(p), page: p.page }, signal });
}

export const usersListOptions = (p: UsersParams) =>
  queryOptions({
    queryKey: ['users', 'list', p],
    queryFn: ({ signal }) => getUsers(p, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
