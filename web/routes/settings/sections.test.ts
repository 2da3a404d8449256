import { describe, expect, it } from 'vitest';
import { isCanonicalSection, profileSectionPath, resolveProfileSection } from './sections';

describe('profile sections', () => {
  it('maps keys to tabs, Profile having none', () => {
    expect(resolveProfileSection(undefined)).toBe('profile');
    expect(resolveProfileSection('security')).toBe('security');
    expect(resolveProfileSection('notifications')).toBe('notifications');
  });

  it('falls back to Profile for an unknown section', () => {
    expect(resolveProfileSection('billing')).toBe('profile');
    expect(resolveProfileSection('profile')).toBe('profile');
    expect(isCanonicalSection('billing')).toBe(false);
    expect(isCanonicalSection('security')).toBe(true);
    expect(isCanonicalSection(undefined)).toBe(true);
  });

  it('builds each tab address', () => {
    expect(profileSectionPath('profile')).toBe('/user/profile');
    expect(profileSectionPath('security')).toBe('/user/profile/security');
  });
});
