import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Tooltip } from '@mantine/core';
import { GENERIC_ERROR } from '@common/api/errors';
import { WORKSPACE_TEXTS, type Workspace, type WorkspaceMember } from '@common/api/workspaces';
import type { WorkspaceState } from '@common/workspaceState';
import { isApiError } from '@web/api/client';
import { useWorkspaceMembers } from '../api/members';
import { useTransferOwnership } from '../api/workspaces';
import { reportWorkspaceAccessError } from '../accessErrors';
import { FormAlert } from '@web/components/auth/FormAlert';
import { messageProblem } from '@web/components/invite/message';
import { MessageField } from '@web/components/invite/MessageField';
import { SettingsCard } from '@web/components/settings/SettingsCard';
import { transferCandidates } from './transferRules';

export const TRANSFER_TEXTS = {
  inactive: 'Ownership can be transferred only while the workspace is active.',
  alone: 'Invite someone to this workspace before transferring its ownership.',
} as const;

/**
 * Transfer Ownership (owner, when the workspace has a subscription): disabled on an inactive
 * workspace, enabled only when someone besides the owner can take it (§5).
 */
export function TransferOwnershipCard({
  workspace,
  state,
  onTransferred,
}: {
  workspace: Workspace;
  state: WorkspaceState;
  /** Called once the workspace changed hands: this card disappears then (the caller is no owner). */
  onTransferred: () => void;
}) {
  const members = useWorkspaceMembers(workspace.id, true);
  const [open, setOpen] = useState(false);
  const candidates = transferCandidates(members.data ?? [], workspace.owner.id);
  const enabled = state.isActive && candidates.length > 0;
  const reason = !state.isActive
    ? TRANSFER_TEXTS.inactive
    : candidates.length === 0
      ? TRANSFER_TEXTS.alone
      : null;

  return (
    <SettingsCard
      title="Transfer Ownership"
      testId="transfer-ownership"
      description="Hand this workspace to another member. You will stay in it as a Member and no longer manage its plan and billing."
      footer={
        <Tooltip label={reason} disabled={!reason || members.isPending} withArrow>
          <span>
            <Button
              variant="default"
              disabled={!enabled}
              loading={members.isPending}
              onClick={() => setOpen(true)}
            >
              Transfer Ownership
            </Button>
          </span>
        </Tooltip>
      }
    >
      {reason && !members.isPending && (
        <Text size="sm" c="dimmed" data-testid="transfer-disabled-reason">
          {reason}
        </Text>
      )}
      <TransferDialog
        opened={open}
        workspace={workspace}
        candidates={candidates}
        onClose={() => setOpen(false)}
        onDone={onTransferred}
      />
    </SettingsCard>
  );
}

function TransferDialog({
  opened,
  workspace,
  candidates,
  onClose,
  onDone,
}: {
  opened: boolean;
  workspace: Workspace;
  candidates: WorkspaceMember[];
  onClose: () => void;
  onDone: () => void;
}) {
  const transfer = useTransferOwnership(workspace.id);
  const [memberId, setMemberId] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosen = candidates.find((m) => String(m.id) === memberId);
  const ownsOne = chosen?.user_owns_a_workspace === true;
  const tooLong = messageProblem(message);
  const canSend = chosen !== undefined && !ownsOne && !tooLong && !transfer.isPending;

  function close() {
    if (transfer.isPending) return;
    setMemberId(null);
    setMessage('');
    setError(null);
    onClose();
  }

  function send() {
    if (!chosen) return;
    setError(null);
    // mutateAsync: the success arrives after the cache made the caller a Member, which unmounts
    // this dialog; the promise still settles, and onDone belongs to a parent that stays.
    transfer
      .mutateAsync({ workspace_member_id: chosen.id, ...(message.trim() ? { message: message.trim() } : {}) })
      .then(onDone, (failure: unknown) => {
        if (reportWorkspaceAccessError(failure, workspace)) return onClose();
        const base = isApiError(failure, 'invalid_record') ? failure.fieldMessages('base')[0] : undefined;
        setError(base ?? (isApiError(failure) && failure.status < 500 ? failure.message : GENERIC_ERROR));
      });
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text fw={650} size="lg">
          Transfer Ownership
        </Text>
      }
      centered
      radius="lg"
      padding="xl"
      size="md"
      closeOnClickOutside={!transfer.isPending}
      withCloseButton={!transfer.isPending}
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed" lh={1.6}>
          Choose the member who will own <b>{workspace.name}</b>. You will become a Member of the workspace.
        </Text>
        {error && <FormAlert>{error}</FormAlert>}
        <Select
          label="New owner"
          placeholder="Choose a member"
          data={candidates.map((m) => ({ value: String(m.id), label: `${m.user.name} (${m.user.email})` }))}
          value={memberId}
          onChange={(value) => {
            setMemberId(value);
            setError(null);
          }}
          searchable
          nothingFoundMessage="No member matches"
          error={ownsOne ? WORKSPACE_TEXTS.alreadyOwnsWorkspace : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        <MessageField value={message} onChange={setMessage} minRows={3} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={close} disabled={transfer.isPending} data-autofocus>
            Cancel
          </Button>
          <Button onClick={send} disabled={!canSend} loading={transfer.isPending}>
            Transfer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
