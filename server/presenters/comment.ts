import {
  mentionedIds,
  type Comment,
  type CommentFile,
  type MarkupShape,
  type Reply,
} from '@common/api/comments';
import type { CommentFileRow, CommentWithAuthor } from '../db/repositories/comments';
import { commentAbilities, type CommentRanks } from '../policies/comments';
import type { ProjectView } from '../policies/projectView';
import { presentAuthor } from './commentAuthor';

/** The address members fetch a comment's file at (behind the comments policy). */
export function commentFileUrl(file: Pick<CommentFileRow, 'id' | 'comment_id'>): string {
  return `/api/v1/comments/${file.comment_id}/files/${file.id}`;
}

function presentFile(file: CommentFileRow): CommentFile {
  return { id: file.id, name: file.name, size: Number(file.size_bytes), url: commentFileUrl(file) };
}

export function parseMarkup(stored: string): MarkupShape[] {
  try {
    const shapes: unknown = JSON.parse(stored);
    return Array.isArray(shapes) ? (shapes as MarkupShape[]) : [];
  } catch {
    return [];
  }
}

/** What every reader sees of a comment alike: where and when it is, its drawing, its state. */
export function presentStoredFields(row: CommentWithAuthor) {
  return {
    id: row.id,
    asset_id: row.asset_id,
    version_id: row.version_id,
    round_number: row.round_number,
    parent_id: row.parent_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    completed_at: row.completed_at,
    markup_number: row.markup_number,
    markup: parseMarkup(row.markup),
    page: row.page,
    is_edited: row.is_edited === 1,
    global_comment: row.global_comment === 1,
  };
}

function presentOne(
  view: ProjectView,
  row: CommentWithAuthor,
  files: readonly CommentFileRow[],
  ranks: CommentRanks,
): Reply {
  return {
    ...presentStoredFields(row),
    text: row.text,
    mentions: mentionedIds(row.text),
    user: presentAuthor(row),
    files: files.map(presentFile),
    abilities: commentAbilities(view, row, ranks),
  };
}

/**
 * Root comments with their replies, in the order given (the oldest first), each with the
 * caller's abilities. Replies whose root is not among `rows` are left out.
 */
export function presentThreads(
  view: ProjectView,
  rows: readonly CommentWithAuthor[],
  files: readonly CommentFileRow[],
  ranks: CommentRanks,
): Comment[] {
  const filesOf = new Map<number, CommentFileRow[]>();
  for (const file of files) {
    const list = filesOf.get(file.comment_id) ?? [];
    list.push(file);
    filesOf.set(file.comment_id, list);
  }
  const replies = new Map<number, Reply[]>();
  for (const row of rows) {
    if (row.parent_id === null) continue;
    const list = replies.get(row.parent_id) ?? [];
    list.push(presentOne(view, row, filesOf.get(row.id) ?? [], ranks));
    replies.set(row.parent_id, list);
  }
  return rows
    .filter((row) => row.parent_id === null)
    .map((row) => ({
      ...presentOne(view, row, filesOf.get(row.id) ?? [], ranks),
      replies: replies.get(row.id) ?? [],
    }));
}

export function presentReply(
  view: ProjectView,
  row: CommentWithAuthor,
  files: readonly CommentFileRow[],
  ranks: CommentRanks,
): Comment {
  return { ...presentOne(view, row, files, ranks), replies: [] };
}
