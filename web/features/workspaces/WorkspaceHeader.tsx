import { Badge, Group, Text, Title } from '@mantine/core';
import type { Workspace } from '@common/api/workspaces';
import type { WorkspaceState } from '@common/workspaceState';
import { planTag, workspaceDisplayName } from './workspaceLabels';
import { WorkspaceLogo } from './WorkspaceLogo';

/** The head of a workspace's settings: logo, name, the user's part in it, plan tag, suspension. */
export function WorkspaceHeader({ workspace, state }: { workspace: Workspace; state: WorkspaceState }) {
  const tag = planTag(workspace, state);
  return (
    <Group gap="md" mb="xl" wrap="nowrap">
      <WorkspaceLogo workspace={workspace} size={56} radius="lg" />
      <div style={{ minWidth: 0 }}>
        <Title order={1} title={workspace.name} data-testid="workspace-title">
          {workspaceDisplayName(workspace)}
        </Title>
        <Group gap={8} mt={4}>
          <Text size="sm" c="dimmed">
            {state.currentUserIsOwner
              ? 'You own this workspace'
              : `${workspace.current_user_role.label} · Owned by ${workspace.owner.name}`}
          </Text>
          {tag && (
            <Badge size="md" variant="light" color={state.isOnFreeTrial ? 'orange' : 'brand'} tt="none">
              {tag}
            </Badge>
          )}
          {state.isSuspended && (
            <Badge size="md" variant="light" color="red" tt="none">
              Suspended
            </Badge>
          )}
        </Group>
      </div>
    </Group>
  );
}
