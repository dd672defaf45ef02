import type { RebuildChildrenResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** POST /profiles/rebuild-children/{id}: republish every published child of the template. */
export function rebuildChildren(templateId: number): Promise<RebuildChildrenResponse> {
  return apiRequest<RebuildChildrenResponse>(`/api/profiles/rebuild-children/${templateId}`, { method: 'POST' });
}
