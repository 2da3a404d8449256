import type { CommentExportFormat } from '@common/api/commentCarryOver';
import type { ReportOutline, ReportPreview } from './reportModel';
import type { ReportAssetRows } from './reportRounds';

/** A report a worker is asked to draw. */
export interface ReportJob {
  format: CommentExportFormat;
  /** The PDF's title. */
  title: string;
  outline: ReportOutline;
  /** A project's report opens with a cover listing its assets. */
  projectCover: boolean;
}

/** What the worker asks the server for: an asset's comments, or a preview's embeddable bytes. */
export type ReportAsk =
  { kind: 'asset'; index: number } | { kind: 'preview'; preview: ReportPreview; page: number };

/** The answer to an ask of that kind. */
export type ReportAnswer<K extends ReportAsk['kind']> = K extends 'asset'
  ? ReportAssetRows | null
  : Uint8Array | null;

/** Server to worker: a report to draw, the answer to an ask, or leave to send one more chunk of the file. */
export type ToReportWorker =
  { type: 'job'; job: ReportJob } | { type: 'answer'; id: number; value: unknown } | { type: 'pull' };

/** Worker to server: an ask, a chunk of the file (sent only after a pull), the end, or why it failed. */
export type FromReportWorker =
  | { type: 'ask'; id: number; ask: ReportAsk }
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'end' }
  | { type: 'error'; message: string };
