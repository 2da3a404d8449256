import type { FileHandle } from 'node:fs/promises';

/** A file's bytes read where they lie (a local file, an object in the bucket), a range at a time. */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `position` (fewer at the end). */
  read(position: number, length: number): Promise<Buffer>;
}

/** An open local file as a byte source. */
export function fileByteSource(file: FileHandle, size: number): ByteSource {
  return {
    size,
    async read(position, length) {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    },
  };
}
