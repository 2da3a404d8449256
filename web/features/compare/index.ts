/**
 * The compare feature's public face (compare: side by side, wipe, blink and difference of two rounds).
 * Screens and other features import from here only (eslint.config.js keeps the wall); the files behind
 * it are the feature's own.
 */
export { BLINK_INTERVAL_MS, BLINK_START, blinkReducer } from './blinkState';
export type { CompareMode } from './compareModes';
export { CompareToolbar } from './CompareToolbar';
export { type CompareSide, CompareViewer } from './CompareViewer';
export type { DifferenceDetail } from './DifferenceTiles';
export { useDifference } from './useDifference';
export { WIPE_START } from './wipeGeometry';
