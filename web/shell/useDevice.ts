import { useMediaQuery } from '@mantine/hooks';
import { isMobileUserAgent, PHONE_LANDSCAPE_QUERY, SMALL_SCREEN_QUERY, type DeviceState } from './device';

const mobileUserAgent = typeof navigator !== 'undefined' && isMobileUserAgent(navigator.userAgent);

export function useDevice(): DeviceState {
  const options = { getInitialValueInEffect: false };
  const smallScreen = useMediaQuery(SMALL_SCREEN_QUERY, false, options);
  const phoneLandscape = useMediaQuery(PHONE_LANDSCAPE_QUERY, false, options);
  return { mobileUserAgent, smallScreen, phoneLandscape };
}
