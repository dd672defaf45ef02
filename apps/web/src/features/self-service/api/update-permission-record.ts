import type { PermissionEntry, PermissionRecordResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** PUT /permissions/{id} {data:{permissions}}. */
export function updatePermissionRecord(id: number, permissions: PermissionEntry[]): Promise<PermissionRecordResponse> {
  return apiRequest<PermissionRecordResponse>(`/api/permissions/${id}`, { method: 'PUT', body: { data: { permissions } } });
}
