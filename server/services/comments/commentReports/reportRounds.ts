import { plainCommentText } from '@common/api/commentCarryOver';
import type { MarkupShape } from '@common/api/comments';
import type { CommentWithAuthor } from '../../../db/repositories/comments';
import { authorLabel } from '../../../presenters/commentAuthor';
import type { ReportAsset, ReportComment, ReportPreview } from './reportModel';

/**
 * An asset's comments as read from the database, and the preview of each of its rounds: what the
 * report's worker receives for an asset, and groups (its markup parsed there, off the event loop).
 */
export interface ReportAssetRows {
  id: number;
  name: string;
  rows: CommentWithAuthor[];
  previews: { number: number; preview: ReportPreview | null }[];
}

/** The asset's comments grouped by the round they are on, rounds in order, comments the oldest first. */
export function reportAsset({ id, name, rows, previews }: ReportAssetRows): ReportAsset {
  const replies = new Map<number, ReportComment[]>();
  for (const row of rows)
    if (row.parent_id !== null)
      replies.set(row.parent_id, [...(replies.get(row.parent_id) ?? []), toReport(row)]);
  const byRound = new Map<number, ReportComment[]>();
  for (const row of rows) {
    if (row.parent_id !== null) continue;
    const list = byRound.get(row.round_number) ?? [];
    list.push({ ...toReport(row), replies: replies.get(row.id) ?? [] });
    byRound.set(row.round_number, list);
  }
  const rounds = [...byRound.keys()]
    .sort((a, b) => a - b)
    .map((number) => ({
      number,
      preview: previews.find((p) => p.number === number)?.preview ?? null,
      comments: byRound.get(number) ?? [],
    }));
  return { id, name, rounds };
}

function toReport(row: CommentWithAuthor): ReportComment {
  return {
    id: row.id,
    parentId: row.parent_id,
    number: row.markup_number,
    page: row.page,
    author: authorLabel(row),
    createdAt: iso(row.created_at),
    completedAt: row.completed_at === null ? null : iso(row.completed_at),
    text: plainCommentText(row.text),
    markup: parseMarkup(row.markup),
    replies: [],
  };
}

function iso(value: string | Date): string {
  return new Date(value).toISOString();
}

function parseMarkup(stored: string): MarkupShape[] {
  try {
    const shapes: unknown = JSON.parse(stored);
    return Array.isArray(shapes) ? (shapes as MarkupShape[]) : [];
  } catch {
    return [];
  }
}
