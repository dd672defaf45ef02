import type { DayRange, ViewSourcesResponse } from '@profilehub/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../../../lib/api.ts';
import { rangeQuery, type StatsScope, scopeQuery } from './stats-query.ts';

/** GET /api/reports/view-sources: where the views of the scope and range came from. */
function getViewSources(query: Record<string, QueryValue>, signal?: AbortSignal): Promise<ViewSourcesResponse> {
  return apiRequest<ViewSourcesResponse>('/api/reports/view-sources', { query, signal });
}

export const viewSourcesOptions = (scope: StatsScope, range: DayRange) =>
  queryOptions({
    queryKey: ['reports', 'view-sources', scope, range],
    queryFn: ({ signal }) => getViewSources({ ...scopeQuery(scope), ...rangeQuery(range) }, signal),
    placeholderData: keepPreviousData,
  });
