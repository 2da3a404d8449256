import type { Workspace } from '@common/api/workspaces';
import { canManageWorkspaceLabels } from '@common/workspaceRoles';
import { workspaceLabelOwner, LabelManager } from '@web/features/labels';
import { SettingsCard } from '@web/components/settings/SettingsCard';

/**
 * Labels: the workspace's labels, which its projects carry to organise and filter the project
 * list. Listed to every member; the owner and admins create, rename, recolour and delete them.
 */
export function WorkspaceLabelsCard({ workspace }: { workspace: Workspace }) {
  const editable = canManageWorkspaceLabels(workspace.current_user_role.name);
  return (
    <SettingsCard
      title="Labels"
      testId="workspace-labels"
      description="Put labels on projects to organise the project list and filter it. Everyone in the workspace can use them."
    >
      <LabelManager
        owner={workspaceLabelOwner(workspace.id)}
        editable={editable}
        emptyText={
          editable
            ? 'No labels yet. Create the first one below, then set it on projects from their menu.'
            : 'No labels yet.'
        }
        readOnlyText="Only the workspace owner and members can create and change labels."
      />
    </SettingsCard>
  );
}
