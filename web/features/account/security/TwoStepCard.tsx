import { useState } from 'react';
import { Badge, Group, Switch, Text } from '@mantine/core';
import type { User } from '@common/api/users';
import { useUpdatePreference } from '../api/users';
import { snackbar } from '@web/components/snackbar/snackbar';
import { SettingsCard } from '@web/components/settings/SettingsCard';
import { ConfirmTwoStepOffModal, currentPasswordError } from './ConfirmTwoStepOffModal';

/** Two-step verification: a 6-digit code by e-mail at every log in. Off needs the password. */
export function TwoStepCard({ user }: { user: User }) {
  const update = useUpdatePreference(user.id);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const enabled = update.isPending ? Boolean(update.variables.is_2fa_enabled) : user.is_2fa_enabled;

  function save(next: boolean, currentPassword?: string) {
    update.mutate(
      { is_2fa_enabled: next, ...(currentPassword ? { current_password: currentPassword } : {}) },
      {
        onSuccess: () => {
          setConfirmingOff(false);
          snackbar.success({
            title: next ? 'Two-step verification activated' : 'Two-step verification deactivated',
            description: next
              ? `From now on we'll e-mail a code to ${user.email} when you log in.`
              : 'Your other devices were logged out.',
          });
        },
        onError: (error) => {
          const message = currentPasswordError(error);
          if (message) setPasswordError(message);
          else {
            setConfirmingOff(false);
            snackbar.error();
          }
        },
      },
    );
  }

  function toggle(next: boolean) {
    if (next) save(true);
    else {
      setPasswordError(null);
      setConfirmingOff(true);
    }
  }

  return (
    <SettingsCard
      testId="two-step"
      title="Two-step verification"
      description="Protect your account with a code we e-mail you each time you log in."
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm">
          <Text fw={500}>Verify log ins by e-mail</Text>
          <Badge variant="light" color={enabled ? 'teal' : 'gray'}>
            {enabled ? 'On' : 'Off'}
          </Badge>
        </Group>
        <Switch
          size="md"
          checked={enabled}
          disabled={update.isPending}
          onChange={(event) => toggle(event.currentTarget.checked)}
          aria-label="Two-step verification"
        />
      </Group>
      <ConfirmTwoStepOffModal
        opened={confirmingOff}
        pending={update.isPending}
        error={passwordError}
        onCancel={() => setConfirmingOff(false)}
        onConfirm={(password) => save(false, password)}
      />
    </SettingsCard>
  );
}
