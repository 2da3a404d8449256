import { Badge, Group, NavLink, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangleFilled } from '@tabler/icons-react';
import { NavLink as RouterNavLink } from 'react-router';
import type { Workspace } from '@common/api/workspaces';
import { useWorkspaceState } from '../api/workspaces';
import { planTag, workspaceDisplayName } from '../workspaceLabels';
import { WorkspaceLogo } from '../WorkspaceLogo';
import { workspacePath } from '../workspacePaths';
import classes from './SettingsSidebar.module.css';

export const SUSPENDED_TOOLTIP = 'This workspace is suspended';

/** One workspace in the settings sidebar: logo, name, role, plan tag (owner), suspended warning. */
export function WorkspaceNavItem({ workspace, active }: { workspace: Workspace; active: boolean }) {
  const state = useWorkspaceState(workspace);
  if (!state) return null;
  const tag = planTag(workspace, state);

  return (
    <NavLink
      component={RouterNavLink}
      to={workspacePath(workspace.id)}
      active={active}
      data-testid={`sidebar-workspace-${workspace.id}`}
      label={
        <Text size="sm" fw={500} truncate title={workspace.name}>
          {workspaceDisplayName(workspace)}
        </Text>
      }
      description={
        <Group gap={6} wrap="nowrap" mt={2}>
          {/* The description's own colour: dimmed, or the active item's (readable on its tint). */}
          <Text size="xs" span>
            {workspace.current_user_role.label}
          </Text>
          {tag && (
            <Badge
              size="sm"
              variant="light"
              color={state.isOnFreeTrial ? 'orange' : 'brand'}
              radius="sm"
              tt="none"
              fw={600}
            >
              {tag}
            </Badge>
          )}
        </Group>
      }
      leftSection={<WorkspaceLogo workspace={workspace} size={32} />}
      rightSection={
        state.isSuspended ? (
          <Tooltip label={SUSPENDED_TOOLTIP} withArrow position="right">
            <IconAlertTriangleFilled
              size={18}
              color="var(--mantine-color-red-6)"
              aria-label={SUSPENDED_TOOLTIP}
              data-testid="suspended-warning"
            />
          </Tooltip>
        ) : undefined
      }
      className={classes.item}
    />
  );
}
