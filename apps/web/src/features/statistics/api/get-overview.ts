import type { ReportOverview } from '@profilehub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { type StatsScope, scopeQuery } from './stats-query.ts';

/** GET /api/reports/overview: the title's name and picture, and how many profiles are in view. */
function getOverview(scope: StatsScope, signal?: AbortSignal): Promise<ReportOverview> {
  return apiRequest<ReportOverview>('/api/reports/overview', { query: scopeQuery(scope), signal });
}

export const overviewOptions = (scope: StatsScope) =>
  queryOptions({
    queryKey: ['reports', 'overview', scope],
    queryFn: ({ signal }) => getOverview(scope, signal),
  });
