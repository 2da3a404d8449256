import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { FormAlert } from '@web/components/auth/FormAlert';
import { useLoadedSchema } from '@web/forms/useLoadedSchema';
import { useZodForm } from '@web/forms/useZodForm';

export interface Credentials {
  email: string;
  password: string;
}

// Loaded after the page has drawn: zod is not on the login page's critical path (its budget).
const loadSchema = async () => (await import('./credentialsSchema')).credentialsSchema;

/** E-mail and password: the first step of /login. */
export function CredentialsStep({
  initialEmail,
  pending,
  error,
  onSubmit,
}: {
  initialEmail: string;
  pending: boolean;
  error: string | null;
  onSubmit: (credentials: Credentials) => void;
}) {
  const form = useZodForm(useLoadedSchema(loadSchema), { email: initialEmail, password: '' });
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        {error && <FormAlert>{error}</FormAlert>}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          autoFocus
          {...form.inputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          {...form.inputProps('password')}
        />
        <Group justify="flex-end" mt={-4}>
          <Anchor component={Link} to="/forgot" size="sm" fw={500}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={pending}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
