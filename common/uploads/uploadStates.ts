/**
 * The states of one upload in the browser (projects-side §4 "Upload") and what each means for the
 * Upload Box: which are active, in which order rows show, and the progress a row draws.
 */
export const UPLOAD_STATES = ['waiting', 'uploading', 'creating', 'succeeded', 'failed', 'aborted'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** Rows sort by this, lowest first: what moves is on top, what ended badly at the bottom. */
export const DISPLAY_PRIORITY: Readonly<Record<UploadState, number>> = {
  uploading: 1,
  waiting: 2,
  succeeded: 3,
  creating: 4,
  failed: 5,
  aborted: 6,
};

const ACTIVE: ReadonlySet<UploadState> = new Set(['waiting', 'uploading', 'creating']);

/** Waiting, uploading or creating the asset: the upload still needs the page open. */
export function isActive(state: UploadState): boolean {
  return ACTIVE.has(state);
}

/** Over: succeeded, failed or aborted. */
export function isFinished(state: UploadState): boolean {
  return !isActive(state);
}

/** Waiting and uploading rows show a cancel control (§2 "Upload box"). */
export function canCancel(state: UploadState): boolean {
  return state === 'waiting' || state === 'uploading';
}

/**
 * The percent a row shows: 100 once every byte is stored (creating, succeeded) and for a failed
 * upload (§2: "failed shows 100% progress"); otherwise the floor of the bytes sent.
 */
export function progressPercent(state: UploadState, bytesUploaded: number, size: number): number {
  switch (state) {
    case 'creating':
    case 'succeeded':
    case 'failed':
      return 100;
    case 'waiting':
      return 0;
    case 'uploading':
    case 'aborted': {
      if (size <= 0) return 0;
      return Math.min(100, Math.max(0, Math.floor((bytesUploaded / size) * 100)));
    }
  }
}
