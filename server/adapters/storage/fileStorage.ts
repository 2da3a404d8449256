import type { Readable } from 'node:stream';

/** A stored file's bytes: all of them, or the range asked for. */
export interface StoredFile {
  body: Readable;
  contentType: string;
  /** The whole file's size, whatever range `body` holds. */
  size: number;
  /** The bytes `body` holds when a range was asked for (inclusive), else null. */
  range: { start: number; end: number } | null;
}

/** One stored file, as listed by `list` (the orphan sweep, the backup). */
export interface StoredEntry {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** How a presigned link hands the file over. */
export interface LinkOptions {
  /** Seconds the link works. */
  expiresInSeconds: number;
  /** The Content-Disposition the store answers with (a download's file name). */
  contentDisposition?: string;
  contentType?: string;
  cacheControl?: string;
}

/**
 * Where uploaded files live: local disk in the embedded mode, an S3-compatible store when scaled
 * out (LocalFileStorage, S3FileStorage; both pass tests/storage/storageContract.ts).
 */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores the file at `path` under `key` and takes it: the file is moved (or copied and removed),
   * so a large upload is never read into memory. Never half-written under `key`.
   */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /**
   * Stores a stream of unknown length under `key` (a zip being built) without a copy on this
   * machine's disk; answers the bytes stored. Never half-written under `key`: a stream that fails
   * leaves nothing.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<number>;
  /** The stored bytes, all or `range` (inclusive; `end` past the size is cut), or null when there is no such file. */
  get(key: string, range?: { start: number; end?: number }): Promise<StoredFile | null>;
  /** The file's size and type without its bytes, or null. */
  head(key: string): Promise<{ size: number; contentType: string } | null>;
  /** Up to `length` bytes from `position` (fewer at the end of the file). */
  read(key: string, position: number, length: number): Promise<Buffer>;
  /** Gives the file stored under `from` the key `to` (an upload becoming an original); `from` is gone after. */
  move(from: string, to: string, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every key given, in batches; a key with no file is no error. */
  deleteMany(keys: readonly string[]): Promise<void>;
  /** Removes every file whose key starts with `prefix/` (a round's renditions, a tile pyramid). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every stored file whose key starts with `prefix`, in key order, page by page. */
  list(prefix: string): AsyncIterable<StoredEntry>;
  /** The file's path on this machine when the store is a local disk (converters read it in place), else null. */
  localPath(key: string): string | null;
  /**
   * A path on this machine holding the file, for a converter: the stored file itself on a local
   * disk, else a copy written at `copyAt` (in the caller's scratch folder, which the caller
   * removes however its work ends). Null when there is no such file.
   */
  localFile(key: string, copyAt: string): Promise<string | null>;
  /** A short-lived link a browser fetches the file from directly (S3), or null (local disk: the app serves it). */
  link(key: string, options: LinkOptions): Promise<string | null>;
  /** Throws unless the store answers (GET /ready). */
  check(): Promise<void>;
}
