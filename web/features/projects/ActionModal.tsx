import type { ReactNode } from 'react';
import { Group, Modal, Text } from '@mantine/core';
import { useFocusReturnToOpener } from '@web/components/focus/useFocusReturnToOpener';

/** The frame of the project list's dialogs: icon and title, the app's popup look. */
export function ActionModal({
  opened,
  onClose,
  busy = false,
  icon,
  title,
  size = 'md',
  children,
}: {
  opened: boolean;
  onClose: () => void;
  /** While sending: no Escape, no click outside. */
  busy?: boolean;
  icon: ReactNode;
  title: string;
  size?: string | number;
  children: ReactNode;
}) {
  useFocusReturnToOpener(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
      title={
        <Group gap="sm" wrap="nowrap">
          {icon}
          <Text fw={650} size="lg">
            {title}
          </Text>
        </Group>
      }
      centered
      radius="lg"
      padding="xl"
      size={size}
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
    >
      {children}
    </Modal>
  );
}
