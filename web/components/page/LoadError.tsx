import { Button } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { GENERIC_ERROR } from '@common/api/errors';
import { EmptyPanel } from './EmptyPanel';

/** A section's data failed to load: the generic message and a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyPanel
      testId="load-error"
      icon={<IconCloudOff size={26} />}
      title={GENERIC_ERROR}
      description="We couldn't load this section. Check your connection and try again."
    >
      <Button variant="default" onClick={onRetry}>
        Try again
      </Button>
    </EmptyPanel>
  );
}
