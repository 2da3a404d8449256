import { Center, Loader, Stack } from '@mantine/core';
import { LogoMark } from '../Logo/Logo';

/** Shown while the app learns who is signed in. */
export function SplashScreen() {
  return (
    <Center mih="100vh" data-testid="splash-screen" aria-busy="true" aria-label="Loading Proofroom">
      <Stack align="center" gap="lg">
        <LogoMark size={56} />
        <Loader size="sm" type="dots" />
      </Stack>
    </Center>
  );
}
