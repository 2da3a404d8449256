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

/** What an export holds: the project, the assets with their rounds' comments, and whether assets were left out. */
export interface CommentReport {
  projectName: string;
  /** The file name without extension. */
  fileBase: string;
  assets: ReportAsset[];
  /** Assets with comments past the cap, left out. */
  assetsLeftOut: number;
  generatedAt: string;
}
