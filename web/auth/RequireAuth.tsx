import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '@web/api/session';
import { loginPathFor } from './redirectTarget';

/** Signed-out visitors go to /login, which remembers where they were heading. */
export function RequireAuth() {
  const { data: user } = useMe();
  const location = useLocation();
  if (!user) return <Navigate to={loginPathFor(location)} replace />;
  return <Outlet />;
}
