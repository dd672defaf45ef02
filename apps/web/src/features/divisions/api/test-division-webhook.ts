import type { SuccessResponse } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { divisionWebhookDeliveriesKey } from './get-division-webhook-deliveries.ts';

/** POST /api/companies/{id}/webhooks/{hookId}/test: queues a webhook.test event. */
function testDivisionWebhook({ id, hookId }: { id: number; hookId: number }): Promise<SuccessResponse> {
  return apiRequest(`/api/companies/${id}/webhooks/${hookId}/test`, { method: 'POST' });
}

export function useTestDivisionWebhook(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: testDivisionWebhook,
    onSuccess: (_, { hookId }) => client.invalidateQueries({ queryKey: divisionWebhookDeliveriesKey(id, hookId) }),
  });
}
