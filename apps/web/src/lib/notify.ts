import { messageOf } from './api.ts';

/**
 * The spec's toasts (§8) are Mantine notifications. Their code (with its
 * transition and scroll-lock helpers) is not needed to draw a page, so it is
 * fetched on the person's first interaction or at the first toast.
 */
type NotificationsModule = typeof import('@mantine/notifications');

let loading: Promise<NotificationsModule> | null = null;
const requested = new Set<() => void>();

export function loadNotifications(): Promise<NotificationsModule> {
  if (!loading) {
    loading = import('@mantine/notifications');
    for (const listener of requested) listener();
  }
  return loading;
}

/** Tells the toast container that the notifications code is on its way (see DeferredNotifications). */
export function onNotificationsRequested(listener: () => void): () => void {
  if (loading) listener();
  requested.add(listener);
  return () => requested.delete(listener);
}

function show(message: string, color: 'success' | 'error', autoClose: number): void {
  void loadNotifications().then(({ notifications }) => notifications.show({ message, color, autoClose }));
}

export function toastSuccess(message: string): void {
  show(message, 'success', 4000);
}

export function toastError(messageOrError: unknown): void {
  show(typeof messageOrError === 'string' ? messageOrError : messageOf(messageOrError), 'error', 6000);
}
