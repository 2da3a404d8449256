import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useMe } from '@web/api/session';
import { AuthHeading } from '@web/components/auth/AuthHeading';
import { FormAlert } from '@web/components/auth/FormAlert';

/**
 * /workspaces/invitations/:hash?em and /projects/invitations/:hash?em. Signing up from here
 * carries the invitation hash, which joins the invitee on the server; accepting from an
 * existing account arrives with the workspaces and projects issues.
 */
export function InvitationPage({ kind }: { kind: 'workspace' | 'project' }) {
  const { invitationHash = '' } = useParams();
  const [params] = useSearchParams();
  const { data: user } = useMe();
  const email = params.get('em');
  const query = new URLSearchParams({ ih: invitationHash, type: kind, ...(email ? { em: email } : {}) });

  return (
    <div data-testid="invitation-page">
      <AuthHeading title={kind === 'workspace' ? 'Workspace invitation' : 'Project invitation'}>
        {`You've been invited to collaborate on a ${kind} in Proofroom.`}
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
