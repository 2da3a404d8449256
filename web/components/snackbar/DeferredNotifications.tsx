import { lazy, Suspense, useEffect, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

const NotificationsHost = lazy(async () => ({
  default: (await import('./NotificationsHost')).NotificationsHost,
}));

/**
 * Mantine's snackbar container (with its transitions, drag-to-dismiss and scroll lock) is not on
 * the critical path: it loads once the first screen is up (browser idle), or at once when a
 * snackbar is shown before then. Snackbars shown meanwhile wait in the store and appear with it.
 */
export function DeferredNotifications() {
  const pending = useNotifications().notifications.length > 0;
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), 500);
    return () => window.clearTimeout(id);
  }, []);
  if (!idle && !pending) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
