import { NavLink, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import type { User } from '@common/api/users';
import { truncate } from '@common/text';
import { useMyWorkspaces } from '../api/workspaces';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import { WorkspaceNavItem } from './WorkspaceNavItem';
import classes from './SettingsSidebar.module.css';

/** Sidebar subtitles are cut at 35 characters (account-side §9). */
const SUBTITLE_MAX = 35;
export const CREATE_WORKSPACE_PATH = '/user/workspaces/new';

function SectionLabel({ children }: { children: string }) {
  return (
    <Text size="xs" fw={700} c="dimmed" lts={0.6} px="sm" mt="lg" mb={6}>
      {children}
    </Text>
  );
}

/** The id in /user/workspaces/{id}/…, when the page is a workspace's. */
function activeWorkspaceId(pathname: string): number | null {
  const match = /^\/user\/workspaces\/(\d+)(?:\/|$)/.exec(pathname);
  return match ? Number(match[1]) : null;
}

/**
 * 'Settings': My account; MY WORKSPACE with the owned workspace, or 'Create my Workspace' when
 * the user owns none; OTHER WORKSPACES only when the user is a member elsewhere (§2).
 */
export function SettingsSidebar({ user }: { user: User }) {
  const { pathname } = useLocation();
  const { data: workspaces, isPending } = useMyWorkspaces();
  const activeId = activeWorkspaceId(pathname);
  const owned = workspaces?.filter((w) => w.owner.id === user.id) ?? [];
  const others = workspaces?.filter((w) => w.owner.id !== user.id) ?? [];

  return (
    <aside className={classes.sidebar} aria-label="Settings">
      <Title order={2} px="sm" mb="md">
        Settings
      </Title>
      <NavLink
        component={RouterNavLink}
        to="/user/profile"
        active={pathname.startsWith('/user/profile')}
        label="My account"
        description={truncate(user.email, SUBTITLE_MAX)}
        leftSection={<UserAvatar user={user} size={32} radius="xl" />}
        className={classes.item}
      />
      <SectionLabel>MY WORKSPACE</SectionLabel>
      {isPending ? (
        <Skeleton height={48} radius="md" />
      ) : owned.length > 0 ? (
        owned.map((w) => <WorkspaceNavItem key={w.id} workspace={w} active={w.id === activeId} />)
      ) : (
        <NavLink
          component={RouterNavLink}
          to={CREATE_WORKSPACE_PATH}
          active={pathname === CREATE_WORKSPACE_PATH}
          label="Create my Workspace"
          data-testid="create-my-workspace"
          leftSection={
            <ThemeIcon variant="light" size={32} radius="md">
              <IconPlus size={16} />
            </ThemeIcon>
          }
          className={classes.item}
        />
      )}
      {others.length > 0 && (
        <>
          <SectionLabel>OTHER WORKSPACES</SectionLabel>
          <Stack gap={2}>
            {others.map((w) => (
              <WorkspaceNavItem key={w.id} workspace={w} active={w.id === activeId} />
            ))}
          </Stack>
        </>
      )}
    </aside>
  );
}
