import type { SuccessResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** DELETE /api/profiles/{id} (an unpublished profile); no data in the answer is spec §8's 'Unknown error'. */
export const deleteProfile = (id: number) => apiRequest<SuccessResponse | null>(`/api/profiles/${id}`, { method: 'DELETE' });
