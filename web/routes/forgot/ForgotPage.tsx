import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '@common/api/auth';
import { useForgotPassword } from '@web/features/account';
import { AuthHeading } from '@web/components/auth/AuthHeading';
import { FormAlert } from '@web/components/auth/FormAlert';
import { useZodForm } from '@web/forms/useZodForm';

function BackToLogin() {
  return (
    <Anchor component={Link} to="/login" size="sm" fw={500} c="dimmed">
      <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
      Back to log in
    </Anchor>
  );
}

/** /forgot: asks for a reset link. The answer is the same whether or not the address exists. */
export function ForgotPage() {
  const forgot = useForgotPassword();
  const form = useZodForm(forgotPasswordSchema, { email: '' });
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);

  const send = (email: string) =>
    forgot.mutate(email, {
      onSuccess: ({ message }) => setSentTo({ email, message }),
      onError: form.showServerError,
    });

  if (sentTo) {
    return (
      <Stack gap="lg" data-testid="forgot-sent">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconMailCheck size={30} />
        </ThemeIcon>
        <AuthHeading title="Check your inbox">{sentTo.message}</AuthHeading>
        <Text size="sm" c="dimmed" mt={-16}>
          The link works once and expires after a while. Nothing there? Check your spam folder, or send it
          again.
        </Text>
        <Button variant="default" onClick={() => send(sentTo.email)} loading={forgot.isPending}>
          Send the link again
        </Button>
        <BackToLogin />
      </Stack>
    );
  }

  return (
    <>
      <AuthHeading title="Reset your password">
        Enter the e-mail you signed up with and we'll send you a link to choose a new password.
      </AuthHeading>
      <form onSubmit={form.onSubmit(({ email }) => send(email))} noValidate>
        <Stack gap="md">
          {form.formError && <FormAlert>{form.formError}</FormAlert>}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            autoFocus
            {...form.inputProps('email')}
          />
          <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
            Send reset link
          </Button>
          <BackToLogin />
        </Stack>
      </form>
    </>
  );
}
