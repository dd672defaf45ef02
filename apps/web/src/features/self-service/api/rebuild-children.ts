import type { TemplateRebuild } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** POST /profiles/rebuild-children/{id}: queues the republish of every published child of the template (202, its progress). */
export function rebuildChildren(templateId: number): Promise<TemplateRebuild> {
  return apiRequest<TemplateRebuild>(`/api/profiles/rebuild-children/${templateId}`, { method: 'POST' });
}
