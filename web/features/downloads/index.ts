/**
 * The downloads feature's public face (downloads: single files, project and selection zips, and the
 * zip boxes). Screens and other features import from here only (eslint.config.js keeps the wall); the
 * files behind it are the feature's own.
 */
export { startDownload } from './api/assetDownloads';
export { DownloadAssetsDialog } from './DownloadAssetsDialog';
export { ProjectDownloadDialog } from './ProjectDownloadDialog';
export { ZipBoxes } from './ZipBoxes';
