import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { WORKSPACE_TEXTS, type Workspace } from '@common/api/workspaces';
import { forgetWorkspace, refreshWorkspaces, useDeleteWorkspace } from '@web/api/workspaces';
import { Popup } from '@web/components/Popup/Popup';
import { snackbar } from '@web/components/snackbar/snackbar';
import { reportWorkspaceAccessError } from '@web/components/workspace/accessErrors';
import { SettingsCard } from '@web/routes/settings/SettingsCard';

export const DELETE_TEXTS = {
  warning: (name: string) =>
    `All projects and assets in **${name}** will be lost, and every member loses access. This cannot be undone.`,
  checkbox: 'I understand that all projects and assets will be permanently deleted.',
} as const;

/** Delete Workspace (owner): a confirmation whose checkbox gates the button (§5, §8). */
export function DeleteWorkspaceCard({ workspace }: { workspace: Workspace }) {
  const remove = useDeleteWorkspace(workspace.id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  function confirm() {
    remove.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        snackbar.success({ title: WORKSPACE_TEXTS.deleted });
        void navigate('/user/profile', { replace: true });
        forgetWorkspace(queryClient, workspace.id);
        void refreshWorkspaces(queryClient);
      },
      onError: (error) => {
        setOpen(false);
        if (reportWorkspaceAccessError(error, workspace)) return;
        snackbar.error({ title: WORKSPACE_TEXTS.deleteFailed });
      },
    });
  }

  return (
    <SettingsCard
      title="Delete Workspace"
      testId="delete-workspace"
      description="Deletes the workspace with all its projects and assets, for every member."
      footer={
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={() => setOpen(true)}
        >
          Delete Workspace
        </Button>
      }
    >
      <Popup
        opened={open}
        onClose={() => setOpen(false)}
        closable={!remove.isPending}
        icon={<IconTrash size={22} color="var(--mantine-color-red-6)" />}
        title="Delete Workspace"
        description={DELETE_TEXTS.warning(workspace.name)}
        checkbox={{ label: DELETE_TEXTS.checkbox }}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setOpen(false) },
          { label: 'Delete Workspace', variant: 'danger', loading: remove.isPending, onClick: confirm },
        ]}
      />
    </SettingsCard>
  );
}
