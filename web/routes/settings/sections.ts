/** The tabs of /user/profile/{section} (account-side §2): Profile has no key. */
export const PROFILE_SECTIONS = [
  { id: 'profile', key: null, label: 'Profile' },
  { id: 'security', key: 'security', label: 'Security' },
  { id: 'notifications', key: 'notifications', label: 'Notifications' },
] as const;

export type ProfileSectionId = (typeof PROFILE_SECTIONS)[number]['id'];

/** An unknown or missing section falls back to the first tab. */
export function resolveProfileSection(section: string | undefined): ProfileSectionId {
  return PROFILE_SECTIONS.find((s) => s.key !== null && s.key === section)?.id ?? 'profile';
}

/** True when the URL already names the section it shows (no redirect needed). */
export function isCanonicalSection(section: string | undefined): boolean {
  return section === undefined || PROFILE_SECTIONS.some((s) => s.key === section);
}

export function profileSectionPath(id: ProfileSectionId): string {
  const key = PROFILE_SECTIONS.find((s) => s.id === id)?.key;
  return key ? `/user/profile/${key}` : '/user/profile';
}
