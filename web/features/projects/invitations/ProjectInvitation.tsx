import { Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconFolderFilled } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { PROJECT_TEXTS, type ProjectInvitationByHash } from '@common/api/projects';
import { useAcceptProjectInvitation, useProjectInvitation } from '../api/projectMembers';
import { useMe } from '@web/features/account';
import { AuthHeading } from '@web/components/auth/AuthHeading';
import {
  InvalidInvitation,
  invitationLinks,
  invitationPending,
  InvitationSummary,
  OpenInvitation,
  WorkspaceLogo,
} from '@web/features/workspaces';

export const PROJECT_INVITATION_TEXTS = {
  title: 'Join the project',
  lead: (project: string, workspace: string) =>
    `You've been invited to review ${project} in ${workspace} on Proofroom.`,
  invalidBody:
    'The link may have been deleted by the project, or opened with another e-mail address. Ask the person who invited you for a new invitation.',
  roles: {
    owner: 'owns the project and edits its settings',
    collaborator: 'upload, comment, approve and organise folders',
    viewer: 'see the project, its assets and its comments',
  },
} as const;

function ProjectInvitationSummary({ invitation }: { invitation: ProjectInvitationByHash }) {
  return (
    <InvitationSummary
      invitation={invitation}
      role={invitation.role.label}
      roleNote={`You can ${PROJECT_INVITATION_TEXTS.roles[invitation.role.name]}.`}
      picture={
        <ThemeIcon size={48} radius="md" variant="light">
          <IconFolderFilled size={24} />
        </ThemeIcon>
      }
      kind="Project"
      name={{ full: invitation.project.name, shown: invitation.project.name }}
    >
      <Group gap="sm" wrap="nowrap">
        <WorkspaceLogo workspace={invitation.workspace} size={28} />
        <Text size="sm" c="dimmed" truncate>
          in{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {invitation.workspace.name}
          </Text>
        </Text>
      </Group>
    </InvitationSummary>
  );
}

/**
 * /projects/invitations/{hash}?em: the project, its workspace, who invited and with which role.
 * The invited account accepts and lands in the project; a visitor signs up (the hash joins on
 * sign-up) or logs in and comes back here.
 */
export function ProjectInvitation({ hash, email }: { hash: string; email: string | null }) {
  const { data: user } = useMe();
  const query = useProjectInvitation(hash, email);
  const accept = useAcceptProjectInvitation(hash);
  const navigate = useNavigate();

  const pending = invitationPending(query);
  if (pending) return pending;
  const invitation = query.data;
  if (!invitation)
    return <InvalidInvitation signedIn={Boolean(user)} body={PROJECT_INVITATION_TEXTS.invalidBody} />;

  const projectTo = `/projects/${invitation.project.id}`;
  const matches = user && user.email.toLowerCase() === invitation.email.toLowerCase();
  if (invitation.accepted)
    return (
      <div data-testid="invitation-accepted">
        <AuthHeading title={PROJECT_INVITATION_TEXTS.title}>{PROJECT_TEXTS.invitationAccepted}</AuthHeading>
        <Button component={Link} to={matches ? projectTo : user ? '/projects' : '/login'} size="md" fullWidth>
          {matches ? 'Open the project' : user ? 'Go to your projects' : 'Log in'}
        </Button>
      </div>
    );

  return (
    <OpenInvitation
      title={PROJECT_INVITATION_TEXTS.title}
      lead={PROJECT_INVITATION_TEXTS.lead(invitation.project.name, invitation.workspace.name)}
      summary={<ProjectInvitationSummary invitation={invitation} />}
      email={invitation.email}
      userExists={invitation.user_exists}
      links={invitationLinks(hash, invitation.email, { kind: 'project', landing: projectTo })}
      accepting={accept.isPending}
      acceptError={accept.error}
      onAccept={() =>
        accept.mutate(undefined, { onSuccess: () => void navigate(projectTo, { replace: true }) })
      }
    />
  );
}
