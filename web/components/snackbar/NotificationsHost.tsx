import { Notifications } from '@mantine/notifications';
import { SNACKBAR_POSITION } from './snackbar';

/** Mantine's snackbar container, where every snackbar goes (clear of the pages' main actions). */
export function NotificationsHost() {
  return <Notifications position={SNACKBAR_POSITION} zIndex={1000} limit={4} />;
}
