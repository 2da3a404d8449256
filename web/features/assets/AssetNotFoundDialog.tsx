import { IconPhotoX } from '@tabler/icons-react';
import { ASSET_TEXTS } from '@common/api/assets';
import { Popup } from '@web/components/Popup/Popup';
import { assetNotFound, useAssetNotFoundOpen } from '@web/api/assetNotFound';

/** 'Asset Not Found': 'Seems like someone from the project has deleted this asset.' */
export function AssetNotFoundDialog() {
  const opened = useAssetNotFoundOpen();
  return (
    <Popup
      opened={opened}
      onClose={assetNotFound.close}
      icon={<IconPhotoX size={22} color="var(--mantine-color-gray-6)" />}
      title={ASSET_TEXTS.notFoundTitle}
      description={ASSET_TEXTS.notFound}
      actions={[{ label: 'OK', onClick: assetNotFound.close }]}
    />
  );
}
