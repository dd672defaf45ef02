import type { PermissionRecordResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** Reset: DELETE /permissions/{id}/entries clears the record's list. */
export function resetPermissionRecord(id: number): Promise<PermissionRecordResponse> {
  return apiRequest<PermissionRecordResponse>(`/api/permissions/${id}/entries`, { method: 'DELETE' });
}
