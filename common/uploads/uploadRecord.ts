import type { UploadState } from './uploadStates';

/** Where a file goes: a project, optionally a folder, or a new round of an asset. */
export interface UploadTarget {
  projectId: number;
  /** Shown as the group's title in the Upload Box. */
  projectName: string;
  folderId: number | null;
  /** Set when the file is the next round of this asset. */
  assetId: number | null;
  /**
   * The asset's name and its current round's file, for a new round: one of another type (a PNG
   * onto a PSD) is asked about first. Without them (a round the user chose by name) it goes as is.
   */
  replaces?: { assetName: string; fileName: string };
}

/** One file in the Upload Box (§3 "Asset upload"), as the pure rules see it. */
export interface UploadRecord {
  id: string;
  /** Order of arrival; ties in display priority keep it. */
  seq: number;
  name: string;
  size: number;
  target: UploadTarget;
  state: UploadState;
  bytesUploaded: number;
  /** Bytes already on the server when this session started sending (a resumed upload). */
  startBytes: number;
  /** When the bytes started to flow (ms since the epoch), null before. */
  startedAt: number | null;
  /** A cancel asked for while waiting: applied when the upload would start (§4). */
  abortRequested: boolean;
  /** Why it failed, in words for the row's tooltip. */
  error: string | null;
  /** The asset the upload made or added a round to, once it succeeded. */
  assetId: number | null;
}

export type UploadEvent =
  | { type: 'start'; at: number; offset: number }
  | { type: 'progress'; bytes: number }
  | { type: 'success'; assetId: number | null }
  | { type: 'error'; message: string }
  | { type: 'abort' };

export function newUploadRecord(
  input: Pick<UploadRecord, 'id' | 'seq' | 'name' | 'size' | 'target'>,
): UploadRecord {
  return {
    ...input,
    state: 'waiting',
    bytesUploaded: 0,
    startBytes: 0,
    startedAt: null,
    abortRequested: false,
    error: null,
    assetId: null,
  };
}

/**
 * The events of §4 (start, progress, success, error, and the user's abort) applied to one record.
 * A finished upload ignores late events: a progress callback that fires after a cancel must not
 * bring the row back to life.
 */
export function applyUploadEvent(record: UploadRecord, event: UploadEvent): UploadRecord {
  const finished = record.state === 'succeeded' || record.state === 'failed' || record.state === 'aborted';
  if (finished) return record;
  switch (event.type) {
    case 'start':
      return {
        ...record,
        state: 'uploading',
        startedAt: event.at,
        startBytes: event.offset,
        bytesUploaded: event.offset,
      };
    case 'progress': {
      if (record.state === 'waiting') return record;
      const bytes = Math.min(record.size, Math.max(record.bytesUploaded, event.bytes));
      // Every byte is on the server: what is left is the server making the asset.
      const state = bytes >= record.size ? 'creating' : 'uploading';
      return { ...record, bytesUploaded: bytes, state };
    }
    case 'success':
      return { ...record, state: 'succeeded', bytesUploaded: record.size, assetId: event.assetId };
    case 'error':
      return { ...record, state: 'failed', error: event.message };
    case 'abort':
      return { ...record, state: 'aborted', abortRequested: false };
  }
}
