import type { QueryClient } from '@tanstack/react-query';
import { fetchAppStatus } from '@web/api/status';
import { fetchMe } from '@web/features/account';
import { queryKeys, workspaceKeys } from '@web/api/keys';
import { fetchMyWorkspaces } from '@web/features/workspaces';

/** Pages a signed-out visitor opens: no point asking for their workspaces there. */
const PUBLIC_PAGES =
  /^\/(login|signup|forgot|reset-password|dev\/outbox|projects\/shared_view\/|(workspaces|projects)\/invitations\/)/;

/**
 * The start-up calls, sent together before the first render, while the route's code downloads:
 * the app status (maintenance), who is signed in, and (on signed-in pages) their workspaces,
 * which the top bar, the project list and the plan banners all need. Each screen's own
 * useQuery then finds the answer in the cache instead of asking one call after another.
 */
export function startStartupCalls(queryClient: QueryClient, pathname: string): void {
  void queryClient.prefetchQuery({ queryKey: queryKeys.status, queryFn: fetchAppStatus });
  void queryClient.prefetchQuery({ queryKey: queryKeys.me, queryFn: fetchMe });
  if (PUBLIC_PAGES.test(pathname)) return;
  void queryClient.prefetchQuery({
    queryKey: workspaceKeys.mine,
    // Signed out, this answers 401: no session to end, so not the global logout.
    queryFn: () => fetchMyWorkspaces({ authCall: true }),
  });
}
