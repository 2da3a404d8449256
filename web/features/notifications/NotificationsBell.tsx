import { useState } from 'react';
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useSignedInUser } from '@web/features/account';
import { useUnseenNotifications } from './api/notifications';
import { NotificationsPanel } from './NotificationsPanel';
import { PANEL_TEXTS } from './notificationTexts';

/**
 * The top bar's bell (projects-side §2): a dot while anything is unseen in any of the user's
 * projects, and the notifications panel it opens.
 */
export function NotificationsBell() {
  const user = useSignedInUser();
  const [opened, setOpened] = useState(false);
  const unseen = useUnseenNotifications(user !== null);
  if (!user) return null;
  const lit = (unseen.data ?? 0) > 0;
  const label = lit ? PANEL_TEXTS.bellUnseen : PANEL_TEXTS.bell;
  return (
    <>
      <Tooltip label={PANEL_TEXTS.bell} withArrow>
        <Indicator
          disabled={!lit}
          color="red"
          size={9}
          offset={8}
          withBorder
          data-testid="notifications-dot"
          data-lit={lit || undefined}
        >
          <ActionIcon
            variant={opened ? 'light' : 'subtle'}
            color="gray"
            size="lg"
            radius="md"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => setOpened(true)}
            data-testid="notifications-bell"
          >
            <IconBell size={21} stroke={1.7} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <NotificationsPanel opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
