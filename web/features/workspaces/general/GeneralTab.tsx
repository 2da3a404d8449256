import { useState } from 'react';
import { Stack } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { WORKSPACE_TEXTS, type Workspace } from '@common/api/workspaces';
import type { WorkspaceState } from '@common/workspaceState';
import { Popup } from '@web/components/Popup/Popup';
import { DeleteWorkspaceCard } from './DeleteWorkspaceCard';
import { LeaveWorkspaceCard } from './LeaveWorkspaceCard';
import { TransferOwnershipCard } from './TransferOwnershipCard';
import { WorkspaceDetailsCard } from './WorkspaceDetailsCard';
import { WorkspaceLabelsCard } from './WorkspaceLabelsCard';

/**
 * General: name and logo for everyone (editable by the owner of an active workspace), the
 * workspace's labels (managed by the owner and admins); the owner also gets Transfer Ownership
 * (with a subscription) and Delete Workspace, the others Leave (§2, §6).
 */
export function GeneralTab({ workspace, state }: { workspace: Workspace; state: WorkspaceState }) {
  const isOwner = state.currentUserIsOwner;
  // Lives here: after a transfer the Transfer card is gone (the user is no longer the owner).
  const [transferred, setTransferred] = useState(false);
  return (
    <Stack gap="lg" data-testid="workspace-general">
      <WorkspaceDetailsCard workspace={workspace} state={state} />
      <WorkspaceLabelsCard workspace={workspace} />
      {isOwner && state.hasSubscription && (
        <TransferOwnershipCard
          workspace={workspace}
          state={state}
          onTransferred={() => setTransferred(true)}
        />
      )}
      {isOwner && <DeleteWorkspaceCard workspace={workspace} />}
      {!isOwner && <LeaveWorkspaceCard workspace={workspace} />}
      <Popup
        opened={transferred}
        onClose={() => setTransferred(false)}
        icon={<IconCircleCheckFilled size={24} color="var(--mantine-color-teal-6)" />}
        title={WORKSPACE_TEXTS.transferredTitle}
        description={WORKSPACE_TEXTS.transferredBody}
        actions={[{ label: 'Ok', onClick: () => setTransferred(false) }]}
      />
    </Stack>
  );
}
