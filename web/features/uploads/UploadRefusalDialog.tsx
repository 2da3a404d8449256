import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconDatabaseOff,
  IconFileAlert,
  IconFileDiff,
  IconStack2,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ASSET_TEXTS } from '@common/api/assets';
import { storageLimitMessage, storageUpgradePath } from '@common/uploads/uploadRefusals';
import { UPLOAD_BOX_TEXTS } from '@common/uploads/uploadTexts';
import { Popup, type PopupAction } from '@web/components/Popup/Popup';
import { OPEN_PLAN_MODAL } from '@web/features/workspaces';
import type { PendingRefusal } from './uploadStore';

/**
 * The first refusal still waiting, with the invalid-format ones right behind it shown together
 * (one 'Invalid Format' dialog for a drop with several wrong files).
 */
function nextDialog(refusals: readonly PendingRefusal[]): PendingRefusal[] {
  const [first] = refusals;
  if (!first) return [];
  if (first.refusal.kind !== 'invalidFormat') return [first];
  const together: PendingRefusal[] = [];
  for (const pending of refusals) {
    if (pending.refusal.kind !== 'invalidFormat') break;
    together.push(pending);
  }
  return together;
}

const iconProps = { size: 22 } as const;

/**
 * The dialogs of §8 for a refused upload: 'Invalid Format', 'Upload Error' for a taken name (with
 * the offer to send the file as the next round of the asset of that name), and 'Storage limit
 * reached!' per role; and the question before a new round of another file type. One at a time,
 * in the order they came.
 */
export function UploadRefusalDialog({
  refusals,
  onDismiss,
  onUploadAsRound,
  onConfirmRound,
}: {
  refusals: readonly PendingRefusal[];
  onDismiss: (ids: number[]) => void;
  onUploadAsRound: (pending: PendingRefusal) => void;
  onConfirmRound: (pending: PendingRefusal) => void;
}) {
  const navigate = useNavigate();
  const shown = nextDialog(refusals);
  // Keeps the last content while the modal animates out.
  const [last, setLast] = useState<PendingRefusal[]>([]);
  if (shown.length > 0 && shown[0]?.id !== last[0]?.id) setLast(shown);
  const current = shown.length > 0 ? shown : last;
  const first = current[0];
  const close = () => onDismiss(shown.map((p) => p.id));
  const ok: PopupAction = { label: 'Ok', variant: 'secondary', onClick: close };

  let title = '';
  let description: string | undefined;
  let body = null;
  let icon = null;
  let actions: PopupAction[] = [ok];

  switch (first?.refusal.kind) {
    case undefined:
      break;
    case 'invalidFormat':
      title = ASSET_TEXTS.invalidFormatTitle;
      icon = <IconFileAlert {...iconProps} color="var(--mantine-color-orange-6)" />;
      body = (
        <Stack gap="xs" data-testid="invalid-format-files">
          {current.map((pending) => (
            <Text key={pending.id} size="sm" c="dimmed" lh={1.6}>
              {pending.refusal.kind === 'invalidFormat' ? pending.refusal.message : ''}
            </Text>
          ))}
        </Stack>
      );
      break;
    case 'nameTaken': {
      const refusal = first.refusal;
      title = ASSET_TEXTS.uploadErrorTitle;
      icon = <IconAlertTriangle {...iconProps} color="var(--mantine-color-orange-6)" />;
      const asRound = refusal.existingAssetId !== null && first.file !== null;
      body = (
        <Stack gap="md">
          <Stack gap={4} data-testid="upload-error-message">
            <Text size="sm" fw={600} truncate title={refusal.file}>
              {refusal.file}
            </Text>
            <Text size="sm" c="dimmed" lh={1.6}>
              {refusal.message}
            </Text>
          </Stack>
          {asRound && (
            // Beyond the spec: retouchers send a corrected file under the same name as the next round.
            <Button
              variant="light"
              fullWidth
              justify="flex-start"
              leftSection={<IconStack2 size={18} />}
              onClick={() => onUploadAsRound(first)}
              // A long file name wraps rather than being cut: it names the asset that gets the round.
              h="auto"
              py={10}
              styles={{
                label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left', lineHeight: 1.4 },
              }}
            >
              {UPLOAD_BOX_TEXTS.uploadAsRound(refusal.file)}
            </Button>
          )}
        </Stack>
      );
      if (asRound) actions = [{ ...ok, label: 'Cancel' }];
      break;
    }
    case 'roundOneFile':
      title = ASSET_TEXTS.uploadErrorTitle;
      icon = <IconAlertTriangle {...iconProps} color="var(--mantine-color-orange-6)" />;
      description = first.refusal.message;
      break;
    case 'roundTypeChange': {
      const asked = first;
      title = UPLOAD_BOX_TEXTS.typeChangeTitle;
      icon = <IconFileDiff {...iconProps} color="var(--mantine-color-brand-6)" />;
      description = first.refusal.message;
      actions = [
        { ...ok, label: 'Cancel' },
        { label: UPLOAD_BOX_TEXTS.typeChangeConfirm, onClick: () => onConfirmRound(asked) },
      ];
      break;
    }
    case 'storageLimit': {
      const { facts } = first.refusal;
      title = ASSET_TEXTS.storageLimitTitle;
      icon = <IconDatabaseOff {...iconProps} color="var(--mantine-color-red-6)" />;
      description = storageLimitMessage(facts);
      if (facts.isOwner && facts.workspaceId > 0)
        actions = [
          { ...ok, label: 'Not now' },
          {
            label: 'Upgrade',
            onClick: () => {
              close();
              void navigate(storageUpgradePath(facts.workspaceId), { state: OPEN_PLAN_MODAL });
            },
          },
        ];
      break;
    }
  }

  return (
    <Popup
      opened={shown.length > 0}
      onClose={close}
      title={title}
      icon={icon}
      description={description}
      actions={actions}
    >
      {body}
    </Popup>
  );
}
