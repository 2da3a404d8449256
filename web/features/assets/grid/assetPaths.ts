import type { AssetView } from '@common/api/assets';

export const assetPath = (asset: Pick<AssetView, 'id' | 'project_id'>) =>
  `/projects/${asset.project_id}/assets/${asset.id}`;
