import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN } from '@common/limits';
import { useSignUp } from '@web/features/account';
import { AuthHeading } from '@web/components/auth/AuthHeading';
import { FormAlert } from '@web/components/auth/FormAlert';
import { authLink } from '@web/auth/redirectTarget';
import { noteSigningUp } from '@web/auth/sessionEvents';
import { useLoadedSchema } from '@web/forms/useLoadedSchema';
import { useZodForm } from '@web/forms/useZodForm';
import { invitationKind } from './invitationKind';

// Loaded after the page has drawn, as the login form's: zod is not on the page's critical path.
const loadSchema = async () => (await import('@common/api/auth')).signUpSchema.shape.user;

/** /signup?ih&type: creates the account; an invitation hash joins its workspace or project. */
export function SignupPage() {
  const [params] = useSearchParams();
  const signUp = useSignUp();
  const inviteHash = params.get('ih');
  const invitation = invitationKind(params.get('type'));
  const form = useZodForm(useLoadedSchema(loadSchema), {
    name: '',
    email: params.get('em') ?? '',
    password: '',
  });

  // Success signs the user in; RedirectIfAuthed then leaves the page (phones see a notice).
  const submit = form.onSubmit((user) => {
    noteSigningUp(true);
    signUp.mutate(
      { user, ...(inviteHash ? { invite_hash: inviteHash } : {}) },
      {
        onError: (error) => {
          noteSigningUp(false);
          form.showServerError(error);
        },
      },
    );
  });

  return (
    <>
      <AuthHeading title="Create your account">
        {inviteHash
          ? `You've been invited to a ${invitation}. Create your account to join it.`
          : 'Start reviewing creative work with your team.'}
      </AuthHeading>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {form.formError && <FormAlert>{form.formError}</FormAlert>}
          <TextInput
            label="Name"
            autoComplete="name"
            placeholder="Jane Doe"
            autoFocus
            {...form.inputProps('name')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...form.inputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            placeholder={`At least ${PASSWORD_MIN} characters`}
            {...form.inputProps('password')}
          />
          <Button type="submit" size="md" fullWidth loading={signUp.isPending} mt="xs">
            Create account
          </Button>
        </Stack>
      </form>
      <Text size="sm" c="dimmed" ta="center" mt="xl">
        Already have an account?{' '}
        <Anchor component={Link} to={authLink('/login', params)} fw={600}>
          Log in
        </Anchor>
      </Text>
    </>
  );
}
