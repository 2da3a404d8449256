import { useState } from 'react';
import { Button, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { AssetView } from '@common/api/assets';
import {
  canDownloadAllRounds,
  effectiveChoice,
  initialChoice,
  severalAssetsSummary,
  type DownloadChoice,
} from '@common/assetGrid/downloadChoice';
import { assetDownloadUrl, startDownload } from '@web/features/downloads/api/assetDownloads';
import { useSignedInUser } from '@web/features/account';
import { ProjectModal } from '@web/components/modal/ProjectModal';
import { downloadAsZip, downloadPlaceAsZip, showZipBox } from './downloadAsZip';
import { placeDownloadSummary, placeDownloadTitle, type DownloadPlace } from './downloadPlace';

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

/**
 * The dialog's form: image size, round number and, for one asset that has several rounds, all
 * rounds. It answers the effective choice; what to download is its host's.
 */
function DownloadForm({
  summary,
  summaryWraps = false,
  roundsOfOne,
  onDownload,
  onDone,
}: {
  /** The line under the title: what will be downloaded. */
  summary: string;
  /** A sentence wraps; a file name stays on one line, cut. */
  summaryWraps?: boolean;
  /** The rounds of the one asset when all of them may be downloaded, else null. */
  roundsOfOne: number | null;
  onDownload: (choice: DownloadChoice) => void;
  onDone: () => void;
}) {
  const user = useSignedInUser();
  const [choice, setChoice] = useState<DownloadChoice>(() =>
    initialChoice(user?.user_preference.asset_downloads_resolution),
  );
  const effective = effectiveChoice(choice, roundsOfOne !== null);

  return (
    <Stack gap="lg" data-testid="download-dialog">
      <Text size="sm" c="dimmed" truncate={!summaryWraps}>
        {summary}
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
        {roundsOfOne !== null && (
          <Checkbox
            label={DOWNLOAD_DIALOG_TEXTS.allRounds(roundsOfOne)}
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
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => {
            onDone();
            onDownload(effective);
          }}
          data-autofocus
        >
          Download
        </Button>
      </Group>
    </Stack>
  );
}

const flagsOf = (choice: DownloadChoice) => ({
  low_res: choice.resolution === 'low_res',
  with_round_number: choice.withRoundNumber,
});

/** One file, or the zip of its rounds, streams straight from its address; several go as one zip. */
function downloadAssets(projectId: number, assets: readonly DownloadTarget[], choice: DownloadChoice) {
  const single = assets.length === 1 ? assets[0] : undefined;
  if (!single) {
    void downloadAsZip(
      projectId,
      assets.map((a) => a.id),
      flagsOf(choice),
    );
    return;
  }
  if (choice.allRounds) showZipBox(single.name)();
  startDownload(assetDownloadUrl(single.id, { ...flagsOf(choice), all_rounds: choice.allRounds }));
}

/**
 * 'Download Asset(s)': image size, round number, and all rounds for one asset that has several.
 * Given a place instead, the whole project or one folder as one zip: the same choices but all
 * rounds.
 */
export function DownloadAssetsDialog({
  projectId,
  assets = null,
  place = null,
  onClose,
}: {
  projectId: number;
  /** The assets to download; null while the dialog is closed (or open for a place). */
  assets?: readonly DownloadTarget[] | null;
  /** The project or folder to download whole; null while the dialog is closed (or open for assets). */
  place?: DownloadPlace | null;
  onClose: () => void;
}) {
  let title: string = DOWNLOAD_DIALOG_TEXTS.title;
  let form = null;
  if (place) {
    title = placeDownloadTitle(place);
    form = (
      <DownloadForm
        summary={placeDownloadSummary(place)}
        summaryWraps
        roundsOfOne={null}
        onDownload={(choice) => void downloadPlaceAsZip(projectId, place, flagsOf(choice))}
        onDone={onClose}
      />
    );
  } else if (assets) {
    const single = assets.length === 1 ? assets[0] : undefined;
    form = (
      <DownloadForm
        summary={single ? single.name : severalAssetsSummary(assets.length)}
        roundsOfOne={single && canDownloadAllRounds(assets) ? single.asset_versions_count : null}
        onDownload={(choice) => downloadAssets(projectId, assets, choice)}
        onDone={onClose}
      />
    );
  }
  return (
    <ProjectModal title={title} opened={form !== null} onClose={onClose} size={440}>
      {form}
    </ProjectModal>
  );
}
