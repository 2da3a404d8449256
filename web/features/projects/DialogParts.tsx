import type { ReactNode } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A name standing out of a dialog's dimmed sentence. */
export function Emphasis({ children }: { children: ReactNode }) {
  return (
    <Text span fw={600} c="var(--mantine-color-text)">
      {children}
    </Text>
  );
}

/** What refused the dialog's action, said inside the dialog. */
export function DialogAlert({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid={testId}>
      {children}
    </Alert>
  );
}

/**
 * Cancel and the dialog's action, at the bottom right. Without `onSubmit` the action submits
 * the dialog's form. While busy Cancel is off and the action spins.
 */
export function DialogButtons({
  label,
  busy,
  disabled,
  onCancel,
  onSubmit,
}: {
  label: string;
  busy: boolean;
  disabled?: boolean;
  onCancel: () => void;
  onSubmit?: () => void;
}) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} disabled={disabled} loading={busy}>
        {label}
      </Button>
    </Group>
  );
}

/** Beside a workspace that cannot take a project now: 'Suspended', or another reason. */
export function SuspendedTag({ label = 'Suspended' }: { label?: string }) {
  return (
    <Text size="xs" c="red.7" fw={500} style={{ whiteSpace: 'nowrap' }}>
      {label}
    </Text>
  );
}
