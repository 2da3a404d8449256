import { Stack } from '@mantine/core';
import { useSignedInUser } from '../api/session';
import { ChangePasswordCard } from './ChangePasswordCard';
import { TwoStepCard } from './TwoStepCard';

/** The Security tab. */
export function SecuritySection() {
  const user = useSignedInUser();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <ChangePasswordCard userId={user.id} />
      <TwoStepCard user={user} />
    </Stack>
  );
}
