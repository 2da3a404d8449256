import { Badge, Loader, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { extensionOf } from '@common/api/assets';
import type { SharedAsset } from '@common/api/sharedAssets';
import { PreviewPicture, PreviewProcessing } from '@web/features/assets';
import { FileTypeIcon } from '@web/components/FileTypeIcon/FileTypeIcon';
import classes from './SharedAssets.module.css';

export const SHARED_PREVIEW_TEXTS = {
  processing: 'Processing preview',
  failed: 'No preview',
} as const;

/**
 * The picture of a shared tile: the blurred placeholder first, the thumbnail over it once loaded;
 * a spinner while the round is processing; 'No preview' when none could be made; a typed icon
 * for a document without one.
 */
export function SharedAssetPreview({ asset, compact = false }: { asset: SharedAsset; compact?: boolean }) {
  const round = asset.current_version;
  const thumbnail = round.thumbnail_url;

  if (round.preview_state === 'processing')
    return (
      <div className={classes.preview} data-state="processing">
        {round.lqip_url && <img className={classes.lqip} src={round.lqip_url} alt="" aria-hidden />}
        {compact ? (
          <Loader
            role="status"
            size="xs"
            className={classes.status}
            aria-label={SHARED_PREVIEW_TEXTS.processing}
          />
        ) : (
          <PreviewProcessing text={SHARED_PREVIEW_TEXTS.processing} className={classes.status} />
        )}
      </div>
    );

  if (round.preview_state === 'failed' || !thumbnail)
    return (
      <div className={classes.preview} data-state={round.preview_state === 'failed' ? 'failed' : 'typed'}>
        <Stack gap={6} align="center" className={classes.status}>
          {asset.kind === 'document' ? (
            <FileTypeIcon name={asset.name} size={compact ? 22 : 40} />
          ) : (
            <IconPhotoOff size={compact ? 20 : 30} color="var(--mantine-color-gray-6)" aria-hidden />
          )}
          {!compact &&
            (round.preview_state === 'failed' ? (
              <Text size="xs" fw={600} c="red.8">
                {SHARED_PREVIEW_TEXTS.failed}
              </Text>
            ) : (
              <Badge variant="light" color="gray" radius="sm" size="sm">
                {extensionOf(asset.name).toUpperCase() || 'FILE'}
              </Badge>
            ))}
        </Stack>
      </div>
    );

  return (
    <div className={classes.preview} data-state="ready">
      <PreviewPicture thumbnail={thumbnail} lqip={round.lqip_url} testId="shared-thumbnail" lazy />
    </div>
  );
}
