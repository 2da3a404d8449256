import { ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Popup } from '@web/components/Popup/Popup';

export interface ResultMessage {
  kind: 'success' | 'error';
  title: string;
  description?: string;
  /** An extra action beside Ok (a way to fix what failed). */
  action?: { label: string; onClick: () => void };
}

/** The dialog after a billing action: 'Successful Purchase', 'Plan Restored', 'Oops, something went wrong!', … */
export function ResultDialog({ message, onClose }: { message: ResultMessage | null; onClose: () => void }) {
  const icon =
    message?.kind === 'error' ? (
      <ThemeIcon color="red" variant="light" radius="xl" size={34}>
        <IconAlertTriangle size={20} />
      </ThemeIcon>
    ) : (
      <ThemeIcon color="teal" variant="light" radius="xl" size={34}>
        <IconCircleCheck size={20} />
      </ThemeIcon>
    );
  return (
    <Popup
      opened={message !== null}
      onClose={onClose}
      title={message?.title ?? ''}
      description={message?.description}
      icon={icon}
      actions={[
        ...(message?.action
          ? [{ label: message.action.label, variant: 'secondary' as const, onClick: message.action.onClick }]
          : []),
        { label: 'Ok', variant: 'primary' as const, onClick: onClose, gated: false },
      ]}
    />
  );
}
