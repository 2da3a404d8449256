import { IconTrash } from '@tabler/icons-react';
import type { AssetView } from '@common/api/assets';
import { Popup } from '@web/components/Popup/Popup';
import { useDeleteLastRound } from './useDeleteLastRound';

export const DELETE_ROUND_TEXTS = {
  title: (n: number) => `Delete Round ${n}?`,
  description: (n: number, previous: number) =>
    `**Round ${n}** and its files will be deleted for everyone; **Round ${previous}** becomes the current round. This cannot be undone.`,
  confirm: 'Delete Round',
  cancel: 'Cancel',
} as const;

/** The confirmation of deleting the latest round; null `round` keeps it closed. */
export function DeleteRoundPopup({
  asset,
  round,
  previous,
  onClose,
}: {
  asset: Pick<AssetView, 'id' | 'project_id'>;
  /** The latest round's number while asking. */
  round: number | null;
  previous: number;
  onClose: () => void;
}) {
  const deletion = useDeleteLastRound(asset);
  return (
    <Popup
      opened={round !== null}
      onClose={onClose}
      closable={!deletion.isPending}
      icon={<IconTrash size={22} color="var(--mantine-color-red-6)" />}
      title={DELETE_ROUND_TEXTS.title(round ?? 0)}
      description={DELETE_ROUND_TEXTS.description(round ?? 0, previous)}
      actions={[
        { label: DELETE_ROUND_TEXTS.cancel, variant: 'secondary', onClick: onClose },
        {
          label: DELETE_ROUND_TEXTS.confirm,
          variant: 'danger',
          loading: deletion.isPending,
          onClick: () => deletion.mutate(undefined, { onSettled: onClose }),
        },
      ]}
    />
  );
}
