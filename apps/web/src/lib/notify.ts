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

/**
 * A toast answers something done on one screen, so leaving the screen closes it (issue
 * #25: old toasts stayed over the next screen). A toast raised just before a navigation
 * it announces ('Logged in successfully!') says `forNextScreen`: it travels with that one
 * navigation and belongs to the screen it arrives on.
 */
type Toast = { forNextScreen: boolean; left: boolean; id?: string };
const open = new Set<Toast>();

export type ToastOptions = { forNextScreen?: boolean };

function show(message: string, color: 'success' | 'error', autoClose: number, options: ToastOptions): void {
  const toast: Toast = { forNextScreen: options.forNextScreen === true, left: false };
  open.add(toast);
  void loadNotifications().then(({ notifications }) => {
    // Its screen was left while the toast code was still on its way.
    if (toast.left) return;
    toast.id = notifications.show({ message, color, autoClose, onClose: () => open.delete(toast) });
  });
}

/** Another screen is shown (the route runtime calls this): the toasts of the screen left close. */
export function leaveScreen(): void {
  for (const toast of open) {
    if (toast.forNextScreen) {
      toast.forNextScreen = false;
      continue;
    }
    toast.left = true;
    open.delete(toast);
    const { id } = toast;
    if (id) void loadNotifications().then(({ notifications }) => notifications.hide(id));
  }
}

export function toastSuccess(message: string, options: ToastOptions = {}): void {
  show(message, 'success', 4000, options);
}

export function toastError(messageOrError: unknown, options: ToastOptions = {}): void {
  show(typeof messageOrError === 'string' ? messageOrError : messageOf(messageOrError), 'error', 6000, options);
}
