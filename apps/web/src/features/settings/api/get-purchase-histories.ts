import type { PurchaseHistory } from '@profilehub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/purchase-histories?_where[user.id]={userId}: the person's payments, newest first. */
function getPurchaseHistories(userId: number, signal?: AbortSignal): Promise<PurchaseHistory[]> {
  return apiRequest<PurchaseHistory[]>('/api/purchase-histories', { query: { '_where[user.id]': userId }, signal });
}

const purchaseHistoriesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['purchase-histories', userId],
    queryFn: ({ signal }) => getPurchaseHistories(userId, signal),
  });

export function usePurchaseHistories(userId: number) {
  return useQuery(purchaseHistoriesQueryOptions(userId));
}
