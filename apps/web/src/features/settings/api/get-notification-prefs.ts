import type { NotificationPrefs } from '@profilehub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const notificationPrefsKey = ['account', 'notifications'] as const;

/** GET /api/account/notifications: the mails the signed-in person chose to get. */
function getNotificationPrefs(signal?: AbortSignal): Promise<NotificationPrefs> {
  return apiRequest<NotificationPrefs>('/api/account/notifications', { signal });
}

const notificationPrefsQueryOptions = () => queryOptions({ queryKey: notificationPrefsKey, queryFn: ({ signal }) => getNotificationPrefs(signal) });

export function useNotificationPrefs() {
  return useQuery(notificationPrefsQueryOptions());
}
