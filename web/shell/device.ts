/** Phones and tablets by user agent (the spec blocks signed-in mobile users outside responsive pages). */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i.test(userAgent);
}

/** Screens narrower than Mantine's `sm` breakpoint (48em = 768px) count as mobile. */
export const SMALL_SCREEN_QUERY = '(max-width: 48em)';

/** A phone held sideways: landscape and short. */
export const PHONE_LANDSCAPE_QUERY = '(orientation: landscape) and (max-height: 500px)';

export interface DeviceState {
  mobileUserAgent: boolean;
  smallScreen: boolean;
  phoneLandscape: boolean;
}

export type DeviceScreen = 'app' | 'mobile-notice' | 'rotate-device';

/**
 * Which screen to show instead of the page. Responsive pages (auth and invitations) work on
 * phones but ask to be held upright; every other page is desktop-only for signed-in users.
 */
export function deviceScreen(
  device: DeviceState,
  page: { responsive: boolean; signedIn: boolean },
): DeviceScreen {
  const mobile = device.mobileUserAgent || device.smallScreen;
  if (page.responsive) return device.mobileUserAgent && device.phoneLandscape ? 'rotate-device' : 'app';
  if (page.signedIn && mobile) return 'mobile-notice';
  return 'app';
}
