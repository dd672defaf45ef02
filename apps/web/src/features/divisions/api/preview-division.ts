import type { CompanyPreviewInput, CompanyPreviewResult } from '@profilehub/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/companies/{id}/preview: the sign-in page and a sample public page with unsaved settings (nothing is stored). */
function previewDivision(id: number, input: CompanyPreviewInput, signal?: AbortSignal): Promise<CompanyPreviewResult> {
  return apiRequest(`/api/companies/${id}/preview`, { method: 'POST', body: input, signal });
}

/** The preview of these settings; the last one stays on screen while the next renders. */
export const divisionPreviewOptions = (id: number, input: CompanyPreviewInput) =>
  queryOptions({
    queryKey: ['divisions', 'preview', id, input],
    queryFn: ({ signal }) => previewDivision(id, input, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
