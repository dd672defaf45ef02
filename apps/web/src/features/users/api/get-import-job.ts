import type { ImportJob } from '@profilehub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

const finished = (job: ImportJob | undefined) => job?.state === 'done' || job?.state === 'failed';

/** GET /api/users/import/:id: a running import's progress, asked again every half second until it has finished. */
export const importJobOptions = (id: number) =>
  queryOptions({
    queryKey: ['import-job', id],
    queryFn: ({ signal }) => apiRequest<ImportJob>(`/api/users/import/${id}`, { signal }),
    refetchInterval: (query) => (finished(query.state.data) ? false : 500),
  });
