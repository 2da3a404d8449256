import { IconDoorExit } from '@tabler/icons-react';
import { WORKSPACE_TEXTS, type Workspace } from '@common/api/workspaces';
import { isApiError } from '@web/api/client';
import { useLeaveWorkspace } from '../api/workspaces';
import { ExitWorkspaceCard } from './ExitWorkspaceCard';

export const LEAVE_TEXTS = {
  confirm: (name: string) =>
    `You will no longer have access to **${name}**. Projects you own there go to the workspace owner, and you stay a collaborator on them. To come back you need a new invitation.`,
} as const;

/** Leave Workspace (every member but the owner): confirmation, then 'You left {workspace} workspace.' */
export function LeaveWorkspaceCard({ workspace }: { workspace: Workspace }) {
  return (
    <ExitWorkspaceCard
      workspace={workspace}
      action="Leave Workspace"
      testId="leave-workspace"
      description="Stop being a member of this workspace."
      icon={IconDoorExit}
      confirmText={LEAVE_TEXTS.confirm(workspace.name)}
      mutation={useLeaveWorkspace(workspace.id)}
      successTitle={WORKSPACE_TEXTS.left(workspace.name)}
      failureTitle={(error) => (isApiError(error) && error.status < 500 ? error.message : undefined)}
    />
  );
}
