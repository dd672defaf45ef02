import type { NotificationPrefs } from '@profilehub/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

const key = ['account', 'notifications'] as const;

/** GET /api/account/notifications: the mails the signed-in person chose to get. */
function getNotificationPrefs(signal?: AbortSignal): Promise<NotificationPrefs> {
  return apiRequest<NotificationPrefs>('/api/account/notifications', { signal });
}

const notificationPrefsQueryOptions = () => queryOptions({ queryKey: key, queryFn: ({ signal }) => getNotificationPrefs(signal) });

export function useNotificationPrefs() {
  return useQuery(notificationPrefsQueryOptions());
}

/** PUT /api/account/notifications: saves all three choices at once. */
function saveNotificationPrefs(prefs: NotificationPrefs) {
  return apiRequest<{ success: true; message: string; prefs: NotificationPrefs }>('/api/account/notifications', { method: 'PUT', body: prefs });
}

export function useSaveNotificationPrefs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPrefs,
    onSuccess: (res) => client.setQueryData(key, res.prefs),
  });
}
