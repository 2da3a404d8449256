import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '@web/api/client';
import { useMe } from '@web/features/account';
import { AuthHeading } from '@web/components/auth/AuthHeading';
import { FormAlert } from '@web/components/auth/FormAlert';

export const INVITATION_TEXTS = {
  invalidTitle: 'This invitation is no longer valid',
  invalidBody:
    'The link may have been used already, deleted by the workspace, or opened with another e-mail address. Ask the person who invited you for a new invitation.',
  otherAccount: (invited: string, current: string) =>
    `This invitation was sent to ${invited}, but you're logged in as ${current}. Log in with the invited address to accept it.`,
} as const;

function acceptErrorText(error: unknown): string {
  if (isApiError(error, 'invalid_record')) return error.fieldMessages('base')[0] ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * What the visitor of an invitation can do: the invited account accepts; another account is
 * told so; a visitor without a session logs in (an account exists) or signs up.
 */
export function InvitationActions({
  email,
  userExists,
  links,
  accepting,
  acceptError,
  onAccept,
}: {
  email: string;
  userExists: boolean;
  links: { signup: string; login: string };
  accepting: boolean;
  acceptError: unknown;
  onAccept: () => void;
}) {
  const { data: user } = useMe();
  const error = acceptError ? <FormAlert>{acceptErrorText(acceptError)}</FormAlert> : null;
  if (user && user.email.toLowerCase() === email.toLowerCase())
    return (
      <>
        {error}
        <Button size="md" fullWidth loading={accepting} onClick={onAccept}>
          Accept invitation
        </Button>
      </>
    );
  if (user)
    return (
      <>
        <FormAlert kind="info">{INVITATION_TEXTS.otherAccount(email, user.email)}</FormAlert>
        <Button component={Link} to="/projects" variant="default" size="md" fullWidth>
          Go to your projects
        </Button>
      </>
    );
  const [main, other] = userExists
    ? [
        { to: links.login, label: 'Log in to accept' },
        { to: links.signup, label: 'Sign up', lead: 'Not you?' },
      ]
    : [
        { to: links.signup, label: 'Sign up' },
        { to: links.login, label: 'Log in', lead: 'Already have an account?' },
      ];
  return (
    <>
      <Button component={Link} to={main.to} size="md" fullWidth>
        {main.label}
      </Button>
      <Text size="sm" c="dimmed" ta="center">
        {other.lead}{' '}
        <Anchor component={Link} to={other.to} fw={600}>
          {other.label}
        </Anchor>
      </Text>
    </>
  );
}

/** An unknown, deleted or mismatched invitation link. */
export function InvalidInvitation({
  signedIn,
  title = INVITATION_TEXTS.invalidTitle,
  body = INVITATION_TEXTS.invalidBody,
}: {
  signedIn: boolean;
  title?: string;
  body?: string;
}) {
  return (
    <div data-testid="invitation-invalid">
      <Stack align="flex-start" gap="md">
        <IconLinkOff size={40} color="var(--mantine-color-gray-6)" />
        <AuthHeading title={title}>{body}</AuthHeading>
      </Stack>
      <Button component={Link} to={signedIn ? '/projects' : '/login'} size="md" fullWidth>
        {signedIn ? 'Go to your projects' : 'Log in'}
      </Button>
    </div>
  );
}
