import type { ReactNode } from 'react';
import { Modal, Text } from '@mantine/core';
import { useFocusReturnToOpener } from '@web/components/focus/useFocusReturnToOpener';

/** What every modal a project opens takes (the project list's actions menu opens them too). */
export interface ProjectModalProps {
  projectId: number;
  opened: boolean;
  onClose: () => void;
}

/** The frame of the project modals: a bold title, centred, the app's overlay. */
export function ProjectModal({
  title,
  opened,
  onClose,
  size = 520,
  closable = true,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  size?: number;
  /** False while something is being sent. */
  closable?: boolean;
  children: ReactNode;
}) {
  useFocusReturnToOpener(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={650} size="lg">
          {title}
        </Text>
      }
      centered
      radius="lg"
      padding="xl"
      size={size}
      withCloseButton={closable}
      closeOnEscape={closable}
      closeOnClickOutside={closable}
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
    >
      {children}
    </Modal>
  );
}
