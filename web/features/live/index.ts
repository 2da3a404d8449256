/**
 * The live client's public face (issue 24 item 5): the tab's stream of server events mapped onto the
 * query cache (liveCache.ts, the one mapping), and presence, who else looks at an asset. The shell
 * and the shared view pages open the stream; the asset review shows the viewers. Screens and other
 * features import from here only (eslint.config.js keeps the wall).
 */
export { useLiveUpdates } from './useLiveUpdates';
export { AssetViewers } from './AssetViewers';
