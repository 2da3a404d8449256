import { useNavigate, useSearchParams } from 'react-router';
import { afterLoginTarget, FROM_PARAM } from './redirectTarget';

/** Goes where the user was heading before they had to sign in. */
export function useAfterLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (state?: Record<string, unknown>) =>
    navigate(afterLoginTarget(params.get(FROM_PARAM)), { replace: true, state });
}
