import { Notifications } from '@mantine/notifications';
import { SNACKBAR_POSITION } from './snackbar';
import { useSnackbarBottom } from './snackbarClearance';
import { SNACKBAR_WIDTH } from './snackbarPlace';
import classes from './NotificationsHost.module.css';

/**
 * Mantine's snackbar container, where every snackbar goes: clear of the pages' main actions, and
 * above the controls floating at the window's foot.
 */
export function NotificationsHost() {
  const bottom = useSnackbarBottom();
  return (
    <Notifications
      position={SNACKBAR_POSITION}
      zIndex={1000}
      limit={4}
      containerWidth={SNACKBAR_WIDTH}
      classNames={{ root: classes.host }}
      style={{ '--snackbar-bottom': `${bottom}px` }}
    />
  );
}
