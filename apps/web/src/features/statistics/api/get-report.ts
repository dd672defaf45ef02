import type { DayRange, QueryReport, ReportResponse } from '@profilehub/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../../../lib/api.ts';
import { rangeQuery, type StatsScope, scopeQuery } from './stats-query.ts';

/** GET /api/reports/query/{report}. */
function getReport(report: QueryReport, query: Record<string, QueryValue>, signal?: AbortSignal): Promise<ReportResponse> {
  return apiRequest<ReportResponse>(`/api/reports/query/${report}`, { query, signal });
}

export const reportOptions = (report: QueryReport, scope: StatsScope, range: DayRange, extra: Record<string, QueryValue> = {}) =>
  queryOptions({
    queryKey: ['reports', report, scope, range, extra],
    queryFn: ({ signal }) => getReport(report, { ...scopeQuery(scope), ...rangeQuery(range), ...extra }, signal),
    // Changing the range keeps the old numbers on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
