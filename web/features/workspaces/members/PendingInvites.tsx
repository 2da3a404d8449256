import {
  ActionIcon,
  Badge,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconMail, IconTrash } from '@tabler/icons-react';
import { WORKSPACE_TEXTS, type Workspace } from '@common/api/workspaces';
import { canDeleteInvite } from '@common/workspaceRoles';
import { useDeleteInvite, useWorkspaceInvites } from '../api/members';
import { reportWorkspaceAccessError } from '../accessErrors';
import { roleLabel } from '../roleOptions';
import { snackbar } from '@web/components/snackbar/snackbar';

/** MM/DD/YYYY, the spec's default date format (§9). */
function formatDate(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** Invitations not accepted yet, each deletable by whoever may (permission and level, §5). */
export function PendingInvites({ workspace }: { workspace: Workspace }) {
  const invites = useWorkspaceInvites(workspace.id);
  const remove = useDeleteInvite(workspace.id);
  const actorRole = workspace.current_user_role.name;
  if (!invites.data || invites.data.length === 0) return null;

  function deleteInvite(id: number) {
    remove.mutate(id, {
      onSuccess: () => snackbar.success({ title: WORKSPACE_TEXTS.inviteDeleted }),
      onError: (error) => {
        if (reportWorkspaceAccessError(error, workspace)) return;
        snackbar.error();
      },
    });
  }

  return (
    <Stack gap="sm" data-testid="pending-invites">
      <Title order={3}>Pending invitations</Title>
      <Paper withBorder>
        <Table verticalSpacing="sm" horizontalSpacing="lg">
          <Table.Tbody>
            {invites.data.map((invite) => (
              <Table.Tr key={invite.id} data-testid={`invite-${invite.email}`}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon variant="light" color="gray" radius="xl" size={36}>
                      <IconMail size={18} />
                    </ThemeIcon>
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate>
                        {invite.email}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Invited {formatDate(invite.created_at)}
                        {invite.invited_by ? ` by ${invite.invited_by.name}` : ''}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td w={200}>
                  <Badge variant="light" color="gray" radius="sm" tt="none" size="md">
                    {roleLabel(invite.role.name)}
                  </Badge>
                </Table.Td>
                <Table.Td w={60} ta="right">
                  {canDeleteInvite(actorRole, invite.role.name) && (
                    <Tooltip label="Delete invitation" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete the invitation of ${invite.email}`}
                        loading={remove.isPending && remove.variables === invite.id}
                        onClick={() => deleteInvite(invite.id)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
