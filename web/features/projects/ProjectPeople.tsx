import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Group, Skeleton, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconMail, IconTrash, IconUserMinus } from '@tabler/icons-react';
import { PROJECT_TEXTS, type ProjectMember } from '@common/api/projects';
import { useProjectMembers } from '@web/features/projects/api/projects';
import {
  useDeleteProjectInvite,
  useProjectInvites,
  useRemoveProjectMember,
} from '@web/features/projects/api/projectMembers';
import { useSignedInUser } from '@web/features/account';
import { Popup } from '@web/components/Popup/Popup';
import { snackbar } from '@web/components/snackbar/snackbar';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';

export const PEOPLE_TEXTS = {
  removeTitle: 'Remove Member',
  removeBody: (name: string) => `**${name}** will lose access to this project.`,
  removeCheckbox: 'I understand that this person will lose access to the project.',
} as const;

function RoleBadge({ label, owner }: { label: string; owner?: boolean }) {
  return (
    <Badge variant={owner ? 'filled' : 'light'} color={owner ? 'brand' : 'gray'} radius="sm" tt="none">
      {label}
    </Badge>
  );
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.4}>
      {children}
    </Text>
  );
}

function RemoveButton({
  tooltip,
  label,
  icon,
  loading,
  onClick,
}: {
  tooltip: string;
  label: string;
  icon: ReactNode;
  loading?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip label={tooltip} withArrow>
      <ActionIcon variant="subtle" color="red" aria-label={label} loading={loading} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** One line of the people list: picture, name and address, role, and an action that may be missing. */
function PersonRow({
  leading,
  title,
  subtitle,
  role,
  action,
  testId,
}: {
  leading: ReactNode;
  title: ReactNode;
  subtitle: string | null;
  role: ReactNode;
  action: ReactNode;
  testId: string;
}) {
  return (
    <Group gap="sm" wrap="nowrap" data-testid={testId}>
      {leading}
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {title}
        </Text>
        {subtitle && (
          <Text size="xs" c="dimmed" truncate>
            {subtitle}
          </Text>
        )}
      </div>
      {role}
      <div style={{ width: 28 }}>{action}</div>
    </Group>
  );
}

/** The project's members, each removable where the server says so. */
function MembersList({ projectId }: { projectId: number }) {
  const user = useSignedInUser();
  const members = useProjectMembers(projectId);
  const remove = useRemoveProjectMember(projectId);
  const [removing, setRemoving] = useState<ProjectMember | null>(null);

  function confirmRemove() {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => snackbar.success({ title: PROJECT_TEXTS.userRemoved }),
      onError: () => snackbar.error({ title: PROJECT_TEXTS.generic }),
      onSettled: () => setRemoving(null),
    });
  }

  return (
    <Stack gap="xs" data-testid="project-members">
      <SectionTitle>{`People in this project${members.data ? ` (${members.data.length})` : ''}`}</SectionTitle>
      {members.isPending && <Skeleton height={44} />}
      {members.isError && (
        <Text size="sm" c="red">
          {PROJECT_TEXTS.genericLater}
        </Text>
      )}
      {members.data?.map((member) => (
        <PersonRow
          key={member.id}
          testId={`project-member-${member.user.email}`}
          leading={<UserAvatar user={member.user} size={34} radius="xl" />}
          title={
            <>
              {member.user.name}
              {member.user.id === user?.id && (
                <Text span size="xs" c="dimmed" ml={6}>
                  (you)
                </Text>
              )}
            </>
          }
          subtitle={member.user.email}
          role={<RoleBadge label={member.role.label} owner={member.role.name === 'owner'} />}
          action={
            member.can_be_removed && (
              <RemoveButton
                tooltip="Remove from project"
                label={`Remove ${member.user.name}`}
                icon={<IconUserMinus size={16} />}
                onClick={() => setRemoving(member)}
              />
            )
          }
        />
      ))}
      <Popup
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        closable={!remove.isPending}
        icon={<IconUserMinus size={22} color="var(--mantine-color-red-6)" />}
        title={PEOPLE_TEXTS.removeTitle}
        description={removing ? PEOPLE_TEXTS.removeBody(removing.user.name) : undefined}
        checkbox={{ label: PEOPLE_TEXTS.removeCheckbox }}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setRemoving(null) },
          { label: 'Remove', variant: 'danger', loading: remove.isPending, onClick: confirmRemove },
        ]}
      />
    </Stack>
  );
}

/** Invitations not accepted yet; hidden when there are none. */
function PendingInvites({ projectId }: { projectId: number }) {
  const invites = useProjectInvites(projectId);
  const remove = useDeleteProjectInvite(projectId);
  if (!invites.data || invites.data.length === 0) return null;

  function deleteInvite(id: number) {
    remove.mutate(id, {
      onSuccess: () => snackbar.success({ title: PROJECT_TEXTS.inviteDeleted }),
      onError: () => snackbar.error({ title: PROJECT_TEXTS.generic }),
    });
  }

  return (
    <Stack gap="xs" data-testid="project-pending-invites">
      <SectionTitle>{`Pending invitations (${invites.data.length})`}</SectionTitle>
      {invites.data.map((invite) => (
        <PersonRow
          key={invite.id}
          testId={`project-invite-${invite.email}`}
          leading={
            <ThemeIcon variant="light" color="gray" radius="xl" size={34}>
              <IconMail size={16} />
            </ThemeIcon>
          }
          title={invite.email}
          subtitle={invite.invited_by ? `Invited by ${invite.invited_by.name}` : null}
          role={<RoleBadge label={invite.role.label} />}
          action={
            invite.can_be_deleted && (
              <RemoveButton
                tooltip="Delete invitation"
                label={`Delete the invitation of ${invite.email}`}
                icon={<IconTrash size={16} />}
                loading={remove.isPending && remove.variables === invite.id}
                onClick={() => deleteInvite(invite.id)}
              />
            )
          }
        />
      ))}
    </Stack>
  );
}

/** Who is in the project and who is invited, under the invite form. */
export function ProjectPeople({ projectId }: { projectId: number }) {
  return (
    <Stack gap="lg">
      <MembersList projectId={projectId} />
      <PendingInvites projectId={projectId} />
    </Stack>
  );
}
