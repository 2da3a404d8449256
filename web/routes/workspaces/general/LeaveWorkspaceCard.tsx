import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDoorExit } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { WORKSPACE_TEXTS, type Workspace } from '@common/api/workspaces';
import { isApiError } from '@web/api/client';
import { forgetWorkspace, refreshWorkspaces, useLeaveWorkspace } from '@web/api/workspaces';
import { Popup } from '@web/components/Popup/Popup';
import { snackbar } from '@web/components/snackbar/snackbar';
import { reportWorkspaceAccessError } from '@web/components/workspace/accessErrors';
import { SettingsCard } from '@web/routes/settings/SettingsCard';

export const LEAVE_TEXTS = {
  confirm: (name: string) =>
    `You will no longer have access to **${name}**. Projects you own there go to the workspace owner, and you stay a collaborator on them. To come back you need a new invitation.`,
} as const;

/** Leave Workspace (every member but the owner): confirmation, then 'You left {workspace} workspace.' */
export function LeaveWorkspaceCard({ workspace }: { workspace: Workspace }) {
  const leave = useLeaveWorkspace(workspace.id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  function confirm() {
    leave.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        snackbar.success({ title: WORKSPACE_TEXTS.left(workspace.name) });
        void navigate('/user/profile', { replace: true });
        forgetWorkspace(queryClient, workspace.id);
        void refreshWorkspaces(queryClient);
      },
      onError: (error) => {
        setOpen(false);
        if (reportWorkspaceAccessError(error, workspace)) return;
        snackbar.error({ title: isApiError(error) && error.status < 500 ? error.message : undefined });
      },
    });
  }

  return (
    <SettingsCard
      title="Leave Workspace"
      testId="leave-workspace"
      description="Stop being a member of this workspace."
      footer={
        <Button
          color="red"
          variant="light"
          leftSection={<IconDoorExit size={16} />}
          onClick={() => setOpen(true)}
        >
          Leave Workspace
        </Button>
      }
    >
      <Popup
        opened={open}
        onClose={() => setOpen(false)}
        closable={!leave.isPending}
        icon={<IconDoorExit size={22} color="var(--mantine-color-red-6)" />}
        title="Leave Workspace"
        description={LEAVE_TEXTS.confirm(workspace.name)}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setOpen(false) },
          { label: 'Leave Workspace', variant: 'danger', loading: leave.isPending, onClick: confirm },
        ]}
      />
    </SettingsCard>
  );
}
