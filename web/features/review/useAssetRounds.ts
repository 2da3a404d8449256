import { retryUnlessAccessError } from '@web/api/retry';
import { assetKeys } from '@web/api/keys';
import { useQuery } from '@tanstack/react-query';
import type { AssetRound, AssetView } from '@common/api/assets';
import { api } from '@web/api/client';

/**
 * GET /assets/{id}/versions, the first round first. Keyed under the asset (so refreshing the
 * asset refreshes them) and by its current round, so a new round reads them again.
 */
export function useAssetRounds(asset: Pick<AssetView, 'id' | 'version_id'>) {
  return useQuery({
    queryKey: [...assetKeys.one(asset.id), 'rounds', asset.version_id] as const,
    queryFn: () => api<AssetRound[]>(`/assets/${asset.id}/versions`),
    staleTime: 30_000,
    retry: retryUnlessAccessError,
  });
}

/**
 * The round on screen: the one picked, else the current one. The current round is read from the
 * asset itself, which is asked again while it is processing, so its preview shows when it is made.
 */
export function roundOnScreen(
  asset: AssetView,
  rounds: readonly AssetRound[] | undefined,
  picked: number | null,
) {
  if (picked === null || picked === asset.version_id) return asset.current_version;
  return rounds?.find((round) => round.id === picked) ?? asset.current_version;
}
