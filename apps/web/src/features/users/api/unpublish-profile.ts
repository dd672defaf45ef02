import type { SuccessResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** PUT /api/profiles/{id}/unpublish; no data in the answer is spec §8's 'Unknown error'. */
export const unpublishProfile = (id: number) => apiRequest<SuccessResponse | null>(`/api/profiles/${id}/unpublish`, { method: 'PUT' });
