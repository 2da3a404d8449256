import { useEffect } from 'react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { assetViewersPath, PRESENCE_HEARTBEAT_SECONDS, type AssetViewer } from '@common/api/liveEvents';
import { api, API_BASE } from '@web/api/client';
import { queryKeys } from '@web/api/keys';

/**
 * Presence on the asset page: PUT /assets/{id}/viewers when it opens and every
 * PRESENCE_HEARTBEAT_SECONDS while the tab is visible (a hidden tab stops beating, and the server
 * lets it go after PRESENCE_TTL_SECONDS; showing it again beats at once), DELETE when the page
 * closes, and on `pagehide` as a keepalive request that outlives the tab. The answer of each beat,
 * and each live `asset.viewers_changed` (liveCache.ts), is the list of who is looking: the same
 * query, so both write one place.
 */
export function useAssetPresence(assetId: number): readonly AssetViewer[] {
  const queryClient = useQueryClient();
  const key = queryKeys.assetViewers.asset(assetId);
  const valid = Number.isInteger(assetId) && assetId > 0;
  const viewers = useQuery({
    queryKey: key,
    queryFn: valid ? () => api<AssetViewer[]>(assetViewersPath(assetId), { method: 'PUT' }) : skipToken,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchInterval: PRESENCE_HEARTBEAT_SECONDS * 1000,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });

  useEffect(() => {
    if (!valid) return;
    const leave = (keepalive: boolean) =>
      fetch(`${API_BASE}${assetViewersPath(assetId)}`, {
        method: 'DELETE',
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
        keepalive,
      }).catch(() => undefined);
    const onPageHide = () => void leave(true);
    // Back from the page cache: announce again at once.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted)
        void queryClient.refetchQueries({ queryKey: queryKeys.assetViewers.asset(assetId) });
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      void queryClient.cancelQueries({ queryKey: queryKeys.assetViewers.asset(assetId) });
      void leave(false);
    };
  }, [queryClient, assetId, valid]);

  return viewers.data ?? NOBODY;
}

const NOBODY: readonly AssetViewer[] = [];

/** The viewers to show: everyone but the caller, each once, in the server's order. */
export function otherViewers(viewers: readonly AssetViewer[], meId: number | null): AssetViewer[] {
  const seen = new Set<number>();
  return viewers.filter((viewer) => {
    if (viewer.id === meId || seen.has(viewer.id)) return false;
    seen.add(viewer.id);
    return true;
  });
}

/** At most this many faces in the asset header; the rest are counted in a '+N' bubble. */
export const VIEWERS_SHOWN = 4;

/** The faces drawn (at most `max`) and the rest, counted in one '+N' bubble. */
export function facesAndMore<T>(others: readonly T[], max: number): { shown: T[]; rest: T[] } {
  return { shown: others.slice(0, max), rest: others.slice(max) };
}
