import type { TrainingVideo } from '@profilehub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/companies/training-video/{companyId}; a failure is only logged (spec §8). */
async function getTrainingVideo(companyId: number, signal?: AbortSignal): Promise<TrainingVideo> {
  try {
    return await apiRequest<TrainingVideo>(`/api/companies/training-video/${companyId}`, { signal });
  } catch (error) {
    console.warn('Training video unavailable', error);
    return { success: false, url: null };
  }
}

const trainingVideoQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['training-video', companyId],
    queryFn: ({ signal }) => getTrainingVideo(companyId, signal),
    staleTime: 10 * 60_000,
  });

/** Only users see the Training Video item, so only they ask for it. */
export function useTrainingVideo(companyId: number | undefined, enabled: boolean) {
  return useQuery({ ...trainingVideoQueryOptions(companyId ?? 0), enabled: enabled && companyId !== undefined });
}
