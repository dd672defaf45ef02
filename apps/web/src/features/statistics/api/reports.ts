/**
 * The statistics page's calls (spec §7 /reports/query/*, /reports/lead-forms): one
 * fetcher and query options each. The division filter is the admin lists' own.
 */
import type { DayRange, LeadFormsResponse, QueryReport, ReportOverview, ReportResponse } from '@profilehub/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';

/** Who the page is about: a profile, or divisions (none picked = all the caller may see). */
export type StatsScope = { profileId?: number | undefined; companyIds?: number[] | undefined };

const scopeQuery = (scope: StatsScope): Record<string, QueryValue> => ({
  profileId: scope.profileId,
  companyId: scope.companyIds?.length ? scope.companyIds.join(',') : undefined,
});
const rangeQuery = (range: DayRange): Record<string, QueryValue> => ({ start: range.start ?? undefined, end: range.end });

/** GET /api/reports/query/{report}. */
export const reportOptions = (report: QueryReport, scope: StatsScope, range: DayRange, extra: Record<string, QueryValue> = {}) =>
  queryOptions({
    queryKey: ['reports', report, scope, range, extra],
    queryFn: ({ signal }) =>
      apiRequest<ReportResponse>(`/api/reports/query/${report}`, { query: { ...scopeQuery(scope), ...rangeQuery(range), ...extra }, signal }),
    // Changing the range keeps the old numbers on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

/** GET /api/reports/overview: the title's name and picture, and how many profiles are in view. */
export const overviewOptions = (scope: StatsScope) =>
  queryOptions({
    queryKey: ['reports', 'overview', scope],
    queryFn: ({ signal }) => apiRequest<ReportOverview>('/api/reports/overview', { query: scopeQuery(scope), signal }),
  });

/** GET /api/reports/lead-forms. A failed fetch leaves the card empty (spec §8). */
export const leadFormsOptions = (scope: StatsScope, range: DayRange) =>
  queryOptions({
    queryKey: ['reports', 'lead-forms', scope, range],
    queryFn: ({ signal }) => apiRequest<LeadFormsResponse>('/api/reports/lead-forms', { query: { ...scopeQuery(scope), ...rangeQuery(range) }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/reports/lead-forms?format=xlsx: the lead-form spreadsheet, under the name the server gives it. */
export const downloadLeadForms = (scope: StatsScope, range: DayRange) =>
  downloadFile('/api/reports/lead-forms', { ...scopeQuery(scope), ...rangeQuery(range), format: 'xlsx' }, 'Lead form submissions.xlsx');
