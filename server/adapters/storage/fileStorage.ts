import type { Readable } from 'node:stream';

/** Where uploaded files live: local disk in the embedded mode, an S3-compatible store when scaled out. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** A stream of the stored bytes, or null when there is no such file. */
  get(key: string): Promise<{ body: Readable; contentType: string; size: number } | null>;
  delete(key: string): Promise<void>;
}
