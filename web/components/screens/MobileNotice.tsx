import { Button } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { FullScreen } from './FullScreen';

export const MOBILE_NOTICE = 'Proofroom is currently available on desktop. Mobile is coming soon!';

/** Blocks signed-in users on phones outside the responsive pages (account-side §1). */
export function MobileNotice({
  onLogout,
  afterSignUp = false,
}: {
  onLogout?: () => void;
  afterSignUp?: boolean;
}) {
  return (
    <FullScreen
      testId="mobile-notice"
      icon={<IconDeviceDesktop size={36} />}
      title={afterSignUp ? 'Your account is ready' : 'Desktop only, for now'}
      description={
        afterSignUp ? `${MOBILE_NOTICE} Sign in on a desktop computer to start reviewing.` : MOBILE_NOTICE
      }
    >
      {onLogout && (
        <Button variant="subtle" onClick={onLogout}>
          Log out
        </Button>
      )}
    </FullScreen>
  );
}
