import { Button } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { GENERIC_ERROR_LATER } from '@common/api/errors';
import { FullScreen } from './FullScreen';

/** The first call failed for a reason other than "not signed in" (server down, network). */
export function LoadFailedScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <FullScreen
      testId="load-failed"
      icon={<IconCloudOff size={36} />}
      title="We couldn't reach Proofroom"
      description={GENERIC_ERROR_LATER}
    >
      <Button onClick={onRetry}>Try again</Button>
    </FullScreen>
  );
}
