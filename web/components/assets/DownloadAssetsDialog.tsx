import { useState } from 'react';
import { Button, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { AssetView } from '@common/api/assets';
import {
  canDownloadAllRounds,
  effectiveChoice,
  initialChoice,
  type DownloadChoice,
} from '@common/assetGrid/downloadChoice';
import { plural } from '@common/text';
import { assetDownloadUrl, startDownload } from '@web/api/assetDownloads';
import { useSignedInUser } from '@web/api/session';
import { ProjectModal } from '@web/components/projects/ProjectModal';
import { downloadAsZip, showZipBox } from './downloadAsZip';

export const DOWNLOAD_DIALOG_TEXTS = {
  title: 'Download Asset(s)',
  size: 'Image size',
  original: 'Original',
  originalHint: 'The file as it was uploaded',
  lowRes: 'Low res image',
  lowResHint: 'A lighter JPEG, for review and e-mail',
  roundNumber: 'Add the round number to file names',
  allRounds: (rounds: number) => `Download all ${rounds} rounds as a zip`,
} as const;

type DownloadTarget = Pick<AssetView, 'id' | 'name' | 'asset_versions_count'>;

function DownloadForm({
  projectId,
  assets,
  onDone,
}: {
  projectId: number;
  assets: readonly DownloadTarget[];
  onDone: () => void;
}) {
  const user = useSignedInUser();
  const [choice, setChoice] = useState<DownloadChoice>(() =>
    initialChoice(user?.user_preference.asset_downloads_resolution),
  );
  const allRoundsOffered = canDownloadAllRounds(assets);
  const effective = effectiveChoice(choice, allRoundsOffered);
  const flags = { low_res: effective.resolution === 'low_res', with_round_number: effective.withRoundNumber };
  const single = assets.length === 1 ? assets[0] : undefined;

  function download() {
    onDone();
    if (!single) {
      void downloadAsZip(
        projectId,
        assets.map((a) => a.id),
        flags,
      );
      return;
    }
    // One file, or the zip of its rounds, streams straight from its address.
    if (effective.allRounds) showZipBox(single.name)();
    startDownload(assetDownloadUrl(single.id, { ...flags, all_rounds: effective.allRounds }));
  }

  return (
    <Stack gap="lg" data-testid="download-dialog">
      <Text size="sm" c="dimmed" truncate>
        {single ? single.name : `${plural(assets.length, 'asset')} as one zip`}
      </Text>
      <Radio.Group
        label={DOWNLOAD_DIALOG_TEXTS.size}
        value={choice.resolution}
        onChange={(value) =>
          setChoice({ ...choice, resolution: value === 'low_res' ? 'low_res' : 'original' })
        }
      >
        <Stack gap="sm" mt="xs">
          <Radio
            value="original"
            label={DOWNLOAD_DIALOG_TEXTS.original}
            description={DOWNLOAD_DIALOG_TEXTS.originalHint}
          />
          <Radio
            value="low_res"
            label={DOWNLOAD_DIALOG_TEXTS.lowRes}
            description={DOWNLOAD_DIALOG_TEXTS.lowResHint}
          />
        </Stack>
      </Radio.Group>
      <Stack gap="sm">
        {allRoundsOffered && single && (
          <Checkbox
            label={DOWNLOAD_DIALOG_TEXTS.allRounds(single.asset_versions_count)}
            checked={choice.allRounds}
            onChange={(event) => setChoice({ ...choice, allRounds: event.currentTarget.checked })}
          />
        )}
        <Checkbox
          label={DOWNLOAD_DIALOG_TEXTS.roundNumber}
          checked={effective.withRoundNumber}
          // All rounds forces the numbers on: the rounds would otherwise share one name.
          disabled={effective.allRounds}
          onChange={(event) => setChoice({ ...choice, withRoundNumber: event.currentTarget.checked })}
        />
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button leftSection={<IconDownload size={16} />} onClick={download} data-autofocus>
          Download
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Download Asset(s)': image size, round number, and all rounds for one asset that has several. */
export function DownloadAssetsDialog({
  projectId,
  assets,
  onClose,
}: {
  projectId: number;
  /** Null while the dialog is closed. */
  assets: readonly DownloadTarget[] | null;
  onClose: () => void;
}) {
  return (
    <ProjectModal title={DOWNLOAD_DIALOG_TEXTS.title} opened={assets !== null} onClose={onClose} size={440}>
      {assets && <DownloadForm projectId={projectId} assets={assets} onDone={onClose} />}
    </ProjectModal>
  );
}
