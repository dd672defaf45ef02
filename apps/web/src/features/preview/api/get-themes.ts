import type { ThemesResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/profile-stylings/default-themes?companyId=: the themes the preview link may name. */
export function getThemes(companyId: number, signal?: AbortSignal): Promise<ThemesResponse> {
  return apiRequest<ThemesResponse>('/api/profile-stylings/default-themes', { query: { companyId }, signal });
}
