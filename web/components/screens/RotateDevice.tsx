import { IconDeviceMobileRotated } from '@tabler/icons-react';
import { FullScreen } from './FullScreen';

/** A phone held sideways on a responsive page. */
export function RotateDevice() {
  return (
    <FullScreen
      testId="rotate-device"
      icon={<IconDeviceMobileRotated size={36} />}
      title="Please, rotate your device"
      description="This page works best in portrait."
    />
  );
}
