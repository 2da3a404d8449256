/**
 * The assets feature's public face (assets and the grid: previews, tiles, rows, selection, dialogs,
 * commands and queries). Screens and other features import from here only (eslint.config.js keeps the
 * wall); the files behind it are the feature's own.
 */
export { useMarkAssetSeen } from './api/assetActions';
export { listedAssets, patchInLists, removeFromLists, replaceInLists } from './api/assetCache';
export { assetKeys, refreshAfterUpload, useAsset, useAssetList } from './api/assets';
export { assetNotFound, isAssetGone } from '@web/api/assetNotFound';
export { AssetNotFoundDialog } from './AssetNotFoundDialog';
export { AssetBrowser } from './grid/AssetBrowser';
export { assetPath } from './grid/assetPaths';
export { useAssetCommands } from './grid/useAssetCommands';
export { useAssetPlaceEmpty } from './grid/useAssetPlaceEmpty';
export { useAssetsView } from './grid/useAssetsView';
export { PreviewPicture } from './PreviewPicture';
export { PreviewProcessing } from './PreviewProcessing';
