import type { TemplateSortColumn, TemplatesListResponse } from '@profilehub/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ListParams, listQuery } from '../../../components/list/list-query.ts';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/templates: one page of the templates list. */
function getTemplates(p: ListParams<TemplateSortColumn>, signal?: AbortSignal): Promise<TemplatesListResponse> {
  return apiRequest<TemplatesListResponse>('/api/templates', { query: listQuery(p), signal });
}

export const templatesOptions = (p: ListParams<TemplateSortColumn>) =>
  queryOptions({
    queryKey: ['templates', 'list', p],
    queryFn: ({ signal }) => getTemplates(p, signal),
    placeholderData: keepPreviousData,
  });
