import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@web/api/keys';

/** Drops the signed-in user and every answer that belonged to them; keeps the app status. */
export function forgetUser(queryClient: QueryClient): void {
  queryClient.setQueryData(queryKeys.me, null);
  queryClient.removeQueries({
    predicate: (query) => {
      const [root, sub] = query.queryKey;
      return root !== queryKeys.status[0] && !(root === queryKeys.me[0] && sub === queryKeys.me[1]);
    },
  });
}
