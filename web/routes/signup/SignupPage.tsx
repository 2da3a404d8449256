import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signUpSchema } from '@common/api/auth';
import { PASSWORD_MIN } from '@common/limits';
import { useSignUp } from '@web/api/session';
import { AuthHeading } from '@web/components/auth/AuthHeading';
import { FormAlert } from '@web/components/auth/FormAlert';
import { authLink } from '@web/auth/redirectTarget';
import { useAfterLogin } from '@web/auth/useAfterLogin';
import { useZodForm } from '@web/forms/useZodForm';
import { useIsMobile } from '@web/shell/useDevice';
import { invitationKind } from './invitationKind';

const userSchema = signUpSchema.shape.user;

/** /signup?ih&type: creates the account; an invitation hash joins its workspace or project. */
export function SignupPage() {
  const [params] = useSearchParams();
  const signUp = useSignUp();
  const afterLogin = useAfterLogin();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const inviteHash = params.get('ih');
  const invitation = invitationKind(params.get('type'));
  const form = useZodForm(userSchema, { name: '', email: params.get('em') ?? '', password: '' });

  const submit = form.onSubmit((user) => {
    signUp.mutate(
      { user, ...(inviteHash ? { invite_hash: inviteHash } : {}) },
      {
        onSuccess: () => {
          if (isMobile) void navigate('/projects', { replace: true, state: { justSignedUp: true } });
          else void afterLogin();
        },
        onError: form.showServerError,
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
