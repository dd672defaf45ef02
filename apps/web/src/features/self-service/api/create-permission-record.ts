import type { PermissionEntry, PermissionKind, PermissionRecordResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** POST /permissions {data:{permissions, title, profileId, kind}}: the template's first record of that kind. */
export function createPermissionRecord(input: {
  profileId: number;
  kind: PermissionKind;
  title: string;
  permissions: PermissionEntry[];
}): Promise<PermissionRecordResponse> {
  return apiRequest<PermissionRecordResponse>('/api/permissions', { method: 'POST', body: { data: input } });
}
