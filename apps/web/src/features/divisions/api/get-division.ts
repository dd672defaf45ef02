import type { CompanyConsoleRow } from '@profilehub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/companies/console/{id}: one division with every setting. */
function getDivision(id: number, signal?: AbortSignal): Promise<CompanyConsoleRow> {
  return apiRequest(`/api/companies/console/${id}`, { signal });
}

export const divisionOptions = (id: number) => queryOptions({ queryKey: ['divisions', 'one', id], queryFn: ({ signal }) => getDivision(id, signal) });
