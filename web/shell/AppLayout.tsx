import { Outlet } from 'react-router';
import { AssetNotFoundDialog } from '@web/features/assets';
import { ZipBoxes } from '@web/features/downloads';
import { TimeZoneReporter } from '@web/features/account';
import { PlanFlowProvider, TrialIndicator, WorkspaceNotices } from '@web/features/billing';
import { NotificationsBell } from '@web/features/notifications';
import { Breadcrumbs } from '../components/Breadcrumbs/Breadcrumbs';
import { BreadcrumbsProvider, useBreadcrumbTrail } from '../components/Breadcrumbs/BreadcrumbsContext';
import { ProfileMenu } from './ProfileMenu/ProfileMenu';
import { SupportChat } from './SupportChat/SupportChat';
import { CreateProjectFlowProvider } from '@web/features/projects';
import { useLiveUpdates } from '@web/features/live';
import { TopBar } from './TopBar/TopBar';
import classes from './AppLayout.module.css';

function SignedInTopBar() {
  const crumbs = useBreadcrumbTrail();
  return (
    <TopBar
      left={<Breadcrumbs crumbs={crumbs} />}
      right={
        <>
          <TrialIndicator />
          <NotificationsBell />
          <ProfileMenu />
        </>
      }
    />
  );
}

/**
 * Every signed-in page: the top bar over the page. The zips under way and 'Asset Not Found'
 * belong to no one page: a zip goes on as the user moves on, and any screen acting on an asset
 * may learn it is gone. The tab's live stream is open while the user is signed in.
 */
export function AppLayout() {
  useLiveUpdates(null);
  return (
    <BreadcrumbsProvider>
      <PlanFlowProvider>
        <CreateProjectFlowProvider>
          <div className={classes.root}>
            <SignedInTopBar />
            <WorkspaceNotices />
            <SupportChat />
            <TimeZoneReporter />
            <ZipBoxes />
            <AssetNotFoundDialog />
            <main className={classes.main}>
              <Outlet />
            </main>
          </div>
        </CreateProjectFlowProvider>
      </PlanFlowProvider>
    </BreadcrumbsProvider>
  );
}
