import { totalCount } from '@common/assetGrid/listPages';
import { hasAssetFilters, listParams } from '@common/assetGrid/viewOptions';
import { useAssetList } from '@web/features/assets/api/assets';
import { useAssetsView } from './useAssetsView';

/**
 * Whether a project's root or a folder holds no assets at all, read from the same query the
 * asset grid shows (no second call): 'unknown' until it answers. A filter that matches nothing is
 * not 'empty': the grid says so itself.
 */
export function useAssetPlaceEmpty(projectId: number, folderId: number | null): 'empty' | 'some' | 'unknown' {
  const view = useAssetsView();
  const list = useAssetList(projectId, folderId, listParams(view.options), view.ready);
  if (!list.isSuccess) return 'unknown';
  return totalCount(list.data) === 0 && !hasAssetFilters(view.options.filter) ? 'empty' : 'some';
}
