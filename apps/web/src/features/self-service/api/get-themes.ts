import type { ThemesResponse } from '@profilehub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /profile-stylings/default-themes (the theme picker). */
function getThemes(companyId: number, signal?: AbortSignal): Promise<ThemesResponse> {
  return apiRequest<ThemesResponse>('/api/profile-stylings/default-themes', { query: { companyId }, signal });
}

export const themesOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['themes', companyId],
    queryFn: ({ signal }) => getThemes(companyId, signal),
    select: (answer) => answer.data,
  });
