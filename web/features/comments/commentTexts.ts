import { COMMENT_FILE_MAX_BYTES, COMMENT_FILES_MAX, COMMENT_TEXTS } from '@common/api/comments';

/** What the comments panel says (the delete confirmation is §8's). */
export const PANEL_TEXTS = {
  title: 'Comments',
  unresolved: 'Unresolved',
  all: 'All',
  emptyTitle: 'No comments yet',
  empty: 'Draw on the picture or write below to start the review.',
  emptyUnresolvedTitle: 'All caught up',
  emptyUnresolved: 'Every comment on this round is resolved.',
  placeholder: 'Add a comment… @ to mention',
  replyPlaceholder: 'Reply… @ to mention',
  /** Where no one can be mentioned (a review link's guest). */
  placeholderNoMentions: 'Add a comment…',
  replyPlaceholderNoMentions: 'Reply…',
  send: 'Send comment',
  sendReply: 'Send reply',
  attach: 'Attach files',
  global: 'Global comment',
  globalHint: 'About the whole asset, with no place on it',
  drawings: (n: number) => (n === 1 ? '1 drawing attached' : `${n} drawings attached`),
  dropDrawings: 'Remove the drawings',
  drawHint: 'Draw on the picture to point at something',
  olderRound: (current: number) => `Comments are added on the current round (Round ${current}).`,
  noAdd: 'You can read the comments of this project, not add to them.',
  reply: 'Reply',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  edited: 'edited',
  sending: 'Sending…',
  complete: 'Mark as complete',
  reopen: 'Reopen',
  page: (n: number) => `Page ${n}`,
  editLabel: 'Edit comment',
  redraw: 'Redraw',
  redrawHint: 'Put this drawing on the picture to change it with the markup tools',
  redrawBusy: 'Another drawing is being redrawn: save or cancel it first',
  redrawing: (lines: number) => `Redrawing · ${lines === 1 ? '1 line' : `${lines} lines`}`,
  keepDrawing: 'Keep the original drawing',
  redrawHelp: 'Draw on the picture. Pick a line with the selection tool and press Delete to remove it.',
  redrawEmpty: 'Draw at least one line, or keep the original drawing.',
  redrawOtherPage: (page: number) => `This drawing is on page ${page}.`,
  backToPage: 'Go back to save it',
  composerWaits: 'A drawing is being redrawn: save or cancel that edit first.',
  removeFile: (name: string) => `Remove ${name}`,
  replies: (n: number) => (n === 1 ? '1 reply' : `${n} replies`),
  tooManyFiles: COMMENT_TEXTS.tooManyFiles,
  fileTooLarge: COMMENT_TEXTS.fileTooLarge,
  deleteTitle: COMMENT_TEXTS.deleteTitle,
  deleteComment: COMMENT_TEXTS.deleteComment,
  deleteReply: COMMENT_TEXTS.deleteReply,
} as const;

/** The files a comment may carry, with the reason for any refused (count first, then size). */
export function acceptFiles(
  current: readonly File[],
  added: readonly File[],
  /** Files the comment already carries and keeps (when it is edited). */
  kept = 0,
): { files: File[]; error: string | null } {
  const files = [...current];
  let error: string | null = null;
  for (const file of added) {
    if (file.size > COMMENT_FILE_MAX_BYTES) error = PANEL_TEXTS.fileTooLarge(file.name);
    else if (files.length + kept >= COMMENT_FILES_MAX) error = PANEL_TEXTS.tooManyFiles;
    else files.push(file);
  }
  return { files, error };
}
