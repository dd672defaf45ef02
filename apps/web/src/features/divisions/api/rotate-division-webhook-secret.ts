import type { WebhookWithSecret } from '@profilehub/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/companies/{id}/webhooks/{hookId}/rotate-secret: the new secret, shown this once. */
function rotateDivisionWebhookSecret({ id, hookId }: { id: number; hookId: number }): Promise<WebhookWithSecret> {
  return apiRequest(`/api/companies/${id}/webhooks/${hookId}/rotate-secret`, { method: 'POST' });
}

export function useRotateDivisionWebhookSecret() {
  return useMutation({ mutationFn: rotateDivisionWebhookSecret });
}
