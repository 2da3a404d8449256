import { useState } from 'react';
import { Radio, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { PROJECT_TEXTS, type Project } from '@common/api/projects';
import { INVITE_MESSAGE_MAX } from '@common/limits';
import { useProjectMembers, useTransferProjectOwnership } from '@web/features/projects/api/projects';
import { LoadError } from '@web/components/page/LoadError';
import { snackbar } from '@web/components/snackbar/snackbar';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import { ActionModal } from '@web/features/projects/ActionModal';
import { DialogButtons, Emphasis } from '@web/features/projects/DialogParts';
import { OptionCard } from '@web/components/cards/OptionCard';
import { showActionError } from './actionErrors';
import { messageName } from './projectActionTexts';
import classes from '@web/features/projects/actionModals.module.css';

/**
 * 'Transfer Ownership' of a project to one of its members (§4: the previous owner becomes a
 * collaborator, the new owner becomes owner).
 */
export function TransferOwnershipModal({
  project,
  opened,
  onClose,
}: {
  project: Project;
  opened: boolean;
  onClose: () => void;
}) {
  const members = useProjectMembers(project.id, opened);
  const transfer = useTransferProjectOwnership(project.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const candidates = (members.data ?? []).filter((m) => m.role.name !== 'owner');
  const tooLong = message.trim().length > INVITE_MESSAGE_MAX;

  function submit() {
    if (!chosen || tooLong) return;
    transfer.mutate(
      { member_id: Number(chosen), ...(message.trim() ? { message: message.trim() } : {}) },
      {
        onSuccess: () => {
          snackbar.success({ title: PROJECT_TEXTS.ownershipTransferred });
          onClose();
        },
        onError: showActionError,
      },
    );
  }

  return (
    <ActionModal
      opened={opened}
      onClose={onClose}
      busy={transfer.isPending}
      icon={<IconUserShare size={22} color="var(--mantine-color-brand-6)" />}
      title="Transfer Ownership"
    >
      <Stack gap="md" data-testid="transfer-ownership">
        <Text size="sm" c="dimmed" lh={1.6}>
          Choose who becomes the owner of <Emphasis>{messageName(project.name)}</Emphasis>. You stay in the
          project as a collaborator.
        </Text>
        {members.isPending && <Skeleton height={120} radius="md" />}
        {members.isError && <LoadError onRetry={() => void members.refetch()} />}
        {members.isSuccess && candidates.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="lg" className={classes.emptyBox}>
            Nobody else is in this project yet. Invite someone first, then make them the owner.
          </Text>
        )}
        {candidates.length > 0 && (
          <Radio.Group value={chosen} onChange={setChosen} aria-label="New owner">
            <div className={classes.scrollList}>
              <Stack gap={8}>
                {candidates.map((member) => (
                  <OptionCard key={member.id} value={String(member.id)} label={member.user.name}>
                    <UserAvatar user={member.user} size={34} radius="xl" />
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate>
                        {member.user.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {member.user.email}
                      </Text>
                    </div>
                    <Text size="xs" c="dimmed" fw={500}>
                      {member.role.label}
                    </Text>
                  </OptionCard>
                ))}
              </Stack>
            </div>
          </Radio.Group>
        )}
        {candidates.length > 0 && (
          <Textarea
            label="Message"
            description="Optional: a note for the new owner."
            autosize
            minRows={2}
            maxRows={5}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            error={tooLong ? `Message should be up to ${INVITE_MESSAGE_MAX} characters long.` : undefined}
          />
        )}
        <DialogButtons
          label="Transfer Ownership"
          busy={transfer.isPending}
          disabled={!chosen || tooLong}
          onCancel={onClose}
          onSubmit={submit}
        />
      </Stack>
    </ActionModal>
  );
}
