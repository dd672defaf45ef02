import type { PublishResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** PUT /api/profiles/{id}/publish: the list's Publish Profile action. */
export const publishProfile = (id: number) => apiRequest<PublishResponse>(`/api/profiles/${id}/publish`, { method: 'PUT' });
