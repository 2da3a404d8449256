import { Stack } from '@mantine/core';
import { useSignedInUser } from '../api/session';
import { DownloadResolutionCard } from './DownloadResolutionCard';
import { ProfileForm } from './ProfileForm';

/** The Profile tab. The form starts afresh whenever the saved profile changes. */
export function ProfileSection() {
  const user = useSignedInUser();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <ProfileForm key={`${user.name}|${user.email}|${user.avatar ?? ''}`} user={user} />
      <DownloadResolutionCard user={user} />
    </Stack>
  );
}
