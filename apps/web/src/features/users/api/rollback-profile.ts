import type { RollbackResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/profiles/{id}/rollback: the previously published version back on the page and in the editor. */
export const rollbackProfile = (id: number) => apiRequest<RollbackResponse>(`/api/profiles/${id}/rollback`, { method: 'POST' });
