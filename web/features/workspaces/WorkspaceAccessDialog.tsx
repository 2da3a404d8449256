import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { forgetWorkspace, refreshWorkspaces } from '@web/features/workspaces/api/workspaces';
import { Popup } from '@web/components/Popup/Popup';
import { clearWorkspaceAccessError, useWorkspaceAccessProblem } from './accessErrors';

/** The hint under the access error: who to ask. */
export function accessHint(ownerEmail: string | null): string {
  return ownerEmail
    ? `If you think this is a mistake, please contact the workspace owner at **${ownerEmail}**.`
    : 'If you think this is a mistake, please contact the workspace owner.';
}

/**
 * 'Oops, something went wrong' / "Looks like you can't continue working on this workspace right
 * now." Closing it sends the user to /user/profile; after a 403 the workspaces are fetched again
 * (the role may have changed), after a 404 the workspace is dropped from the caches.
 */
export function WorkspaceAccessDialog() {
  const problem = useWorkspaceAccessProblem();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  function leave() {
    if (!problem) return;
    clearWorkspaceAccessError();
    void navigate('/user/profile', { replace: true });
    if (problem.status === 404) forgetWorkspace(queryClient, problem.workspaceId);
    void refreshWorkspaces(queryClient);
  }

  return (
    <Popup
      opened={problem !== null}
      onClose={leave}
      icon={<IconLock size={22} color="var(--mantine-color-red-6)" />}
      title={WORKSPACE_TEXTS.accessErrorTitle}
      description={`${WORKSPACE_TEXTS.accessErrorBody} ${accessHint(problem?.ownerEmail ?? null)}`}
      actions={[{ label: 'Go to my account', onClick: leave }]}
    />
  );
}
