import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { openLiveStream } from '@web/api/liveStream';
import { LiveCache } from './liveCache';

/**
 * Keeps the tab's live stream open while the component is shown: the app shell for the signed-in
 * user (`shareHash` null), a shared view's pages for their link. Each message goes through the one
 * mapping of liveCache.ts onto the query cache.
 */
export function useLiveUpdates(shareHash: string | null, enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const cache = new LiveCache(queryClient, { shareHash });
    const release = openLiveStream(shareHash, {
      message: (message) => cache.apply(message),
      resync: () => void cache.resync(),
    });
    return () => {
      release();
      cache.dispose();
    };
  }, [queryClient, shareHash, enabled]);
}
