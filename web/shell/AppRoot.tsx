import { useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useAppStatus } from '@web/api/status';
import { useMe } from '@web/features/account';
import { MaintenanceScreen } from '@web/components/screens/MaintenanceScreen';
import { MobileNotice } from '@web/components/screens/MobileNotice';
import { RotateDevice } from '@web/components/screens/RotateDevice';
import { SplashScreen } from '@web/components/screens/SplashScreen';
import { LoadFailedScreen } from '@web/components/screens/LoadFailedScreen';
import { deviceScreen } from './device';
import { justSignedUp } from '@web/auth/sessionEvents';
import { isResponsiveMatch } from './routeHandle';
import { useDevice } from './useDevice';
import { useLogout } from './useLogout';

/**
 * The root of every route: waits for the first /users/me (splash), honours the maintenance
 * flag, and shows the desktop-only or rotate-device screens where they apply.
 */
export function AppRoot() {
  const status = useAppStatus();
  const me = useMe();
  const matches = useMatches();
  const device = useDevice();
  const { logout } = useLogout();
  const [maintenanceClosed, setMaintenanceClosed] = useState(false);

  if (me.isPending || status.isPending) return <SplashScreen />;
  if (me.isError) return <LoadFailedScreen onRetry={() => void me.refetch()} />;

  if (status.data?.maintenance && !maintenanceClosed) {
    const closable = status.data.environment !== 'production';
    return <MaintenanceScreen onClose={closable ? () => setMaintenanceClosed(true) : undefined} />;
  }

  const screen = deviceScreen(device, { responsive: isResponsiveMatch(matches), signedIn: Boolean(me.data) });
  switch (screen) {
    case 'mobile-notice':
      return <MobileNotice afterSignUp={justSignedUp()} onLogout={() => void logout()} />;
    case 'rotate-device':
      return <RotateDevice />;
    case 'app':
      return <Outlet />;
  }
}
