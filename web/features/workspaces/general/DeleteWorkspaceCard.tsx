import { IconTrash } from '@tabler/icons-react';
import { WORKSPACE_TEXTS, type Workspace } from '@common/api/workspaces';
import { useDeleteWorkspace } from '../api/workspaces';
import { ExitWorkspaceCard } from './ExitWorkspaceCard';

export const DELETE_TEXTS = {
  warning: (name: string) =>
    `All projects and assets in **${name}** will be lost, and every member loses access. This cannot be undone.`,
  checkbox: 'I understand that all projects and assets will be permanently deleted.',
} as const;

/** Delete Workspace (owner): a confirmation whose checkbox gates the button (§5, §8). */
export function DeleteWorkspaceCard({ workspace }: { workspace: Workspace }) {
  return (
    <ExitWorkspaceCard
      workspace={workspace}
      action="Delete Workspace"
      testId="delete-workspace"
      description="Deletes the workspace with all its projects and assets, for every member."
      icon={IconTrash}
      confirmText={DELETE_TEXTS.warning(workspace.name)}
      checkboxLabel={DELETE_TEXTS.checkbox}
      mutation={useDeleteWorkspace(workspace.id)}
      successTitle={WORKSPACE_TEXTS.deleted}
      failureTitle={() => WORKSPACE_TEXTS.deleteFailed}
    />
  );
}
