/**
 * The comments feature's public face (comments and feedback: the panel, composer, mentions, carried
 * feedback, exports and queries). Screens and other features import from here only (eslint.config.js
 * keeps the wall); the files behind it are the feature's own.
 */
export { CommentsPanel } from './CommentsPanel';
export { CommentExportMenu } from './feedback/CommentExportMenu';
export { StageMarkup } from './StageMarkup';
