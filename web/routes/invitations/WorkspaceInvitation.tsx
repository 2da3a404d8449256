import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { WORKSPACE_ROLES } from '@common/workspaceRoles';
import { isApiError } from '@web/api/client';
import { useAcceptInvitation, useInvitation, type InvitationByHash } from '@web/api/members';
import { useMe } from '@web/api/session';
import { AuthHeading } from '@web/components/auth/AuthHeading';
import { FormAlert } from '@web/components/auth/FormAlert';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import { workspaceDisplayName } from '@web/components/workspace/workspaceLabels';
import { WorkspaceLogo } from '@web/components/workspace/WorkspaceLogo';
import { workspacePath } from '@web/components/workspace/workspacePaths';
import { ROLE_DESCRIPTIONS } from '@web/routes/workspaces/members/roleOptions';
import { invitationLinks } from './invitationLinks';

export const INVITATION_TEXTS = {
  invalidTitle: 'This invitation is no longer valid',
  invalidBody:
    'The link may have been used already, deleted by the workspace, or opened with another e-mail address. Ask the person who invited you for a new invitation.',
  otherAccount: (invited: string, current: string) =>
    `This invitation was sent to ${invited}, but you're logged in as ${current}. Log in with the invited address to accept it.`,
} as const;

function InvalidInvitation({ signedIn }: { signedIn: boolean }) {
  return (
    <div data-testid="invitation-invalid">
      <Stack align="flex-start" gap="md">
        <IconLinkOff size={40} color="var(--mantine-color-gray-6)" />
        <AuthHeading title={INVITATION_TEXTS.invalidTitle}>{INVITATION_TEXTS.invalidBody}</AuthHeading>
      </Stack>
      <Button component={Link} to={signedIn ? '/projects' : '/login'} size="md" fullWidth>
        {signedIn ? 'Go to your projects' : 'Log in'}
      </Button>
    </div>
  );
}

function InvitationSummary({ invitation }: { invitation: InvitationByHash }) {
  const role = WORKSPACE_ROLES[invitation.role.name];
  return (
    <Paper withBorder radius="md" p="md" data-testid="invitation-summary">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <WorkspaceLogo workspace={invitation.workspace} size={48} />
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              Workspace
            </Text>
            <Text fw={650} size="lg" truncate title={invitation.workspace.name}>
              {workspaceDisplayName(invitation.workspace)}
            </Text>
          </div>
        </Group>
        {invitation.invited_by && (
          <Group gap="sm" wrap="nowrap">
            <UserAvatar user={invitation.invited_by} size={28} radius="xl" />
            <Text size="sm" c="dimmed">
              Invited by{' '}
              <Text span fw={600} c="var(--mantine-color-text)">
                {invitation.invited_by.name}
              </Text>
            </Text>
          </Group>
        )}
        <div>
          <Text size="sm">
            Role:{' '}
            <Text span fw={600}>
              {role.label}
            </Text>
          </Text>
          {ROLE_DESCRIPTIONS[invitation.role.name] && (
            <Text size="xs" c="dimmed">
              {`${role.label}s ${ROLE_DESCRIPTIONS[invitation.role.name]}.`}
            </Text>
          )}
        </div>
        <Text size="xs" c="dimmed">
          Invitation for {invitation.email}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * /workspaces/invitations/{hash}?em: the workspace, who invited and with which role. The invited
 * account accepts; a visitor signs up (the hash joins on sign-up) or logs in and comes back here.
 */
export function WorkspaceInvitation({ hash, email }: { hash: string; email: string | null }) {
  const { data: user } = useMe();
  const query = useInvitation(hash, email);
  const accept = useAcceptInvitation(hash);
  const navigate = useNavigate();

  if (query.isPending) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading invitation" />
      </Center>
    );
  }
  if (query.isError && !isApiError(query.error, 'not_found')) {
    return <FormAlert>{query.error.message}</FormAlert>;
  }
  const invitation = query.data;
  if (!invitation || invitation.accepted) return <InvalidInvitation signedIn={Boolean(user)} />;

  const links = invitationLinks(hash, invitation.email, invitation.workspace_id);
  const matches = user && user.email.toLowerCase() === invitation.email.toLowerCase();

  return (
    <div data-testid="invitation-page">
      <AuthHeading title="Join the workspace">
        {`You've been invited to review creative work in ${invitation.workspace.name} on Proofroom.`}
      </AuthHeading>
      <Stack gap="lg">
        <InvitationSummary invitation={invitation} />
        {accept.isError && (
          <FormAlert>
            {isApiError(accept.error, 'invalid_record')
              ? (accept.error.fieldMessages('base')[0] ?? accept.error.message)
              : accept.error.message}
          </FormAlert>
        )}
        {user ? (
          matches ? (
            <Button
              size="md"
              fullWidth
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(undefined, {
                  onSuccess: (workspace) => void navigate(workspacePath(workspace.id), { replace: true }),
                })
              }
            >
              Accept invitation
            </Button>
          ) : (
            <>
              <FormAlert kind="info">{INVITATION_TEXTS.otherAccount(invitation.email, user.email)}</FormAlert>
              <Button component={Link} to="/projects" variant="default" size="md" fullWidth>
                Go to your projects
              </Button>
            </>
          )
        ) : invitation.user_exists ? (
          <>
            <Button component={Link} to={links.login} size="md" fullWidth>
              Log in to accept
            </Button>
            <Text size="sm" c="dimmed" ta="center">
              Not you?{' '}
              <Anchor component={Link} to={links.signup} fw={600}>
                Sign up
              </Anchor>
            </Text>
          </>
        ) : (
          <>
            <Button component={Link} to={links.signup} size="md" fullWidth>
              Sign up
            </Button>
            <Text size="sm" c="dimmed" ta="center">
              Already have an account?{' '}
              <Anchor component={Link} to={links.login} fw={600}>
                Log in
              </Anchor>
            </Text>
          </>
        )}
      </Stack>
    </div>
  );
}
