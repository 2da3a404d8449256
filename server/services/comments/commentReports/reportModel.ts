import type { MarkupShape } from '@common/api/comments';

/** One comment or reply as a report shows it: plain text (mentions as '@Name'), ISO dates. */
export interface ReportComment {
  id: number;
  parentId: number | null;
  /** The markup number ('#3'), null without markup. */
  number: number | null;
  /** The page of a document it is on; null on images and global comments. */
  page: number | null;
  author: string;
  createdAt: string;
  completedAt: string | null;
  text: string;
  markup: MarkupShape[];
  replies: ReportComment[];
}

/** The stored preview of a round (a document's first page) and how many pages can be drawn beside it. */
export interface ReportPreview {
  roundId: number;
  key: string;
  contentType: string;
  width: number | null;
  height: number | null;
  /** A document's page count; 1 for a picture. */
  pages: number;
}

/** A round with its comments, and the stored preview to draw them on (null when there is none yet). */
export interface ReportRound {
  number: number;
  preview: ReportPreview | null;
  comments: ReportComment[];
}

export interface ReportAsset {
  id: number;
  name: string;
  rounds: ReportRound[];
}

/** An asset of a report before its comments are read: its rounds with comments and how many each has. */
export interface ReportAssetOutline {
  id: number;
  name: string;
  rounds: { number: number; comments: number }[];
}

/**
 * What an export covers, read when it is asked for (the caller's access checked): the project, the
 * assets in order with their counts, and whether assets were left out. Each asset's comments are
 * read only when the report reaches it, so a project's report holds one asset in memory at a time.
 */
export interface ReportOutline {
  projectName: string;
  /** The file name without extension. */
  fileBase: string;
  assets: ReportAssetOutline[];
  /** Assets with comments past the cap, left out. */
  assetsLeftOut: number;
  generatedAt: string;
}

/** A whole report in memory: an outline with every asset's comments. */
export interface CommentReport extends Omit<ReportOutline, 'assets'> {
  assets: ReportAsset[];
}

/** Where a report being written reads its assets' comments and its previews' bytes from. */
export interface ReportSource {
  outline: ReportOutline;
  /** The outline's asset at `index` with its rounds' comments; null when it has gone since. */
  asset(index: number): Promise<ReportAsset | null>;
  /** The embeddable bytes of a round's preview (page `page` of a document), or null when there is none. */
  preview(preview: ReportPreview, page: number): Promise<Buffer | null>;
}

/** The outline of a report held whole (the rounds' counts are its root comments). */
export function outlineOf(report: CommentReport): ReportOutline {
  return {
    ...report,
    assets: report.assets.map((a) => ({
      id: a.id,
      name: a.name,
      rounds: a.rounds.map((r) => ({ number: r.number, comments: r.comments.length })),
    })),
  };
}

/** A source over a report held whole, and previews read by `preview`. */
export function sourceOf(report: CommentReport, preview: ReportSource['preview']): ReportSource {
  return {
    outline: outlineOf(report),
    asset: (index) => Promise.resolve(report.assets[index] ?? null),
    preview,
  };
}
