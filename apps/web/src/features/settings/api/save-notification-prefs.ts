import type { NotificationPrefs, NotificationPrefsResponse } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { notificationPrefsKey } from './get-notification-prefs.ts';

/** PUT /api/account/notifications: saves all three choices at once. */
function saveNotificationPrefs(prefs: NotificationPrefs): Promise<NotificationPrefsResponse> {
  return apiRequest<NotificationPrefsResponse>('/api/account/notifications', { method: 'PUT', body: prefs });
}

export function useSaveNotificationPrefs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPrefs,
    onSuccess: (res) => client.setQueryData(notificationPrefsKey, res.prefs),
  });
}
