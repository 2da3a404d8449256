import { describe, expect, it } from 'vitest';
import { deviceScreen, isMobileUserAgent, type DeviceState } from './device';

const desktop: DeviceState = { mobileUserAgent: false, smallScreen: false, phoneLandscape: false };
const phone: DeviceState = { mobileUserAgent: true, smallScreen: true, phoneLandscape: false };
const phoneSideways: DeviceState = { mobileUserAgent: true, smallScreen: true, phoneLandscape: true };

describe('isMobileUserAgent', () => {
  it('recognises phones and not desktops', () => {
    expect(
      isMobileUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(true);
    expect(
      isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile'),
    ).toBe(true);
    expect(
      isMobileUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      ),
    ).toBe(false);
  });
});

describe('deviceScreen', () => {
  it('lets desktops through everywhere', () => {
    expect(deviceScreen(desktop, { responsive: false, signedIn: true })).toBe('app');
  });

  it('blocks signed-in phones outside responsive pages', () => {
    expect(deviceScreen(phone, { responsive: false, signedIn: true })).toBe('mobile-notice');
    expect(deviceScreen({ ...desktop, smallScreen: true }, { responsive: false, signedIn: true })).toBe(
      'mobile-notice',
    );
  });

  it('does not block signed-out visitors (they are sent to the responsive login page)', () => {
    expect(deviceScreen(phone, { responsive: false, signedIn: false })).toBe('app');
  });

  it('keeps responsive pages open on phones, upright only', () => {
    expect(deviceScreen(phone, { responsive: true, signedIn: true })).toBe('app');
    expect(deviceScreen(phoneSideways, { responsive: true, signedIn: false })).toBe('rotate-device');
  });
});
