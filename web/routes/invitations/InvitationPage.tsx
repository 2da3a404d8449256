import { useParams, useSearchParams } from 'react-router';
import { ProjectInvitation } from '@web/features/projects';
import { WorkspaceInvitation } from '@web/features/workspaces';

/** /workspaces/invitations/:hash?em and /projects/invitations/:hash?em. */
export function InvitationPage({ kind }: { kind: 'workspace' | 'project' }) {
  const { invitationHash = '' } = useParams();
  const [params] = useSearchParams();
  const Invitation = kind === 'workspace' ? WorkspaceInvitation : ProjectInvitation;
  return <Invitation hash={invitationHash} email={params.get('em')} />;
}
