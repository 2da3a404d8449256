import { Button } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NOT_FOUND } from '@common/api/errors';
import { FullScreen } from '@web/components/screens/FullScreen';

/** Any address the route table does not know. */
export function NotFoundPage() {
  return (
    <FullScreen
      testId="not-found"
      icon={<IconCompass size={36} />}
      title="Page not found"
      description={NOT_FOUND}
    >
      <Button component={Link} to="/projects">
        Go to projects
      </Button>
    </FullScreen>
  );
}
