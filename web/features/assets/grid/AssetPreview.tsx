import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPhotoOff } from '@tabler/icons-react';
import { extensionOf, type AssetView } from '@common/api/assets';
import { PREVIEW_TEXTS } from '@common/assetGrid/describeAsset';
import { PreviewProcessing } from '@web/features/assets/PreviewProcessing';
import { FileTypeIcon } from '@web/components/FileTypeIcon/FileTypeIcon';
import { PreviewPicture } from '@web/features/assets/PreviewPicture';
import classes from './AssetPreview.module.css';

/** A document or picture with no preview to show: its type's icon and its extension. */
function TypedPlaceholder({ name }: { name: string }) {
  return (
    <Stack gap={8} align="center" className={classes.placeholder} data-testid="asset-typed-icon">
      <FileTypeIcon name={name} size={44} />
      <Badge variant="light" color="gray" radius="sm" size="sm">
        {extensionOf(name).toUpperCase() || 'FILE'}
      </Badge>
    </Stack>
  );
}

/**
 * The picture of a tile: the tiny blurred placeholder first, the thumbnail over it once loaded;
 * a spinner while the round is processing; the reason when no preview could be made; a typed
 * icon for a document without one.
 */
export function AssetPreview({ asset }: { asset: AssetView }) {
  const round = asset.current_version;
  const thumbnail = round.thumbnail_url;

  if (round.preview_state === 'processing' || asset.is_processing)
    return (
      <div className={classes.preview} data-state="processing">
        {round.lqip_url && (
          <img className={classes.lqip} src={round.lqip_url} alt="" aria-hidden draggable={false} />
        )}
        <PreviewProcessing text={PREVIEW_TEXTS.processing} className={classes.status} />
      </div>
    );

  if (round.preview_state === 'failed' || !thumbnail)
    return (
      <div className={classes.preview} data-state={round.preview_state === 'failed' ? 'failed' : 'typed'}>
        {asset.kind === 'document' && round.preview_state !== 'failed' ? (
          <TypedPlaceholder name={asset.name} />
        ) : (
          <Stack gap={6} align="center" className={classes.status} px="md">
            {asset.kind === 'document' ? (
              <FileTypeIcon name={asset.name} size={36} />
            ) : (
              <IconPhotoOff size={30} color="var(--mantine-color-gray-5)" aria-hidden />
            )}
            <Text size="xs" fw={600} c="red.7">
              {PREVIEW_TEXTS.failed}
            </Text>{' '}
            {round.preview_error && (
              <Text size="xs" c="dimmed" ta="center" lineClamp={3} data-testid="asset-preview-error">
                {round.preview_error}
              </Text>
            )}
          </Stack>
        )}
      </div>
    );

  return (
    <div className={classes.preview} data-state="ready">
      {round.preview_error && (
        // The file decoded only in part (a truncated JPEG): what decoded shows, and the tile says so.
        <Tooltip label={round.preview_error} multiline w={260} withArrow>
          <Badge
            className={classes.damaged}
            color="orange"
            variant="filled"
            radius="sm"
            size="sm"
            leftSection={<IconAlertTriangle size={12} />}
            tt="none"
            data-testid="asset-preview-damaged"
          >
            {PREVIEW_TEXTS.damaged}
          </Badge>
        </Tooltip>
      )}
      <PreviewPicture thumbnail={thumbnail} lqip={round.lqip_url} testId="asset-thumbnail" />
    </div>
  );
}
