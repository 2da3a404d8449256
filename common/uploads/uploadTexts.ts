import { ASSET_TEXTS } from '../api/assets';
import { plural } from '../text';
import type { UploadRecord } from './uploadRecord';
import { timeLeftText, uploadSecondsLeft } from './uploadTiming';

/** The Upload Box's words (projects-side §2 "Upload box", §5 "Closing the page during uploads"). */
export const UPLOAD_BOX_TEXTS = {
  title: 'Upload Box',
  empty: 'No files are being uploaded',
  uploadNow: 'Upload Now',
  cancelAll: 'Cancel All',
  cancelAllConfirm: 'Are you sure you want to cancel all pending uploads?',
  pending: 'Upload Pending',
  complete: 'Complete',
  failed: ASSET_TEXTS.uploadFailed,
  canceled: 'Canceled',
  /** Every byte is stored; the server is making the asset and its round. */
  creating: 'Creating asset…',
  allDone: 'All uploads finished',
  clear: 'Clear list',
  leaveWarning:
    'You have uncompleted uploads and they will be cancel if you close this page. Are you sure you want to continue?',
  dropToRound: 'Upload new round of asset',
  /** A connection that stayed down through every retry; the stored URL lets the same file resume. */
  connectionLost: 'The connection was lost. Add the same file again to resume where it stopped.',
  uploadAsRound: (name: string) => `Upload as a new round of ${name}`,
  /** Beyond the spec: a new round of another type of file than the current one is asked about first. */
  typeChangeTitle: 'Different File Type',
  typeChange: (asset: string, from: string, to: string) =>
    `The current round of **${asset}** is a ${from} file and this one is a ${to} file. Are you sure you want to upload it as the new round?`,
  typeChangeConfirm: 'Upload New Round',
} as const;

/** 'Uploading 1 file...' / 'Uploading N files...'. */
export function uploadingHeader(activeCount: number): string {
  return `Uploading ${plural(activeCount, 'file')}...`;
}

/** What a row says beside its progress: §2's per-file labels, an ETA while sending. */
export function rowLabel(record: UploadRecord, now: number): string {
  switch (record.state) {
    case 'waiting':
      return record.abortRequested ? UPLOAD_BOX_TEXTS.canceled : UPLOAD_BOX_TEXTS.pending;
    case 'uploading':
      return timeLeftText(uploadSecondsLeft(record, now));
    case 'creating':
      return UPLOAD_BOX_TEXTS.creating;
    case 'succeeded':
      return UPLOAD_BOX_TEXTS.complete;
    case 'failed':
      return UPLOAD_BOX_TEXTS.failed;
    case 'aborted':
      return UPLOAD_BOX_TEXTS.canceled;
  }
}
