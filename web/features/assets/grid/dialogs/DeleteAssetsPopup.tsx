import { IconTrash } from '@tabler/icons-react';
import type { AssetView } from '@common/api/assets';
import { plural, truncate } from '@common/text';
import { Popup } from '@web/components/Popup/Popup';

export const DELETE_ASSETS_TEXTS = {
  title: (n: number) => (n === 1 ? 'Delete Asset' : 'Delete Assets'),
  body: (assets: readonly Pick<AssetView, 'name'>[]) =>
    assets.length === 1
      ? `**${truncate(assets[0]!.name, 50)}** will be deleted with all its rounds and comments.`
      : `**${plural(assets.length, 'asset')}** will be deleted with all their rounds and comments.`,
  checkbox: 'I understand that deleted assets cannot be restored.',
} as const;

/** The removal confirmation (§5): Delete works only once the checkbox is ticked. */
export function DeleteAssetsPopup({
  assets,
  onDelete,
  onClose,
}: {
  assets: readonly AssetView[] | null;
  onDelete: (ids: number[]) => void;
  onClose: () => void;
}) {
  const list = assets ?? [];
  return (
    <Popup
      opened={assets !== null}
      onClose={onClose}
      icon={<IconTrash size={22} color="var(--mantine-color-red-6)" />}
      title={DELETE_ASSETS_TEXTS.title(list.length)}
      description={list.length > 0 ? DELETE_ASSETS_TEXTS.body(list) : undefined}
      checkbox={{ label: DELETE_ASSETS_TEXTS.checkbox }}
      actions={[
        { label: 'Cancel', variant: 'secondary', onClick: onClose },
        {
          label: 'Delete',
          variant: 'danger',
          onClick: () => {
            onClose();
            onDelete(list.map((a) => a.id));
          },
        },
      ]}
    />
  );
}
