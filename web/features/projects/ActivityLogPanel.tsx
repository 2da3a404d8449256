import { Button, Center, Drawer, Group, Skeleton, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconHistory, IconSettingsAutomation } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ActivityLog } from '@common/api/projects';
import { useActivityLogs } from '@web/features/projects/api/activity';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { LoadError } from '@web/components/page/LoadError';
import { GuestMark } from '@web/components/GuestMark/GuestMark';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import { activityActor } from './activityActor';
import { activityTime } from './activityTime';
import type { ProjectModalProps } from '@web/components/modal/ProjectModal';

export const ACTIVITY_TEXTS = {
  title: 'Activity',
  emptyTitle: 'No activity yet',
  emptyBody:
    'Changes to the project, its folders, its people and its link will be listed here as they happen.',
} as const;

/** The sentence with who did it in bold, when it starts with their name; a guest's with the 'Guest' mark. */
function ActivitySentence({ entry }: { entry: ActivityLog }) {
  const who = activityActor(entry);
  if (!who) return entry.text;
  return (
    <>
      <Text span fw={600} inherit>
        {who.name}
      </Text>
      {who.isGuest && (
        <>
          {' '}
          <GuestMark />
        </>
      )}
      {who.rest}
    </>
  );
}

function ActivityEntry({ entry }: { entry: ActivityLog }) {
  const who = activityActor(entry);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="activity-entry">
      {entry.user ? (
        <UserAvatar user={entry.user} size={32} radius="xl" />
      ) : who?.isGuest ? (
        <UserAvatar user={{ name: who.name, avatar: null }} size={32} radius="xl" />
      ) : (
        <ThemeIcon size={32} radius="xl" variant="light" color="gray">
          <IconSettingsAutomation size={16} />
        </ThemeIcon>
      )}
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" lh={1.45} style={{ wordBreak: 'break-word' }}>
          <ActivitySentence entry={entry} />
        </Text>
        <Tooltip label={dayjs(entry.created_at).format('MM/DD/YYYY HH:mm')} withArrow openDelay={300}>
          <Text size="xs" c="dimmed" mt={2} w="fit-content">
            {activityTime(entry.created_at)}
          </Text>
        </Tooltip>
      </div>
    </Group>
  );
}

function ActivityList({ projectId }: { projectId: number }) {
  const logs = useActivityLogs(projectId);
  if (logs.isPending)
    return (
      <Stack gap="lg" data-testid="activity-loading">
        {[0, 1, 2, 3].map((n) => (
          <Group key={n} gap="sm" wrap="nowrap">
            <Skeleton circle height={32} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={10} width="90%" />
              <Skeleton height={8} width="30%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  if (logs.isError) return <LoadError onRetry={() => void logs.refetch()} />;
  const entries = logs.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0)
    return (
      <EmptyPanel
        testId="activity-empty"
        icon={<IconHistory size={26} />}
        title={ACTIVITY_TEXTS.emptyTitle}
        description={ACTIVITY_TEXTS.emptyBody}
      />
    );
  return (
    <Stack gap="lg" data-testid="activity-list">
      {entries.map((entry) => (
        <ActivityEntry key={entry.id} entry={entry} />
      ))}
      {logs.hasNextPage && (
        <Center>
          <Button
            variant="default"
            loading={logs.isFetchingNextPage}
            onClick={() => void logs.fetchNextPage()}
          >
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}

/** The project's activity log (projects-side §1): newest first, page after page. */
export function ActivityLogPanel({ projectId, opened, onClose }: ProjectModalProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={440}
      padding="xl"
      title={
        <Text fw={650} size="lg">
          {ACTIVITY_TEXTS.title}
        </Text>
      }
      overlayProps={{ backgroundOpacity: 0.25 }}
    >
      <div data-testid="activity-panel">
        <ActivityList projectId={projectId} />
      </div>
    </Drawer>
  );
}
