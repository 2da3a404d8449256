import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { isApiError } from '@web/api/client';

interface Props {
  opened: boolean;
  pending: boolean;
  /** The server's message for a wrong or missing password, shown under the field. */
  error: string | null;
  onCancel: () => void;
  onConfirm: (currentPassword: string) => void;
}

/** Turning two-step verification off asks for the password: a stolen session alone cannot do it. */
export function ConfirmTwoStepOffModal({ opened, pending, error, onCancel, onConfirm }: Props) {
  const [password, setPassword] = useState('');

  function close() {
    setPassword('');
    onCancel();
  }

  return (
    <Modal opened={opened} onClose={close} title="Turn off two-step verification?" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (password) onConfirm(password);
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Log ins will need only your password, and every other device signed in to your account will be
            logged out. Enter your current password to confirm.
          </Text>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            data-autofocus
            value={password}
            error={error}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={pending} disabled={!password}>
              Turn off
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The message to show under the password field for a failed confirmation, if the error is about it. */
export function currentPasswordError(error: unknown): string | null {
  return isApiError(error) ? (error.fieldMessages('current_password')[0] ?? null) : null;
}
