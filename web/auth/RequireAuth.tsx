import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '@web/features/account';
import { loginPathFor } from './redirectTarget';
import { sessionEndedByLogout } from './sessionEvents';

/**
 * Signed-out visitors go to /login, which remembers where they were heading; after a Logout the
 * user chose to leave, so nothing is remembered.
 */
export function RequireAuth() {
  const { data: user } = useMe();
  const location = useLocation();
  if (!user) return <Navigate to={sessionEndedByLogout() ? '/login' : loginPathFor(location)} replace />;
  return <Outlet />;
}
