import { Box, NavLink, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { truncate } from '@common/text';
import { useSignedInUser } from '@web/api/session';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import classes from './SettingsLayout.module.css';

/** Sidebar subtitles are cut at 35 characters (account-side §9). */
const SUBTITLE_MAX = 35;

function SectionLabel({ children }: { children: string }) {
  return (
    <Text size="xs" fw={700} c="dimmed" lts={0.6} px="sm" mt="lg" mb={6}>
      {children}
    </Text>
  );
}

/** /user: the 'Settings' sidebar beside the chosen panel. */
export function SettingsLayout() {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  if (!user) return null;

  return (
    <div className={classes.root}>
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
        <NavLink
          component={RouterNavLink}
          to="/user/workspaces/new"
          active={pathname === '/user/workspaces/new'}
          label="Create my Workspace"
          leftSection={
            <ThemeIcon variant="light" size={32} radius="md">
              <IconPlus size={16} />
            </ThemeIcon>
          }
          className={classes.item}
        />
      </aside>
      <Box className={classes.content}>
        <Outlet />
      </Box>
    </div>
  );
}
