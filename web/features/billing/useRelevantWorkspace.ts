import { useLocation } from 'react-router';
import { useSignedInUser } from '@web/features/account';
import { useMyWorkspaces, useWorkspaceState } from '@web/features/workspaces';
import { relevantWorkspace } from './relevantWorkspace';

/** The workspace the top bar and banners speak about, with its derived state. */
export function useRelevantWorkspace() {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  const workspaces = useMyWorkspaces({ enabled: user !== null });
  const workspace = relevantWorkspace(workspaces.data, user?.id, pathname);
  const state = useWorkspaceState(workspace);
  return { workspace, state };
}
