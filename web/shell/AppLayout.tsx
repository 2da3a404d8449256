import { Outlet } from 'react-router';
import { AssetNotFoundDialog } from '../features/assets/AssetNotFoundDialog';
import { ZipBoxes } from '../features/downloads/ZipBoxes';
import { PlanFlowProvider } from '../features/billing/PlanFlow';
import { TrialIndicator } from '../features/billing/TrialIndicator';
import { WorkspaceNotices } from '../features/billing/WorkspaceNotices';
import { Breadcrumbs } from '../components/Breadcrumbs/Breadcrumbs';
import { BreadcrumbsProvider, useBreadcrumbTrail } from '../components/Breadcrumbs/BreadcrumbsContext';
import { ProfileMenu } from '../features/account/ProfileMenu/ProfileMenu';
import { CreateProjectFlowProvider } from '../features/projects/CreateProjectFlow';
import { SupportChat } from '../features/account/SupportChat/SupportChat';
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
          <ProfileMenu />
        </>
      }
    />
  );
}

/**
 * Every signed-in page: the top bar over the page. The zips under way and 'Asset Not Found'
 * belong to no one page: a zip goes on as the user moves on, and any screen acting on an asset
 * may learn it is gone.
 */
export function AppLayout() {
  return (
    <BreadcrumbsProvider>
      <PlanFlowProvider>
        <CreateProjectFlowProvider>
          <div className={classes.root}>
            <SignedInTopBar />
            <WorkspaceNotices />
            <SupportChat />
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
