import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useMe } from '@web/api/session';
import { AuthHeading } from '@web/components/auth/AuthHeading';
import { FormAlert } from '@web/components/auth/FormAlert';
import { WorkspaceInvitation } from './WorkspaceInvitation';

/**
 * /workspaces/invitations/:hash?em and /projects/invitations/:hash?em. A workspace invitation
 * shows the workspace and is accepted from here; signing up from a project invitation carries
 * the hash, and accepting one from an existing account arrives with the projects issue.
 */
export function InvitationPage({ kind }: { kind: 'workspace' | 'project' }) {
  const { invitationHash = '' } = useParams();
  const [params] = useSearchParams();
  if (kind === 'workspace') return <WorkspaceInvitation hash={invitationHash} email={params.get('em')} />;
  return <ProjectInvitation hash={invitationHash} email={params.get('em')} />;
}

function ProjectInvitation({ hash: invitationHash, email }: { hash: string; email: string | null }) {
  const kind = 'project';
  const { data: user } = useMe();
  const query = new URLSearchParams({ ih: invitationHash, type: kind, ...(email ? { em: email } : {}) });

  return (
    <div data-testid="invitation-page">
      <AuthHeading title="Project invitation">
        You've been invited to collaborate on a project in Proofroom.
      </AuthHeading>
      <Stack gap="lg">
        {email && (
          <Paper withBorder radius="md" p="md">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" radius="xl" size={36}>
                <IconMail size={18} />
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  Invitation for
                </Text>
                <Text size="sm" fw={600} truncate>
                  {email}
                </Text>
              </div>
            </Group>
          </Paper>
        )}
        {user ? (
          <>
            <FormAlert kind="info" title={`You're logged in as ${user.email}`}>
              Accepting an invitation from an existing account is coming soon. Until then, ask the person who
              invited you to add you directly.
            </FormAlert>
            <Button component={Link} to="/projects" size="md">
              Go to your projects
            </Button>
          </>
        ) : (
          <>
            <Button component={Link} to={`/signup?${query.toString()}`} size="md" fullWidth>
              Create an account to join
            </Button>
            <Text size="sm" c="dimmed" ta="center">
              Accepting from an existing account is coming soon.{' '}
              <Anchor component={Link} to="/login" fw={600}>
                Log in
              </Anchor>
            </Text>
          </>
        )}
      </Stack>
    </div>
  );
}
