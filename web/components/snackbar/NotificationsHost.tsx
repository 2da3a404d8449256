import { Notifications } from '@mantine/notifications';

/** Mantine's snackbar container as the app places it; loaded lazily by DeferredNotifications. */
export function NotificationsHost() {
  return <Notifications position="top-right" zIndex={1000} limit={4} />;
}
