import { useState } from 'react';
import { Button, Divider, Group, Select, Stack } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { PROJECT_TEXTS } from '@common/api/projects';
import {
  defaultProjectInviteRole,
  invitableProjectRoles,
  PROJECT_ROLE_DESCRIPTIONS,
  PROJECT_ROLES,
  type InvitableProjectRole,
} from '@common/projectRoles';
import { useProject } from '@web/features/projects/api/project';
import { useInviteToProject } from '@web/features/projects/api/projectMembers';
import { snackbar } from '@web/components/snackbar/snackbar';
import { EmailChipsInput } from '@web/components/invite/EmailChipsInput';
import { MessageField } from '@web/components/invite/MessageField';
import { useInviteDraft } from '@web/components/invite/useInviteDraft';
import { projectInviteError } from './inviteErrors';
import { ProjectModal, type ProjectModalProps } from '@web/components/modal/ProjectModal';
import { ProjectPeople } from './ProjectPeople';

export const PROJECT_INVITE_PLACEHOLDER = 'Email, space or tab separated';
export const PROJECT_INVITE_DISABLED_PLACEHOLDER = 'Only admins can invite people';

export type { ProjectModalProps };

function InviteForm({ projectId }: { projectId: number }) {
  const project = useProject(projectId);
  const actorRole = project.data?.current_user_role?.name ?? null;
  const roles = invitableProjectRoles(actorRole);
  const disabled = roles.length === 0;
  const invite = useInviteToProject(projectId);
  const draft = useInviteDraft({ sending: invite.isPending, disabled });
  const [pickedRole, setRole] = useState<InvitableProjectRole | null>(null);
  const role = pickedRole ?? defaultProjectInviteRole(actorRole) ?? 'viewer';

  function send() {
    const invitees = draft.take();
    if (!invitees) return;
    invite.mutate(
      { invitees, role, ...draft.note },
      {
        onSuccess: () => {
          snackbar.success({
            title: PROJECT_TEXTS.invitationsSentTitle,
            description: PROJECT_TEXTS.invitationsSentBody,
          });
          draft.clear();
        },
        onError: (error) => snackbar.error(projectInviteError(error)),
      },
    );
  }

  return (
    <Stack gap="md">
      <EmailChipsInput
        label="Email addresses"
        {...draft.chipsInput}
        disabled={disabled || invite.isPending}
        placeholder={disabled ? PROJECT_INVITE_DISABLED_PLACEHOLDER : PROJECT_INVITE_PLACEHOLDER}
      />
      <Select
        label="Role"
        data={roles.map((r) => ({ value: r, label: PROJECT_ROLES[r].label }))}
        value={disabled ? null : role}
        onChange={(value) => value && setRole(value)}
        allowDeselect={false}
        disabled={disabled}
        description={disabled ? undefined : PROJECT_ROLE_DESCRIPTIONS[role]}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        comboboxProps={{ withinPortal: true }}
      />
      <MessageField
        value={draft.message}
        onChange={draft.setMessage}
        disabled={disabled}
        placeholder="Add a note to the invitation"
      />
      <Group justify="flex-end">
        <Button
          leftSection={<IconMailForward size={16} />}
          disabled={!draft.canSend}
          loading={invite.isPending}
          onClick={send}
        >
          Send Invitations
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Invite to Project': e-mail chips, a role, a message, then who is in and who is invited. */
export function InviteToProjectModal({ projectId, opened, onClose }: ProjectModalProps) {
  return (
    <ProjectModal title="Invite to Project" opened={opened} onClose={onClose} size={560}>
      <Stack gap="lg" data-testid="invite-to-project">
        <InviteForm projectId={projectId} />
        <Divider />
        <ProjectPeople projectId={projectId} />
      </Stack>
    </ProjectModal>
  );
}
