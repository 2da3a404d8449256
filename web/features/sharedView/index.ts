/**
 * The shared view's public face: what the pages of a public link put together from the features
 * below it (sharing's link queries, the folders, the asset tiles and rows, the viewer with its
 * markup and comments, downloads): the header, contents and asset section of the shared project,
 * one shared asset's viewer, and the refusal screens; on a review link, the guest's join screen,
 * name in the bar, and review beside the asset. Screens import from here only
 * (eslint.config.js keeps the wall); the files behind it are the feature's own.
 */
export { usePrefetchNeighbours, useSharedAsset } from './sharedAssetQueries';
export { SharedAssetSection } from './SharedAssetSection';
export { SharedAssetViewer } from './SharedAssetViewer';
export { SHARED_VIEW_TEXTS, SharedContents } from './SharedContents';
export { SharedDownloadAll } from './SharedDownloadAll';
export { SharedHeader } from './SharedHeader';
export { sharedAssetPath, sharedViewPath } from './sharedPaths';
export { sharedPlace, type SharedPlace } from './sharedScope';
export { SharedLoading, SharedRefusal } from './SharedRefusal';
export { GuestIdentity, ReviewGate, useReviewGuest } from './guest/ReviewGate';
