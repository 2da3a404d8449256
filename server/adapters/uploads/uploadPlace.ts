import type { DataStore } from '@tus/utils';
import type { ByteSource } from '../../media/previews/byteSource';

/** An upload's bytes where they were received: a file on this machine's disk or an object in the bucket. */
export interface UploadedBytes {
  /** The bytes, read where they lie, or null when none are there; close the source once read. */
  open(): Promise<(ByteSource & { close(): Promise<void> }) | null>;
  /** Stores them in the file storage under `key` and takes them (a move where the store allows one). */
  keepAs(key: string, contentType: string): Promise<void>;
  discard(): Promise<void>;
}

/** How far an upload came: all its declared bytes are there, or when a byte of it was last stored. */
export interface UploadProgress {
  complete: boolean;
  /** Milliseconds since the epoch. */
  touchedAt: number;
}

/**
 * Where uploads gather their bytes until their asset is made: a folder on this machine (the
 * embedded mode, and multipart requests everywhere) or the bucket (tus uploads when scaled out,
 * so that any instance resumes them). Upload ids are 32 hex digits, `mp` first for multipart.
 */
export interface UploadPlace {
  /** tus's data store writing here; `canceled` runs once a client's termination removed an upload. */
  tusStore(canceled: (id: string) => Promise<void>): DataStore;
  bytesOf(id: string): UploadedBytes;
  /** Null when nothing of the upload is here. */
  progress(id: string, declaredSize: number): Promise<UploadProgress | null>;
  /** Removes what tus keeps beside the bytes (its record, a partial part, an open multipart upload). */
  forgetRecord(id: string): Promise<void>;
  /** Removes everything the upload left: its bytes and its record. */
  remove(id: string): Promise<void>;
  /** Every upload with something stored here, and when it was last touched (the sweep of leftovers). */
  leftovers(): AsyncIterable<{ id: string; touchedAt: number }>;
}

/** An upload's id as tus, multipart and the sweep name it. */
export const UPLOAD_ID = /^(?:mp)?[0-9a-f]{32}$/;
