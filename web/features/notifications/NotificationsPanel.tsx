import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, Drawer, Select, Switch, Text, Tooltip } from '@mantine/core';
import { IconBell, IconBellOff, IconChecks, IconLock } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import {
  NOTIFICATION_TEXTS,
  PANEL_OPEN_DELAY_MS,
  suspendedText,
  type Notification,
  type NotificationKind,
} from '@common/api/notifications';
import type { Project } from '@common/api/projects';
import { NotificationsSection, useSignedInUser } from '@web/features/account';
import { useProjectList, type ProjectListParams } from '@web/features/projects';
import { LoadError } from '@web/components/page/LoadError';
import { snackbar } from '@web/components/snackbar/snackbar';
import {
  useMarkNotificationsRead,
  useMuteProject,
  useOpenNotification,
  usePinNotification,
  useProjectNotifications,
} from './api/notifications';
import { NotificationItem } from './NotificationItem';
import { openingProject } from './notificationPages';
import { EmptyList, ListSkeleton, NotificationList } from './NotificationList';
import { ALL_FILTER, FILTER_OPTIONS, PANEL_TEXTS } from './notificationTexts';
import { LIST_PANEL_ID, ProjectStrip, STRIP_TAB_ID } from './ProjectStrip';
import classes from './Notifications.module.css';

/** The strip lists the user's active projects, the most recently active first. */
const STRIP_PARAMS: ProjectListParams = {
  sort_by: 'last_activity_at',
  sort_order: 'desc',
  filters: {},
  q: '',
};
/** The slide: in after the open delay of §9, out before the panel is removed. */
const SLIDE_MS = 220;

function ProjectNotifications({
  project,
  userId,
  onOpenItem,
}: {
  project: Project;
  userId: number;
  onOpenItem: (notification: Notification) => void;
}) {
  const [filter, setFilter] = useState<NotificationKind | null>(null);
  const [pinnedFirst, setPinnedFirst] = useState(false);
  const list = useProjectNotifications(project.id, { filter, pinnedFirst });
  const pin = usePinNotification();
  const mute = useMuteProject();
  const markAll = useMarkNotificationsRead();
  const suspended = suspendedText(project.workspace, userId);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const onPin = useCallback(
    (notification: Notification, pinned: boolean) =>
      pin.mutate({ notification, pinned }, { onError: () => snackbar.error() }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mutate is stable
    [pin.mutate],
  );
  const renderItem = useCallback(
    (notification: Notification) => (
      <NotificationItem notification={notification} onOpen={onOpenItem} onPin={onPin} />
    ),
    [onOpenItem, onPin],
  );
  const muted = project.notifications_muted;

  let body;
  if (list.isError)
    body = (
      <div className={classes.state}>
        <LoadError onRetry={() => void list.refetch()} />
      </div>
    );
  else if (list.isPending) body = <ListSkeleton />;
  else if (items.length === 0)
    body = <EmptyList text={filter === null ? NOTIFICATION_TEXTS.empty : NOTIFICATION_TEXTS.emptyFiltered} />;
  else
    body = (
      <NotificationList
        items={items}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        loadMore={loadMore}
        renderItem={renderItem}
        label={NOTIFICATION_TEXTS.panelTitle(project.name)}
      />
    );

  return (
    <>
      <div className={classes.tools}>
        <Select
          size="sm"
          w={190}
          data={FILTER_OPTIONS}
          value={filter ?? ALL_FILTER}
          onChange={(value) => setFilter(!value || value === ALL_FILTER ? null : (value as NotificationKind))}
          allowDeselect={false}
          aria-label={PANEL_TEXTS.filter}
          disabled={suspended !== null}
          comboboxProps={{ withinPortal: false }}
          data-testid="notifications-filter"
        />
        <Switch
          size="sm"
          label={NOTIFICATION_TEXTS.sortByPinned}
          styles={{ label: { whiteSpace: 'nowrap' } }}
          checked={pinnedFirst}
          onChange={(event) => setPinnedFirst(event.currentTarget.checked)}
          disabled={suspended !== null}
          data-testid="notifications-sort-pinned"
        />
        <div className={classes.toolsEnd}>
          <Tooltip label={muted ? NOTIFICATION_TEXTS.unmute : NOTIFICATION_TEXTS.mute} withArrow>
            <ActionIcon
              variant={muted ? 'light' : 'subtle'}
              color="gray"
              size="lg"
              aria-label={NOTIFICATION_TEXTS.mute}
              aria-pressed={muted}
              loading={mute.isPending}
              onClick={() =>
                mute.mutate({ projectId: project.id, muted: !muted }, { onError: () => snackbar.error() })
              }
              data-testid="notifications-mute"
            >
              {muted ? <IconBellOff size={18} /> : <IconBell size={18} />}
            </ActionIcon>
          </Tooltip>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconChecks size={16} />}
            loading={markAll.isPending}
            onClick={() => markAll.mutate(null, { onError: () => snackbar.error() })}
            data-testid="notifications-mark-all"
          >
            {NOTIFICATION_TEXTS.markAllAsRead}
          </Button>
        </div>
      </div>
      {muted && (
        <Text size="xs" c="gray.7" className={classes.mutedNote} data-testid="notifications-muted-note">
          {PANEL_TEXTS.mutedNote}
        </Text>
      )}
      <div
        className={classes.main}
        id={LIST_PANEL_ID}
        role="tabpanel"
        aria-labelledby={STRIP_TAB_ID(project.id)}
      >
        {body}
        {suspended && (
          <div className={classes.suspended} data-testid="notifications-suspended">
            <span className={classes.suspendedIcon} aria-hidden>
              <IconLock size={24} />
            </span>
            <Text fw={600} size="md">
              {suspended}
            </Text>
          </div>
        )}
      </div>
    </>
  );
}

