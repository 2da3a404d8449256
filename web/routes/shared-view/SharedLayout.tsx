import { Button } from '@mantine/core';
import { Link, Outlet, useParams } from 'react-router';
import { Breadcrumbs } from '@web/components/Breadcrumbs/Breadcrumbs';
import { BreadcrumbsProvider, useBreadcrumbTrail } from '@web/components/Breadcrumbs/BreadcrumbsContext';
import { TopBar } from '@web/components/TopBar/TopBar';
import classes from '@web/components/layout/AppLayout.module.css';

function SharedTopBar() {
  const { shareHash = '' } = useParams();
  const crumbs = useBreadcrumbTrail();
  return (
    <TopBar
      logoTo={`/projects/shared_view/${shareHash}`}
      left={crumbs.length > 0 ? <Breadcrumbs crumbs={crumbs} shared /> : undefined}
      right={
        <>
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

/** Pages of a project shared by link: open to anyone, no account tools. */
export function SharedLayout() {
  return (
    <BreadcrumbsProvider>
      <div className={classes.root}>
        <SharedTopBar />
        <main className={classes.main}>
          <Outlet />
        </main>
      </div>
    </BreadcrumbsProvider>
  );
}
