import { useCallback, useMemo } from 'react';
import {
  assetsViewOptionsSchema,
  type AssetsViewOptions,
  type AssetsViewOptionsChange,
} from '@common/api/assetLists';
import { DEFAULT_ASSET_VIEW } from '@common/assetGrid/viewOptions';
import { useAssetsViewOptions, useSaveAssetsViewOptions } from '@web/features/assets/api/assetViewOptions';
import { useShownAtOnce } from '@web/api/useShownAtOnce';

/**
 * The user's view options of asset lists, kept on the server (§3). A failed load falls back to
 * the defaults so the assets still show; each change shows at once and is saved at once.
 */
export function useAssetsView(): {
  options: AssetsViewOptions;
  update: (change: AssetsViewOptionsChange) => void;
  ready: boolean;
} {
  const query = useAssetsViewOptions();
  const save = useSaveAssetsViewOptions();
  const stored = useMemo(() => {
    const parsed = query.data ? assetsViewOptionsSchema.safeParse(query.data) : null;
    return parsed?.success ? parsed.data : DEFAULT_ASSET_VIEW;
  }, [query.data]);
  const [options, show] = useShownAtOnce<AssetsViewOptions>(stored);
  const update = useCallback(
    (change: AssetsViewOptionsChange) => {
      show(change);
      save(change);
    },
    [show, save],
  );
  return { options, update, ready: !query.isPending };
}
