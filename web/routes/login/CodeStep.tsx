import { useState } from 'react';
import { Anchor, Button, Center, Group, PinInput, Stack, Text } from '@mantine/core';
import { ACCESS_CODE_LIFETIME_TEXT } from '@common/limits';
import { FormAlert } from '@web/components/auth/FormAlert';

const CODE_LENGTH = 6;

/** The second step when two-step verification is on: the 6-digit code from the e-mail. */
export function CodeStep({
  email,
  pending,
  error,
  resending,
  onSubmit,
  onResend,
  onBack,
}: {
  email: string;
  pending: boolean;
  error: string | null;
  resending: boolean;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const complete = code.length === CODE_LENGTH;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) onSubmit(code);
      }}
    >
      <Stack gap="lg">
        {error && <FormAlert>{error}</FormAlert>}
        <Center>
          <PinInput
            length={CODE_LENGTH}
            type="number"
            size="lg"
            oneTimeCode
            autoFocus
            value={code}
            onChange={setCode}
            onComplete={onSubmit}
            error={Boolean(error)}
            ariaLabel="Verification code"
            disabled={pending}
          />
        </Center>
        <Button type="submit" size="md" fullWidth loading={pending} disabled={!complete}>
          Verify and log in
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onBack} c="dimmed">
            Use a different account
          </Anchor>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              No e-mail?
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={onResend} loading={resending}>
              Resend code
            </Button>
          </Group>
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          The code was sent to {email}. {ACCESS_CODE_LIFETIME_TEXT}
        </Text>
      </Stack>
    </form>
  );
}
