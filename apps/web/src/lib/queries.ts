import type { Me } from '@profilehub/shared';
import { QueryClient, queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { cachedUserUpdatedAt, fetchMe, getCachedUser, subscribeUser } from './auth.ts';

/**
 * TanStack Query for the dashboard. Only the lazily loaded dashboard imports
 * this module, so the account screens (sign-in, register, password) never
 * download the query library; they talk to the API with plain calls.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // 4xx answers will not change on a retry; network blips and 5xx might.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});

export const ME_QUERY_KEY = ['me'] as const;

/** `['me']`, seeded from the cache the route guards fill (lib/auth.ts); a refetch writes back to it. */
const meQueryOptions = () =>
  queryOptions({
    queryKey: ME_QUERY_KEY,
    // No abort signal on purpose: a component unmounting must not cancel a fetch a route guard awaits.
    queryFn: () => fetchMe(),
    initialData: getCachedUser,
    initialDataUpdatedAt: cachedUserUpdatedAt,
    staleTime: 5 * 60_000,
    retry: false,
  });

// Sign-in answers, a new password and sign-out change the cached user; the query follows.
// A different person (or none) means nothing cached so far is theirs.
let seeded: Me | undefined = getCachedUser();
subscribeUser(() => {
  const me = getCachedUser();
  if (me === seeded) return;
  if (!me || (seeded && seeded.id !== me.id)) queryClient.clear();
  seeded = me;
  if (me && queryClient.getQueryData(ME_QUERY_KEY) !== me) queryClient.setQueryData(ME_QUERY_KEY, me, { updatedAt: cachedUserUpdatedAt() });
});

/** The user inside the dashboard, where the route guard has already loaded it. */
export function useCurrentUser(): Me {
  return useSuspenseQuery(meQueryOptions()).data;
}
