import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useMe } from '@web/api/session';
import { shellState } from '@web/shell/routeHandle';
import { afterLoginTarget, FROM_PARAM } from './redirectTarget';

/** Login-type pages send a signed-in user back where they came from, or to /projects. */
export function RedirectIfAuthed() {
  const { data: user } = useMe();
  const location = useLocation();
  const [params] = useSearchParams();
  if (user && !shellState(location.state).signedOut) {
    return <Navigate to={afterLoginTarget(params.get(FROM_PARAM))} replace />;
  }
  return <Outlet />;
}
