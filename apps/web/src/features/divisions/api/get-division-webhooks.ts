import type { WebhookList } from '@profilehub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/companies/{id}/webhooks: the division's webhooks (never their secrets) and the events offered. */
function getDivisionWebhooks(id: number, signal?: AbortSignal): Promise<WebhookList> {
  return apiRequest(`/api/companies/${id}/webhooks`, { signal });
}

export const divisionWebhooksKey = (id: number) => ['divisions', 'webhooks', id] as const;

export const divisionWebhooksOptions = (id: number) =>
  queryOptions({ queryKey: divisionWebhooksKey(id), queryFn: ({ signal }) => getDivisionWebhooks(id, signal) });
