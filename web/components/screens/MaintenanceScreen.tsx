import { Button } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { FullScreen } from './FullScreen';

/** Shown when GET /status says maintenance; only closable outside production. */
export function MaintenanceScreen({ onClose }: { onClose?: () => void }) {
  return (
    <FullScreen
      testId="maintenance-screen"
      icon={<IconTool size={36} />}
      title="We'll be right back"
      description="Proofroom is down for scheduled maintenance. Your projects and files are safe; please check back in a few minutes."
    >
      {onClose && (
        <Button variant="default" onClick={onClose}>
          Continue anyway
        </Button>
      )}
    </FullScreen>
  );
}
