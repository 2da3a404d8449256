import { useState } from 'react';
import { Button, Select, Stack, Text } from '@mantine/core';
import { IconCircleCheckFilled, IconMailForward, IconMailOff } from '@tabler/icons-react';
import { truncate } from '@common/text';
import { WORKSPACE_TEXTS, type Workspace } from '@common/api/workspaces';
import { defaultInviteRole, invitableRoles, type WorkspaceRole } from '@common/workspaceRoles';
import type { WorkspaceState } from '@common/workspaceState';
import { isApiError } from '@web/api/client';
import { useInviteMembers } from '../api/members';
import { reportWorkspaceAccessError } from '../accessErrors';
import { memberLimitFor, memberLimitFromRefusal, type MemberLimitKind } from '../memberLimit';
import { MemberLimitPopup } from '../MemberLimitPopup';
import { ROLE_DESCRIPTIONS, roleLabel } from '../roleOptions';
import { Popup } from '@web/components/Popup/Popup';
import { EmailChipsInput } from '@web/components/invite/EmailChipsInput';
import { MessageField } from '@web/components/invite/MessageField';
import { useInviteDraft } from '@web/components/invite/useInviteDraft';
import { SettingsCard } from '@web/components/settings/SettingsCard';
import { inviteErrorText, INVITATION_ERROR_TITLE } from './inviteErrors';

/** E-mails are cut at 40 characters in messages (§9). */
const EMAIL_IN_MESSAGE_MAX = 40;
export const INVITE_PLACEHOLDER = 'Email';
export const INVITE_DISABLED_PLACEHOLDER = 'Only admins can invite people';

/** The invite form: e-mail chips, a role with its description, an optional message. */
export function InviteCard({ workspace, state }: { workspace: Workspace; state: WorkspaceState }) {
  const actorRole = workspace.current_user_role.name;
  const roles = invitableRoles(actorRole);
  const disabled = roles.length === 0;
  const invite = useInviteMembers(workspace.id);
  const draft = useInviteDraft({ sending: invite.isPending, disabled });
  const [role, setRole] = useState<WorkspaceRole>(defaultInviteRole(actorRole) ?? 'admin');
  const [limit, setLimit] = useState<MemberLimitKind | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string[] | null>(null);

  const planName = workspace.pricing_plan?.name ?? null;

  function send() {
    const emails = draft.take();
    if (!emails) return;
    const blocked = memberLimitFor({
      state,
      seatsUsed: workspace.seats_used,
      planName,
      role,
      count: emails.length,
    });
    if (blocked) return setLimit(blocked);
    const invites = emails.map((email) => ({
      email,
      role: role as 'admin' | 'collaborator',
      ...draft.note,
    }));
    invite.mutate(
      { invites },
      {
        onSuccess: () => {
          setSentTo(emails);
          draft.clear();
        },
        onError: (error) => {
          if (reportWorkspaceAccessError(error, workspace)) return;
          if (isApiError(error, 'forbidden_subscription_limit_reached'))
            return setLimit(memberLimitFromRefusal(state, planName));
          if (isApiError(error, 'inactive_workspace')) return setLimit('suspended');
          setFailure(inviteErrorText(error));
        },
      },
    );
  }

  return (
    <SettingsCard
      title="Invite people"
      testId="invite-card"
      description="Invitations are sent by e-mail. Members take a seat of your plan from the moment they are invited; collaborators are unlimited."
      footer={
        <Button
          leftSection={<IconMailForward size={16} />}
          disabled={!draft.canSend}
          loading={invite.isPending}
          onClick={send}
        >
          Send invitation
        </Button>
      }
    >
      <Stack gap="md">
        <EmailChipsInput
          label="Email addresses"
          {...draft.chipsInput}
          disabled={disabled || invite.isPending}
          placeholder={disabled ? INVITE_DISABLED_PLACEHOLDER : INVITE_PLACEHOLDER}
        />
        <Stack gap={6}>
          <Select
            label="Role"
            data={roles.map((r) => ({ value: r, label: roleLabel(r) }))}
            value={role}
            onChange={(value) => value && setRole(value)}
            allowDeselect={false}
            disabled={disabled}
            renderOption={({ option }) => (
              <div>
                <Text size="sm" fw={500}>
                  {option.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {ROLE_DESCRIPTIONS[option.value]}
                </Text>
              </div>
            )}
            comboboxProps={{ withinPortal: true }}
            maw={320}
          />
          {ROLE_DESCRIPTIONS[role] && (
            <Text size="sm" c="dimmed" data-testid="role-description">
              {`${roleLabel(role)}s ${ROLE_DESCRIPTIONS[role]}.`}
            </Text>
          )}
        </Stack>
        <MessageField
          value={draft.message}
          onChange={draft.setMessage}
          disabled={disabled}
          placeholder="Add a note to the invitation"
        />
      </Stack>
      <MemberLimitPopup
        kind={limit}
        workspaceId={workspace.id}
        isOwner={state.currentUserIsOwner}
        onClose={() => setLimit(null)}
      />
      <Popup
        opened={failure !== null}
        onClose={() => setFailure(null)}
        icon={<IconMailOff size={22} color="var(--mantine-color-red-6)" />}
        title={INVITATION_ERROR_TITLE}
        description={failure ?? undefined}
        actions={[{ label: 'Ok', onClick: () => setFailure(null) }]}
      />
      <Popup
        opened={sentTo !== null}
        onClose={() => setSentTo(null)}
        icon={<IconCircleCheckFilled size={24} color="var(--mantine-color-teal-6)" />}
        title={WORKSPACE_TEXTS.inviteSentTitle}
        description={
          sentTo
            ? WORKSPACE_TEXTS.inviteSentBody(sentTo.map((e) => truncate(e, EMAIL_IN_MESSAGE_MAX)).join(', '))
            : undefined
        }
        actions={[{ label: 'Ok', onClick: () => setSentTo(null) }]}
      />
    </SettingsCard>
  );
}
