import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { useSignedInUser } from '@web/features/account';
import { SettingsSidebar, WorkspaceAccessDialog } from '@web/features/workspaces';
import classes from './SettingsLayout.module.css';

/** /user: the 'Settings' sidebar beside the chosen panel. */
export function SettingsLayout() {
  const user = useSignedInUser();
  if (!user) return null;

  return (
    <div className={classes.root}>
      <SettingsSidebar user={user} />
      <Box className={classes.content}>
        <Outlet />
      </Box>
      <WorkspaceAccessDialog />
    </div>
  );
}
