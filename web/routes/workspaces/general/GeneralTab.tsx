import { Stack } from '@mantine/core';
import type { Workspace } from '@common/api/workspaces';
import type { WorkspaceState } from '@common/workspaceState';
import { DeleteWorkspaceCard } from './DeleteWorkspaceCard';
import { LeaveWorkspaceCard } from './LeaveWorkspaceCard';
import { TransferOwnershipCard } from './TransferOwnershipCard';
import { WorkspaceDetailsCard } from './WorkspaceDetailsCard';

/**
 * General: name and logo for everyone (editable by the owner of an active workspace); the owner
 * also gets Transfer Ownership (with a subscription) and Delete Workspace, the others Leave (§2, §6).
 */
export function GeneralTab({ workspace, state }: { workspace: Workspace; state: WorkspaceState }) {
  const isOwner = state.currentUserIsOwner;
  return (
    <Stack gap="lg" data-testid="workspace-general">
      <WorkspaceDetailsCard workspace={workspace} state={state} />
      {isOwner && state.hasSubscription && <TransferOwnershipCard workspace={workspace} state={state} />}
      {isOwner && <DeleteWorkspaceCard workspace={workspace} />}
      {!isOwner && <LeaveWorkspaceCard workspace={workspace} />}
    </Stack>
  );
}
