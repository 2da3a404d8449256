import { useEffect, useState, type FormEvent } from 'react';
import { Button, Loader, PasswordInput, Stack } from '@mantine/core';
import { IconClockX, IconLinkOff, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PROJECT_TEXTS } from '@common/api/projects';
import { isApiError } from '@web/api/client';
import { sharedKeys } from '@web/api/keys';
import { sharedRefusal, useUnlockShare } from '@web/features/sharing';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { LoadError } from '@web/components/page/LoadError';
import { Page } from '@web/components/page/Page';

export const SHARED_TEXTS = {
  notFoundTitle: 'Link not available',
  expiredTitle: 'Link expired',
  expiredBody: `${PROJECT_TEXTS.shareExpired} Ask the person who shared it for a new link.`,
  passwordTitle: 'Password required',
} as const;

function PasswordPrompt({ shareHash }: { shareHash: string }) {
  const unlock = useUnlockShare(shareHash);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError('Password must not be empty.');
    unlock.mutate(password, {
      onError: (failure) =>
        setError(
          isApiError(failure, 'invalid_share_password')
            ? PROJECT_TEXTS.sharePasswordWrong
            : isApiError(failure)
              ? failure.message
              : PROJECT_TEXTS.generic,
        ),
    });
  }

  return (
    <EmptyPanel
      testId="shared-password"
      icon={<IconLock size={28} />}
      title={SHARED_TEXTS.passwordTitle}
      description={PROJECT_TEXTS.sharePasswordRequired}
    >
      <form onSubmit={submit} noValidate style={{ width: 320, textAlign: 'left' }}>
        <Stack gap="sm">
          <PasswordInput
            label="Password"
            autoFocus
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setError(null);
            }}
          />
          <Button type="submit" loading={unlock.isPending} fullWidth>
            Open Project
          </Button>
        </Stack>
      </form>
    </EmptyPanel>
  );
}

/**
 * A page's own read found the link itself refused (expired, locked), say on the stream's news: the
 * link is read again, so the whole view says so (the bar's guest and trail go), not this page alone.
 */
function useWholeViewRefused(shareHash: string, refusal: ReturnType<typeof sharedRefusal>) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (refusal !== 'expired' && refusal !== 'password') return;
    const key = sharedKeys.project(shareHash);
    if (queryClient.getQueryState(key)?.status === 'error') return;
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }, [queryClient, shareHash, refusal]);
}

/**
 * What a shared page shows when its call is refused: the password prompt, or a clear page for
 * a revoked or unknown link (404) and for an expired one. Anything else offers a retry.
 */
export function SharedRefusal({
  shareHash,
  error,
  onRetry,
}: {
  shareHash: string;
  error: unknown;
  onRetry: () => void;
}) {
  const refusal = sharedRefusal(error);
  useWholeViewRefused(shareHash, refusal);
  let content;
  if (refusal === 'password') content = <PasswordPrompt shareHash={shareHash} />;
  else if (refusal === 'error') content = <LoadError onRetry={onRetry} />;
  else {
    const expired = refusal === 'expired';
    content = (
      <EmptyPanel
        testId={expired ? 'shared-expired' : 'shared-not-found'}
        icon={expired ? <IconClockX size={28} /> : <IconLinkOff size={28} />}
        title={expired ? SHARED_TEXTS.expiredTitle : SHARED_TEXTS.notFoundTitle}
        description={expired ? SHARED_TEXTS.expiredBody : PROJECT_TEXTS.shareNotFound}
      >
        <Button component={Link} to="/" variant="default">
          Go to Proofroom
        </Button>
      </EmptyPanel>
    );
  }
  return <Page size={720}>{content}</Page>;
}

export function SharedLoading() {
  return <Loader role="status" mx="auto" my={96} display="block" aria-label="Loading shared project" />;
}
