import type { WebhookDeliveryPage } from '@profilehub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/companies/{id}/webhooks/{hookId}/deliveries: the delivery log, newest first. */
function getDivisionWebhookDeliveries(id: number, hookId: number, page: number, signal?: AbortSignal): Promise<WebhookDeliveryPage> {
  return apiRequest(`/api/companies/${id}/webhooks/${hookId}/deliveries?page=${page}&pageSize=10`, { signal });
}

export const divisionWebhookDeliveriesKey = (id: number, hookId: number) => ['divisions', 'webhooks', id, 'deliveries', hookId] as const;

export const divisionWebhookDeliveriesOptions = (id: number, hookId: number, page: number) =>
  queryOptions({
    queryKey: [...divisionWebhookDeliveriesKey(id, hookId), page],
    queryFn: ({ signal }) => getDivisionWebhookDeliveries(id, hookId, page, signal),
    // Deliveries go on in the background (retries): the log refreshes while it is open.
    refetchInterval: 5000,
  });
