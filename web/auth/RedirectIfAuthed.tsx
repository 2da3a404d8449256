import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useMe } from '@web/features/account';
import { afterLoginTarget, FROM_PARAM } from './redirectTarget';

/**
 * Login-type pages send a signed-in user back where they came from, or to /projects. This is
 * also how a successful log in, sign-up or password reset leaves the page.
 */
export function RedirectIfAuthed() {
  const { data: user } = useMe();
  const [params] = useSearchParams();
  if (user) return <Navigate to={afterLoginTarget(params.get(FROM_PARAM))} replace />;
  return <Outlet />;
}
