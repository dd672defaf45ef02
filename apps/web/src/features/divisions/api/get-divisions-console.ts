import type { CompanyConsoleList } from '@profilehub/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export type DivisionsConsoleParams = { search: string; page: number; pageSize: number };

/** GET /api/companies/console: one page of every division (superadmin). */
function getDivisionsConsole(p: DivisionsConsoleParams, signal?: AbortSignal): Promise<CompanyConsoleList> {
  return apiRequest('/api/companies/console', { query: { search: p.search || undefined, page: p.page, pageSize: p.pageSize }, signal });
}

export const divisionsConsoleOptions = (p: DivisionsConsoleParams) =>
  queryOptions({
    queryKey: ['divisions', 'console', p],
    queryFn: ({ signal }) => getDivisionsConsole(p, signal),
    placeholderData: keepPreviousData,
  });
