/**
 * The comments feature's public face (comments and feedback: the panel, composer, mentions, carried
 * feedback, exports and queries). Screens and other features import from here only (eslint.config.js
 * keeps the wall); the files behind it are the feature's own.
 */
export { CommentsPanel } from './CommentsPanel';
export { CommentExportMenu } from './feedback/CommentExportMenu';
export { RoundDrawings } from './RoundDrawings';
export { StageMarkup } from './StageMarkup';
// The pieces a review link's guest panel (web/features/sharedView) builds on: the members' cards,
// composer and posting, fed with the guest's calls instead of a member's.
export { CommentCard, type CommentActions } from './CommentCard';
export { CommentComposer, type ComposedComment } from './CommentComposer';
export { CommentsSkeleton } from './CommentsSkeleton';
export { drawingsOnPage } from './drawingsOnPage';
export {
  newCommentBody,
  patchCommentMutation,
  postCommentMutation,
  removeCommentMutation,
  type CommentPatch,
  type CommentPost,
} from './api/comments';
export type { Author, CommentEdit, NewComment } from './api/commentCache';
export { PANEL_TEXTS as COMMENT_PANEL_TEXTS } from './commentTexts';
