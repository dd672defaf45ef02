import type { SuccessResponse } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { divisionWebhooksKey } from './get-division-webhooks.ts';

/** DELETE /api/companies/{id}/webhooks/{hookId}: the webhook and its delivery log. */
function deleteDivisionWebhook({ id, hookId }: { id: number; hookId: number }): Promise<SuccessResponse> {
  return apiRequest(`/api/companies/${id}/webhooks/${hookId}`, { method: 'DELETE' });
}

export function useDeleteDivisionWebhook(id: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteDivisionWebhook, onSuccess: () => client.invalidateQueries({ queryKey: divisionWebhooksKey(id) }) });
}
