import { Skeleton, Stack } from '@mantine/core';
import { useNotificationsPreferences } from '../api/notificationsPreferences';
import { LoadError } from '@web/components/page/LoadError';
import { NotificationsForm } from './NotificationsForm';

/** The Notifications tab: loads the preferences, then edits them. */
export function NotificationsSection() {
  const prefs = useNotificationsPreferences();
  if (prefs.isPending) {
    return (
      <Stack gap="md" data-testid="notifications-loading">
        <Skeleton height={56} radius="md" />
        <Skeleton height={320} radius="lg" />
      </Stack>
    );
  }
  if (prefs.isError) return <LoadError onRetry={() => void prefs.refetch()} />;
  return <NotificationsForm key={prefs.dataUpdatedAt} prefs={prefs.data} />;
}