/** What is inside the panel while it is open: the strip, and the project's list or the settings. */
function PanelBody({
  onLeave,
  onOpenItem,
}: {
  /** The project whose list was shown: seen once the user leaves it. */
  onLeave: (projectId: number | null) => void;
  onOpenItem: (notification: Notification) => void;
}) {
  const me = useSignedInUser();
  const params = useParams();
  const onScreen = params.projectID ? Number(params.projectID) : null;
  const projectsQuery = useProjectList('active', STRIP_PARAMS);
  const projects = useMemo(
    () => projectsQuery.data?.pages.flatMap((page) => page.projects) ?? [],
    [projectsQuery.data],
  );
  const [picked, setPicked] = useState<number | null>(null);
  const [settingsMode, setSettingsMode] = useState(false);
  const selectedId = picked ?? openingProject(projects, onScreen);
  const selected = projects.find((p) => p.id === selectedId) ?? null;
  const showing = settingsMode ? null : selectedId;
  useEffect(() => onLeave(showing), [onLeave, showing]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = projectsQuery;
  const needMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const select = (projectId: number) => {
    setSettingsMode(false);
    setPicked(projectId);
  };

  const title = settingsMode
    ? NOTIFICATION_TEXTS.settingsTitle
    : selected
      ? NOTIFICATION_TEXTS.panelTitle(selected.name)
      : PANEL_TEXTS.panelTitleNoProject;

  let main;
  if (settingsMode)
    main = (
      <div className={classes.settingsScroll} data-testid="notifications-settings-mode">
        <NotificationsSection />
      </div>
    );
  else if (projectsQuery.isError)
    main = (
      <div className={classes.state}>
        <LoadError onRetry={() => void projectsQuery.refetch()} />
      </div>
    );
  else if (projectsQuery.isPending) main = <ListSkeleton />;
  else if (!selected || !me) main = <EmptyList text={NOTIFICATION_TEXTS.empty} />;
  else
    main = (
      <ProjectNotifications key={selected.id} project={selected} userId={me.id} onOpenItem={onOpenItem} />
    );

  return (
    <div className={classes.body}>
      <ProjectStrip
        projects={projects}
        selectedId={selectedId}
        settingsMode={settingsMode}
        onSelect={select}
        onSettings={() => setSettingsMode((on) => !on)}
        onNeedMore={needMore}
      />
      <div className={classes.main}>
        <div className={classes.header}>
          <Drawer.Title className={classes.title} title={title} data-testid="notifications-title">
            {title}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={PANEL_TEXTS.close} data-testid="notifications-close" />
        </div>
        {main}
      </div>
    </div>
  );
}

/**
 * The notifications panel (projects-side §2): slides in from the right 10 ms after it is asked
 * for, closes with Escape, a click on the backdrop or its close icon, and slides out before it is
 * removed; the page under it does not scroll and the focus stays inside. Leaving it, or switching
 * to another project, marks the project that was shown as seen.
 */
export function NotificationsPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationsRead();
  const open = useOpenNotification();
  const shown = useRef<number | null>(null);
  const markSeen = markRead.mutate;

  const onLeave = useCallback(
    (projectId: number | null) => {
      const before = shown.current;
      shown.current = projectId;
      if (before !== null && before !== projectId) markSeen(before);
    },
    [markSeen],
  );
  const close = useCallback(() => {
    if (shown.current !== null) markSeen(shown.current);
    shown.current = null;
    onClose();
  }, [markSeen, onClose]);
  const openItem = useCallback(
    (notification: Notification) => {
      open.mutate(notification);
      close();
      void navigate(notification.relatedObjectUrl);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mutate is stable
    [open.mutate, close, navigate],
  );

  return (
    <Drawer.Root
      opened={opened}
      onClose={close}
      position="right"
      size={680}
      transitionProps={{ duration: SLIDE_MS, enterDelay: PANEL_OPEN_DELAY_MS, timingFunction: 'ease' }}
      lockScroll
      trapFocus
      returnFocus
    >
      <Drawer.Overlay backgroundOpacity={0.3} data-testid="notifications-backdrop" />
      <Drawer.Content data-testid="notifications-panel">
        <Drawer.Body className={classes.drawerBody}>
          <PanelBody onLeave={onLeave} onOpenItem={openItem} />
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
