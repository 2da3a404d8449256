import { useState } from 'react';
import { Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useSignedInUser } from '@web/features/account';
import { defaultWorkspace, useMyWorkspaces, workspacePath } from '@web/features/workspaces';
import { useLogout } from '@web/shell/useLogout';
import { Popup } from '@web/components/Popup/Popup';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import classes from './ProfileMenu.module.css';

/** Top-right dropdown: who is signed in, Settings, and Logout (confirmed). */
export function ProfileMenu() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const { logout, pending } = useLogout();
  const [confirming, setConfirming] = useState(false);
  const workspaces = useMyWorkspaces({ enabled: user !== null });
  if (!user) return null;
  // 'Settings' opens the default (owned, else first) workspace when there is one (§2).
  const settingsWorkspace = defaultWorkspace(workspaces.data, user.id);
  const settingsPath = settingsWorkspace ? workspacePath(settingsWorkspace.id) : '/user/profile';

  return (
    <>
      <Menu position="bottom-end" width={300} shadow="lg" radius="md" offset={8} withinPortal>
        <Menu.Target>
          <UnstyledButton className={classes.target} data-testid="profile-menu">
            {/* The initials are a picture of the user here, not the button's label. */}
            <VisuallyHidden>Account menu</VisuallyHidden>
            <Group gap={8} wrap="nowrap" aria-hidden>
              <UserAvatar user={user} size={34} radius="xl" />
              <IconChevronDown size={14} className={classes.chevron} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Group gap="sm" wrap="nowrap" p="sm">
            <UserAvatar user={user} size={44} radius="xl" />
            <Stack gap={0} miw={0}>
              <Text fw={600} size="sm" truncate>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
            </Stack>
          </Group>
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconSettings size={18} />}
            onClick={() => void navigate(settingsPath)}
            className={classes.item}
          >
            <Text size="sm" fw={500}>
              Settings
            </Text>
            <Text size="xs" c="dimmed">
              My account, Workspaces & Billing
            </Text>
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={18} />}
            onClick={() => setConfirming(true)}
            className={classes.item}
          >
            <Text size="sm" fw={500}>
              Logout
            </Text>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Popup
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Logout"
        description="Are you sure you want to log out?"
        closable={!pending}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setConfirming(false) },
          {
            label: 'Logout',
            variant: 'primary',
            loading: pending,
            onClick: () => void logout(),
          },
        ]}
      />
    </>
  );
}
