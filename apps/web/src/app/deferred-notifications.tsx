import { lazy, Suspense, useEffect, useState } from 'react';
import { loadNotifications, onNotificationsRequested } from '../lib/notify.ts';
import classes from './root-layout.module.css';

const Notifications = lazy(async () => ({ default: (await loadNotifications()).Notifications }));

/**
 * The toast container. Toasts only ever answer something the person did, so
 * its code is fetched at their first key press or tap (or the first toast),
 * never as part of drawing a page (see lib/notify.ts).
 */
export function DeferredNotifications() {
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    if (mounted) return;
    const unsubscribe = onNotificationsRequested(() => setMounted(true));
    const start = () => void loadNotifications();
    const options = { once: true, passive: true, capture: true } as const;
    window.addEventListener('pointerdown', start, options);
    window.addEventListener('keydown', start, options);
    return () => {
      unsubscribe();
      window.removeEventListener('pointerdown', start, options);
      window.removeEventListener('keydown', start, options);
    };
  }, [mounted]);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" limit={3} zIndex={1000} classNames={{ root: classes.toasts }} />
    </Suspense>
  );
}
