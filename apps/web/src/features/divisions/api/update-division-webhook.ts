import type { Webhook, WebhookPatch } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { divisionWebhooksKey } from './get-division-webhooks.ts';

/** PATCH /api/companies/{id}/webhooks/{hookId}: URL, events or on/off. */
function updateDivisionWebhook({ id, hookId, patch }: { id: number; hookId: number; patch: WebhookPatch }): Promise<Webhook> {
  return apiRequest(`/api/companies/${id}/webhooks/${hookId}`, { method: 'PATCH', body: patch });
}

export function useUpdateDivisionWebhook(id: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateDivisionWebhook, onSuccess: () => client.invalidateQueries({ queryKey: divisionWebhooksKey(id) }) });
}
