import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { WORKSPACE_TEXTS, type Workspace, type WorkspaceMember } from '@common/api/workspaces';
import { plural } from '@common/text';
import { canEditRole, canRemoveMember } from '@common/workspaceRoles';
import type { WorkspaceState } from '@common/workspaceState';
import { useSignedInUser } from '@web/features/account';
import {
  useRemoveMember,
  useUpdateMemberRole,
  useWorkspaceMembers,
  type MemberRoleChange,
} from '../api/members';
import { reportWorkspaceAccessError } from '../accessErrors';
import { ASSIGNABLE_ROLES, roleLabel, roleOptions } from '../roleOptions';
import { LoadError } from '@web/components/page/LoadError';
import { Popup } from '@web/components/Popup/Popup';
import { snackbar } from '@web/components/snackbar/snackbar';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';

export const MEMBER_TEXTS = {
  removedTitle: (name: string) => `${name} Removed Successfully`,
  removedBody: 'This person has been removed from the workspace members.',
  removeBody: (name: string) =>
    `**${name}** will lose access to this workspace. Projects they own go to the workspace owner.`,
  removeCheckbox: 'I understand that this person will lose access to the workspace.',
  limitedTitle: 'Change role to Limited',
  limitedBody: (name: string) =>
    `**${name}** will only see the projects they are invited to, and the projects they own move to the workspace owner.`,
} as const;

/** The members of a workspace: role select where the role may be edited, remove where allowed. */
export function MembersList({ workspace, state }: { workspace: Workspace; state: WorkspaceState }) {
  const user = useSignedInUser();
  const members = useWorkspaceMembers(workspace.id, state.userCanListAllMembers);
  const updateRole = useUpdateMemberRole(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const [limiting, setLimiting] = useState<WorkspaceMember | null>(null);
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);
  if (!user) return null;
  const actor = { role: workspace.current_user_role.name, userId: user.id };

  function changeRole(member: WorkspaceMember, role: MemberRoleChange) {
    updateRole.mutate(
      { memberId: member.id, role },
      {
        onSuccess: () => snackbar.success({ title: WORKSPACE_TEXTS.roleUpdated }),
        onError: (error) => {
          if (reportWorkspaceAccessError(error, workspace)) return;
          snackbar.error({ title: WORKSPACE_TEXTS.roleUpdateFailed });
        },
        onSettled: () => setLimiting(null),
      },
    );
  }

  function pickRole(member: WorkspaceMember, role: MemberRoleChange) {
    if (role === member.role.name) return;
    if (role === 'limited') return setLimiting(member);
    changeRole(member, role);
  }

  function confirmRemove() {
    if (!removing) return;
    const member = removing;
    remove.mutate(member.id, {
      onSuccess: () => {
        snackbar.success({
          title: MEMBER_TEXTS.removedTitle(member.user.name),
          description: MEMBER_TEXTS.removedBody,
        });
      },
      onError: (error) => {
        if (reportWorkspaceAccessError(error, workspace)) return;
        snackbar.error();
      },
      onSettled: () => setRemoving(null),
    });
  }

  const title = state.userCanListAllMembers ? 'Members' : 'Collaborators';
  return (
    <Stack gap="sm" data-testid="members-list">
      <Group justify="space-between" align="flex-end">
        <Title order={3}>{title}</Title>
        {members.data && (
          <Text size="sm" c="dimmed" data-testid="members-count">
            {members.data.length === 1 ? '1 person' : `${members.data.length} people`}
            {state.userCanListAllMembers &&
              ` · ${workspace.seats_used} of ${plural(state.subscriptionMaxMembersCount, 'seat')} taken, pending invitations included`}
          </Text>
        )}
      </Group>
      {members.isError ? (
        <LoadError onRetry={() => void members.refetch()} />
      ) : (
        <Paper withBorder>
          <Table verticalSpacing="sm" horizontalSpacing="lg">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th w={200}>Role</Table.Th>
                <Table.Th w={60} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.isPending && (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Skeleton height={36} />
                  </Table.Td>
                </Table.Tr>
              )}
              {members.data?.map((member) => {
                const target = { role: member.role.name, userId: member.user_id };
                const editable = canEditRole(actor, target, state.isActive);
                const removable = canRemoveMember(actor, target) && member.user_id !== user.id;
                const isMe = member.user_id === user.id;
                return (
                  <Table.Tr key={member.id} data-testid={`member-${member.user.email}`}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <UserAvatar user={member.user} size={36} radius="xl" />
                        <div style={{ minWidth: 0 }}>
                          <Text size="sm" fw={500} truncate>
                            {member.user.name}
                            {isMe && (
                              <Text span size="xs" c="dimmed" ml={6}>
                                (you)
                              </Text>
                            )}
                          </Text>
                          <Text size="xs" c="dimmed" truncate>
                            {member.user.email}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {editable ? (
                        <Select
                          size="sm"
                          aria-label={`Role of ${member.user.name}`}
                          data={roleOptions(ASSIGNABLE_ROLES)}
                          value={member.role.name}
                          allowDeselect={false}
                          disabled={updateRole.isPending && updateRole.variables.memberId === member.id}
                          onChange={(value) => value && pickRole(member, value as MemberRoleChange)}
                          comboboxProps={{ withinPortal: true }}
                        />
                      ) : (
                        <Badge
                          variant={member.role.name === 'owner' ? 'filled' : 'light'}
                          color="brand"
                          radius="sm"
                          size="md"
                          tt="none"
                        >
                          {roleLabel(member.role.name)}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {removable && (
                        <Tooltip label="Remove from workspace" withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${member.user.name}`}
                            onClick={() => setRemoving(member)}
                          >
                            <IconUserMinus size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Popup
        opened={limiting !== null}
        onClose={() => setLimiting(null)}
        closable={!updateRole.isPending}
        title={MEMBER_TEXTS.limitedTitle}
        description={limiting ? MEMBER_TEXTS.limitedBody(limiting.user.name) : undefined}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setLimiting(null) },
          {
            label: 'Change role',
            loading: updateRole.isPending,
            onClick: () => limiting && changeRole(limiting, 'limited'),
          },
        ]}
      />
      <Popup
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        closable={!remove.isPending}
        icon={<IconUserMinus size={22} color="var(--mantine-color-red-6)" />}
        title="Remove Member"
        description={removing ? MEMBER_TEXTS.removeBody(removing.user.name) : undefined}
        checkbox={{ label: MEMBER_TEXTS.removeCheckbox }}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setRemoving(null) },
          { label: 'Remove', variant: 'danger', loading: remove.isPending, onClick: confirmRemove },
        ]}
      />
    </Stack>
  );
}
