import { Stack } from '@mantine/core';
import { useCurrentUser } from '@web/api/session';
import { ChangePasswordCard } from './ChangePasswordCard';
import { TwoStepCard } from './TwoStepCard';

/** The Security tab. */
export function SecuritySection() {
  const user = useCurrentUser();
  return (
    <Stack gap="lg">
      <ChangePasswordCard userId={user.id} />
      <TwoStepCard user={user} />
    </Stack>
  );
}
