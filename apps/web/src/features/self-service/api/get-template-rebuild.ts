import type { TemplateRebuild } from '@profilehub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const rebuildFinished = (rebuild: TemplateRebuild | undefined) => rebuild?.state === 'done' || rebuild?.state === 'failed';

/** GET /api/profiles/rebuilds/:id: a template rebuild's progress, asked again every half second until it has finished. */
export const templateRebuildOptions = (id: number) =>
  queryOptions({
    queryKey: ['template-rebuild', id],
    queryFn: ({ signal }) => apiRequest<TemplateRebuild>(`/api/profiles/rebuilds/${id}`, { signal }),
    refetchInterval: (query) => (rebuildFinished(query.state.data) ? false : 500),
  });
