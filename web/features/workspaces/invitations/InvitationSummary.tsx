import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';

/** 'Invited by {name}' with the inviter's picture. */
export function InviterLine({ inviter }: { inviter: { name: string; avatar: string | null } }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar user={inviter} size={28} radius="xl" />
      <Text size="sm" c="dimmed">
        Invited by{' '}
        <Text span fw={600} c="var(--mantine-color-text)">
          {inviter.name}
        </Text>
      </Text>
    </Group>
  );
}

/**
 * What an invitation is for (its picture, kind and name, then `children`), who sent it, the role
 * offered and the invited address.
 */
export function InvitationSummary({
  invitation,
  picture,
  kind,
  name,
  role,
  roleNote,
  children,
}: {
  invitation: { email: string; invited_by: { name: string; avatar: string | null } | null };
  picture: ReactNode;
  kind: string;
  /** `shown` in the summary, `full` on hover (a display name may differ from the stored one). */
  name: { full: string; shown: string };
  role: string;
  roleNote: string | null;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="invitation-summary">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          {picture}
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {kind}
            </Text>
            <Text fw={650} size="lg" truncate title={name.full}>
              {name.shown}
            </Text>
          </div>
        </Group>
        {children}
        {invitation.invited_by && <InviterLine inviter={invitation.invited_by} />}
        <div>
          <Text size="sm">
            Role:{' '}
            <Text span fw={600}>
              {role}
            </Text>
          </Text>
          {roleNote && (
            <Text size="xs" c="dimmed">
              {roleNote}
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
