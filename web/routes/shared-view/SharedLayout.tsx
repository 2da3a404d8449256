import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link, Outlet, useMatch, useParams } from 'react-router';
import { Breadcrumbs } from '@web/components/Breadcrumbs/Breadcrumbs';
import { BreadcrumbsProvider, useBreadcrumbTrail } from '@web/components/Breadcrumbs/BreadcrumbsContext';
import { TopBar } from '@web/shell/TopBar/TopBar';
import classes from '@web/shell/AppLayout.module.css';
import { GuestIdentity, ReviewGate, useSharedAsset } from '@web/features/sharedView';
import { useLiveUpdates } from '@web/features/live';

/**
 * On an asset page of a link that allows downloads: the latest round's original (the server
 * answers it only on such a link, and names the file).
 */
function SharedDownload({ shareHash }: { shareHash: string }) {
  const match = useMatch('/projects/shared_view/:shareHash/assets/:assetID');
  const asset = useSharedAsset(shareHash, Number(match?.params.assetID ?? 0));
  const url = match ? asset.data?.current_version.original_url : null;
  if (!url) return null;
  return (
    <Button
      component="a"
      href={url}
      download={asset.data?.name}
      variant="light"
      size="sm"
      leftSection={<IconDownload size={16} />}
      data-testid="shared-download"
    >
      Download
    </Button>
  );
}

/** The shared view bar: logo and trail back to the shared project, Download, Register and Login. */
function SharedTopBar() {
  const { shareHash = '' } = useParams();
  const crumbs = useBreadcrumbTrail();
  return (
    <TopBar
      logoTo={`/projects/shared_view/${shareHash}`}
      left={crumbs.length > 0 ? <Breadcrumbs crumbs={crumbs} shared /> : undefined}
      right={
        <>
          <GuestIdentity shareHash={shareHash} />
          <SharedDownload shareHash={shareHash} />
          <Button component={Link} to="/signup" variant="default" size="sm">
            Register
          </Button>
          <Button component={Link} to="/" size="sm">
            Login
          </Button>
        </>
      }
    />
  );
}

/**
 * Pages of a project shared by link: open to anyone, no account tools; live with the link's stream.
 * A review link asks its visitor to join first.
 */
export function SharedLayout() {
  const { shareHash = '' } = useParams();
  useLiveUpdates(shareHash, shareHash.length > 0);
  return (
    <BreadcrumbsProvider>
      <div className={classes.root}>
        <SharedTopBar />
        <main className={classes.main}>
          <ReviewGate shareHash={shareHash}>
            <Outlet />
          </ReviewGate>
        </main>
      </div>
    </BreadcrumbsProvider>
  );
}
