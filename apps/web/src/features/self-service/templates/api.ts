/**
 * The template editor's calls (spec §7): permission records and the rebuild of
 * a template's published children.
 */
import type { PermissionEntry } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

export type PermissionKind = 'child' | 'master';
export type PermissionRecordAnswer = {
  success: true;
  data: { id: number; profileId: number; kind: PermissionKind; title: string; permissions: PermissionEntry[] };
};

/** POST /permissions {data:{permissions, title, profileId, kind}}: the template's first record of that kind. */
export function createPermissionRecord(input: {
  profileId: number;
  kind: PermissionKind;
  title: string;
  permissions: PermissionEntry[];
}): Promise<PermissionRecordAnswer> {
  return apiRequest('/api/permissions', { method: 'POST', body: { data: input } });
}

/** PUT /permissions/{id} {data:{permissions}}. */
export function updatePermissionRecord(id: number, permissions: PermissionEntry[]): Promise<PermissionRecordAnswer> {
  return apiRequest(`/api/permissions/${id}`, { method: 'PUT', body: { data: { permissions } } });
}

/** Reset: DELETE /permissions/{id}/entries clears the record's list. */
export function resetPermissionRecord(id: number): Promise<PermissionRecordAnswer> {
  return apiRequest(`/api/permissions/${id}/entries`, { method: 'DELETE' });
}

/** POST /profiles/rebuild-children/{id}: republish every published child of the template. */
export function rebuildChildren(templateId: number): Promise<{ success: true; total: number; rebuilt: number; failed: number }> {
  return apiRequest(`/api/profiles/rebuild-children/${templateId}`, { method: 'POST' });
}
