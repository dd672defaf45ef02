import type { DayRange, LeadFormsResponse } from '@profilehub/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { rangeQuery, type StatsScope, scopeQuery } from './stats-query.ts';

/** GET /api/reports/lead-forms. A failed fetch leaves the card empty (spec §8). */
function getLeadForms(scope: StatsScope, range: DayRange, signal?: AbortSignal): Promise<LeadFormsResponse> {
  return apiRequest<LeadFormsResponse>('/api/reports/lead-forms', { query: { ...scopeQuery(scope), ...rangeQuery(range) }, signal });
}

export const leadFormsOptions = (scope: StatsScope, range: DayRange) =>
  queryOptions({
    queryKey: ['reports', 'lead-forms', scope, range],
    queryFn: ({ signal }) => getLeadForms(scope, range, signal),
    placeholderData: keepPreviousData,
  });
