import type { PublishQuery, PublishResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** PUT /api/profiles/{id}/publish: the list's Publish Profile action (`confirm: 'declined'` once the supervisor agreed). */
export const publishProfile = (id: number, confirm?: PublishQuery['confirm']) =>
  apiRequest<PublishResponse>(`/api/profiles/${id}/publish`, { method: 'PUT', query: { confirm } });
