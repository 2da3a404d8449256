import {
  assetsViewOptionsSchema,
  type AssetsViewOptions,
  type AssetsViewOptionsChange,
} from '@common/api/assetLists';
import { DEFAULT_ASSET_VIEW } from '@common/assetGrid/viewOptions';
import { useAssetsViewOptions, useSaveAssetsViewOptions } from '@web/api/assetViewOptions';

/**
 * The user's view options of asset lists, kept on the server (§3). A failed load falls back to
 * the defaults so the assets still show; each change is saved at once.
 */
export function useAssetsView(): {
  options: AssetsViewOptions;
  update: (change: AssetsViewOptionsChange) => void;
  ready: boolean;
} {
  const query = useAssetsViewOptions();
  const save = useSaveAssetsViewOptions();
  const parsed = query.data ? assetsViewOptionsSchema.safeParse(query.data) : null;
  const options = parsed?.success ? parsed.data : DEFAULT_ASSET_VIEW;
  return { options, update: save, ready: !query.isPending };
}
