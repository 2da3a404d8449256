import { useNavigate } from 'react-router';
import { WORKSPACE_ROLES } from '@common/workspaceRoles';
import { useAcceptInvitation, useInvitation, type InvitationByHash } from '../api/members';
import { workspaceDisplayName } from '../workspaceLabels';
import { WorkspaceLogo } from '../WorkspaceLogo';
import { ROLE_DESCRIPTIONS } from '../roleOptions';
import { useMe } from '@web/features/account';
import { invitationLinks } from './invitationLinks';
import { invitationPending, OpenInvitation } from './InvitationFrame';
import { InvalidInvitation } from './InvitationParts';
import { InvitationSummary } from './InvitationSummary';

/** A new member starts where the work is: the project list, their new workspace's projects in it. */
const WORKSPACE_MEMBER_LANDING = '/projects';

function WorkspaceInvitationSummary({ invitation }: { invitation: InvitationByHash }) {
  const role = WORKSPACE_ROLES[invitation.role.name];
  const description = ROLE_DESCRIPTIONS[invitation.role.name];
  return (
    <InvitationSummary
      invitation={invitation}
      role={role.label}
      roleNote={description ? `${role.label}s ${description}.` : null}
      picture={<WorkspaceLogo workspace={invitation.workspace} size={48} />}
      kind="Workspace"
      name={{ full: invitation.workspace.name, shown: workspaceDisplayName(invitation.workspace) }}
    />
  );
}

/**
 * /workspaces/invitations/{hash}?em: the workspace, who invited and with which role. The invited
 * account accepts; a visitor signs up (the hash joins on sign-up) or logs in and comes back here.
 * Either way the new member lands on /projects.
 */
export function WorkspaceInvitation({ hash, email }: { hash: string; email: string | null }) {
  const { data: user } = useMe();
  const query = useInvitation(hash, email);
  const accept = useAcceptInvitation(hash);
  const navigate = useNavigate();

  const pending = invitationPending(query);
  if (pending) return pending;
  const invitation = query.data;
  if (!invitation || invitation.accepted) return <InvalidInvitation signedIn={Boolean(user)} />;

  return (
    <OpenInvitation
      title="Join the workspace"
      lead={`You've been invited to review creative work in ${invitation.workspace.name} on Proofroom.`}
      summary={<WorkspaceInvitationSummary invitation={invitation} />}
      email={invitation.email}
      userExists={invitation.user_exists}
      links={invitationLinks(hash, invitation.email, {
        kind: 'workspace',
        landing: WORKSPACE_MEMBER_LANDING,
      })}
      accepting={accept.isPending}
      acceptError={accept.error}
      onAccept={() =>
        accept.mutate(undefined, {
          onSuccess: () => void navigate(WORKSPACE_MEMBER_LANDING, { replace: true }),
        })
      }
    />
  );
}
