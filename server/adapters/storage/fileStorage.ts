import type { Readable } from 'node:stream';

/** Where uploaded files live: local disk in the embedded mode, an S3-compatible store when scaled out. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores the file at `path` under `key` and takes it: the file is moved (or copied and removed),
   * so a large upload is never read into memory. Never half-written under `key`.
   */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** A stream of the stored bytes, or null when there is no such file. */
  get(key: string): Promise<{ body: Readable; contentType: string; size: number } | null>;
  delete(key: string): Promise<void>;
  /** The file's path on this machine when the store is a local disk (converters read it in place), else null. */
  localPath(key: string): string | null;
  /** Removes every file whose key starts with `prefix/` (a round's renditions, a tile pyramid). */
  deletePrefix(prefix: string): Promise<void>;
}
