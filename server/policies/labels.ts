import { canManageWorkspaceLabels, type WorkspaceRole } from '@common/workspaceRoles';
import { forbidden } from '../errors';

export function authorizeWorkspaceLabels(role: WorkspaceRole): void {
  if (!canManageWorkspaceLabels(role))
    throw forbidden('Only the owner and members of the workspace can manage its labels.');
}
