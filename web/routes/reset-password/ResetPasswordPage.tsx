import { Button, PasswordInput, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { resetPasswordSchema } from '@common/api/auth';
import { PASSWORD_MIN } from '@common/limits';
import { useResetPassword } from '@web/features/account';
import { AuthHeading } from '@web/components/auth/AuthHeading';
import { FormAlert } from '@web/components/auth/FormAlert';
import { snackbar } from '@web/components/snackbar/snackbar';
import { useZodForm } from '@web/forms/useZodForm';

/** /reset-password?reset_password_token=…: chooses a new password and signs the user in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('reset_password_token') ?? '';
  const reset = useResetPassword();
  const form = useZodForm(
    resetPasswordSchema,
    { password: '', password_confirmation: '' },
    { reset_password_token: token },
  );

  if (!token) {
    return (
      <>
        <AuthHeading title="This link is incomplete">
          The password reset link is missing its code. Open the link from the e-mail again, or ask for a new
          one.
        </AuthHeading>
        <Button component={Link} to="/forgot" size="md" fullWidth>
          Request a new link
        </Button>
      </>
    );
  }

  const submit = form.onSubmit((values) =>
    reset.mutate(
      { ...values, reset_password_token: token },
      {
        // Success signs the user in; RedirectIfAuthed then leaves for /projects.
        onSuccess: () =>
          snackbar.success({
            title: 'Password changed',
            description: 'You are now logged in with your new password.',
          }),
        onError: form.showServerError,
      },
    ),
  );

  return (
    <>
      <AuthHeading title="Choose a new password">Use at least {PASSWORD_MIN} characters.</AuthHeading>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {form.formError && (
            <FormAlert>
              {form.formError}{' '}
              <Link to="/forgot" style={{ fontWeight: 600 }}>
                Request a new link
              </Link>
            </FormAlert>
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            autoFocus
            {...form.inputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            {...form.inputProps('password_confirmation')}
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            Save new password
          </Button>
        </Stack>
      </form>
    </>
  );
}
