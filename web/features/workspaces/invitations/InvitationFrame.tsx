import type { ComponentProps, ReactNode } from 'react';
import { Center, Loader, Stack } from '@mantine/core';
import { isApiError } from '@web/api/client';
import { AuthHeading } from '@web/components/auth/AuthHeading';
import { FormAlert } from '@web/components/auth/FormAlert';
import { InvitationActions } from './InvitationParts';

/**
 * What an invitation page shows before it has an invitation: a loader while it loads, the message
 * of a failure other than not-found. Null once answered, or not found (the page says invalid then).
 */
export function invitationPending(query: {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
}): ReactNode {
  if (query.isPending)
    return (
      <Center py={80}>
        <Loader role="status" aria-label="Loading invitation" />
      </Center>
    );
  if (query.isError && query.error && !isApiError(query.error, 'not_found'))
    return <FormAlert>{query.error.message}</FormAlert>;
  return null;
}

/** An open invitation: the heading, its summary, and what the visitor can do with it. */
export function OpenInvitation({
  title,
  lead,
  summary,
  ...actions
}: { title: string; lead: string; summary: ReactNode } & ComponentProps<typeof InvitationActions>) {
  return (
    <div data-testid="invitation-page">
      <AuthHeading title={title}>{lead}</AuthHeading>
      <Stack gap="lg">
        {summary}
        <InvitationActions {...actions} />
      </Stack>
    </div>
  );
}
