import { lazy, Suspense, useState } from 'react';
import { Anchor, Center, Loader, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ACCESS_CODE_REQUIRED } from '@common/api/errors';
import { useResendAccessCode, useSignIn } from '@web/features/account';
import { AuthHeading } from '@web/components/auth/AuthHeading';
import { snackbar } from '@web/components/snackbar/snackbar';
import { authLink } from '@web/auth/redirectTarget';
import { signInErrorMessage, signInOutcome } from './authErrors';
import { CredentialsStep, type Credentials } from './CredentialsStep';

// Only accounts with two-step verification see the code step: it loads when first needed.
const CodeStep = lazy(async () => ({ default: (await import('./CodeStep')).CodeStep }));

/** /login: e-mail and password, then the e-mailed code when two-step verification is on. */
export function LoginPage() {
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const resend = useResendAccessCode();
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Each refused code starts the code boxes afresh (remount), focused on the first digit.
  const [codeAttempt, setCodeAttempt] = useState(0);

  function submit(next: Credentials, accessCode?: string) {
    setError(null);
    signIn.mutate(
      { ...next, ...(accessCode ? { access_code: accessCode } : {}) },
      {
        onError: (failure) => {
          const outcome = signInOutcome(failure);
          if (outcome === 'ask_code') {
            setCredentials(next);
            setNeedsCode(true);
            return;
          }
          if (outcome === 'bad_code' || outcome === 'expired_code') setCodeAttempt((n) => n + 1);
          setError(signInErrorMessage(failure));
        },
      },
    );
  }

  function resendCode() {
    if (!credentials) return;
    resend.mutate(credentials.email, {
      onSuccess: () =>
        snackbar.success({
          title: 'Code resent',
          description: `We sent a new code to ${credentials.email}.`,
        }),
      onError: (failure) => snackbar.error({ title: signInErrorMessage(failure) }),
    });
  }

  if (needsCode && credentials) {
    return (
      <>
        <AuthHeading title="Check your e-mail">{ACCESS_CODE_REQUIRED}</AuthHeading>
        <Suspense
          fallback={
            <Center py="xl">
              <Loader role="status" size="sm" type="dots" aria-label="Loading" />
            </Center>
          }
        >
          <CodeStep
            key={codeAttempt}
            email={credentials.email}
            pending={signIn.isPending}
            error={error}
            resending={resend.isPending}
            onSubmit={(code) => submit(credentials, code)}
            onResend={resendCode}
            onBack={() => {
              setNeedsCode(false);
              setError(null);
            }}
          />
        </Suspense>
      </>
    );
  }

  return (
    <>
      <AuthHeading title="Welcome back">Log in to review your team's work.</AuthHeading>
      <CredentialsStep
        initialEmail={credentials?.email ?? params.get('em') ?? ''}
        pending={signIn.isPending}
        error={error}
        onSubmit={submit}
      />
      <Text size="sm" c="dimmed" ta="center" mt="xl">
        New to Proofroom?{' '}
        <Anchor component={Link} to={authLink('/signup', params)} fw={600}>
          Create an account
        </Anchor>
      </Text>
    </>
  );
}
