import { Radio, Stack } from '@mantine/core';
import { PREFERENCES_SAVED } from '@common/api/errors';
import type { DownloadResolution, User } from '@common/api/users';
import { useUpdatePreference } from '../api/users';
import { snackbar } from '@web/components/snackbar/snackbar';
import { SettingsCard } from '@web/components/settings/SettingsCard';

const OPTIONS: { value: DownloadResolution; label: string; description: string }[] = [
  { value: 'original', label: 'Original', description: 'The file exactly as it was uploaded.' },
  { value: 'low_res', label: 'Low res image', description: 'A lighter copy, quicker to download and share.' },
];

/** The size of downloaded images: saved as soon as it is picked. */
export function DownloadResolutionCard({ user }: { user: User }) {
  const update = useUpdatePreference(user.id);
  const value = update.isPending
    ? (update.variables.asset_downloads_resolution ?? user.user_preference.asset_downloads_resolution)
    : user.user_preference.asset_downloads_resolution;

  return (
    <SettingsCard
      testId="download-resolution"
      title="Downloads"
      description="The image size used when you download assets."
    >
      <Radio.Group
        value={value}
        onChange={(next) =>
          update.mutate(
            { asset_downloads_resolution: next },
            {
              onSuccess: () => snackbar.success({ title: PREFERENCES_SAVED }),
              onError: () => snackbar.error(),
            },
          )
        }
      >
        <Stack gap="md">
          {OPTIONS.map((option) => (
            <Radio
              key={option.value}
              value={option.value}
              label={option.label}
              description={option.description}
              disabled={update.isPending}
            />
          ))}
        </Stack>
      </Radio.Group>
    </SettingsCard>
  );
}
