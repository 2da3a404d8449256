/**
 * The sharing feature's public face (public links: sharing a project, the link's queries and what its
 * viewers may do). Screens and other features import from here only (eslint.config.js keeps the wall);
 * the files behind it are the feature's own.
 */
export {
  requestSharedDownload,
  sharedRefusal,
  useSharedFolder,
  useSharedProject,
  useUnlockShare,
} from './api/sharing';
export { factsLine, roundFacts } from './sharedAssetFacts';
export type { LinkTarget } from './linkDraft';
export { ShareLinkModal } from './ShareLinkModal';
export { ShareProjectModal } from './ShareProjectModal';
