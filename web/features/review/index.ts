/**
 * The review's public face: what the asset page puts together from the features below it (the
 * viewer and its rounds, markup, compare, comments, tasks, downloads and the next round's upload):
 * the asset's header, stage, compare session and keys. Screens import from here only
 * (eslint.config.js keeps the wall); the files behind it are the feature's own.
 */
export { AssetViewSkeleton } from './AssetLayout';
export { AssetReview } from './AssetReview';
export { AssetRoundDropZone } from './AssetRoundDropZone';
/** Who decided what on the current round: the guest's review panel shows the same faces. */
export { DecisionFaces } from './decisions/DecisionFaces';
