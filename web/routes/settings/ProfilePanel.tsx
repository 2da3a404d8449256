import { Tabs } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Page, PageHeader, SETTINGS_PAGE_WIDTH } from '@web/components/page/Page';
import { NotificationsSection, ProfileSection, SecuritySection } from '@web/features/account';
import {
  isCanonicalSection,
  PROFILE_SECTIONS,
  profileSectionPath,
  resolveProfileSection,
  type ProfileSectionId,
} from './sections';

/** /user/profile/{section}: Profile, Security and Notifications tabs. */
export function ProfilePanel() {
  const { section } = useParams();
  const navigate = useNavigate();
  if (!isCanonicalSection(section)) return <Navigate to="/user/profile" replace />;
  const active = resolveProfileSection(section);

  return (
    <Page size={SETTINGS_PAGE_WIDTH} align="start">
      <PageHeader title="My account" description="Your profile, sign-in security and notifications." />
      <Tabs
        value={active}
        onChange={(next) => next && void navigate(profileSectionPath(next as ProfileSectionId))}
        mb="xl"
      >
        <Tabs.List>
          {PROFILE_SECTIONS.map((s) => (
            <Tabs.Tab key={s.id} value={s.id} px="lg" py="sm" fw={500}>
              {s.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {active === 'profile' && <ProfileSection />}
      {active === 'security' && <SecuritySection />}
      {active === 'notifications' && <NotificationsSection />}
    </Page>
  );
}
