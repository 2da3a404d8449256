import { Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { GENERIC_ERROR } from '@common/api/errors';
import { FullScreen } from './FullScreen';

/** A screen threw while rendering (route error boundary). */
export function CrashScreen() {
  return (
    <FullScreen testId="crash-screen" icon={<IconAlertTriangle size={36} />} title={GENERIC_ERROR}>
      <Group>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Button variant="default" component="a" href="/projects">
          Go to projects
        </Button>
      </Group>
    </FullScreen>
  );
}
