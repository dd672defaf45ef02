import type { WebhookInput, WebhookWithSecret } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { divisionWebhooksKey } from './get-division-webhooks.ts';

/** POST /api/companies/{id}/webhooks: the answer holds the signing secret, shown this once. */
function createDivisionWebhook({ id, input }: { id: number; input: WebhookInput }): Promise<WebhookWithSecret> {
  return apiRequest(`/api/companies/${id}/webhooks`, { method: 'POST', body: input });
}

export function useCreateDivisionWebhook(id: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: createDivisionWebhook, onSuccess: () => client.invalidateQueries({ queryKey: divisionWebhooksKey(id) }) });
}
