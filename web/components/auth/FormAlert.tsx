import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';

/** A message about the whole form (wrong password, expired link), above its fields. */
export function FormAlert({
  children,
  kind = 'error',
  title,
}: {
  children: ReactNode;
  kind?: 'error' | 'info';
  title?: string;
}) {
  return (
    <Alert
      role={kind === 'error' ? 'alert' : 'status'}
      color={kind === 'error' ? 'red' : 'brand'}
      variant="light"
      radius="md"
      title={title}
      icon={kind === 'error' ? <IconAlertCircle size={18} /> : <IconInfoCircle size={18} />}
      data-testid={kind === 'error' ? 'form-error' : 'form-info'}
    >
      {children}
    </Alert>
  );
}
