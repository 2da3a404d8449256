import { Stack } from '@mantine/core';
import type { Workspace } from '@common/api/workspaces';
import type { WorkspaceState } from '@common/workspaceState';
import { InviteCard } from './InviteCard';
import { MembersList } from './MembersList';
import { PendingInvites } from './PendingInvites';

/** Members: the invite form, the members and the pending invitations (§2). */
export function MembersTab({ workspace, state }: { workspace: Workspace; state: WorkspaceState }) {
  return (
    <Stack gap="xl" data-testid="workspace-members">
      <InviteCard workspace={workspace} state={state} />
      <MembersList workspace={workspace} state={state} />
      <PendingInvites workspace={workspace} />
    </Stack>
  );
}
