import { Transform, type Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';

/** Bytes gathered before each write to disk. */
const WRITE_BYTES = 4 * 1024 * 1024;

/**
 * tus's file store, writing the request's bytes in blocks of 4 MiB rather than as the socket hands
 * them over (64 KiB): each write is a trip through libuv's thread pool, and at 64 KiB those trips,
 * not the disk, set the speed of an upload. Bytes gathered when a connection drops are written
 * (the request's end flushes them); on an error they are not, and the upload resumes from what
 * the file holds.
 */
export class CoalescingFileStore extends FileStore {
  override write(readable: Readable, id: string, offset: number): Promise<number> {
    const blocks = coalesce(WRITE_BYTES);
    readable.on('error', (error) => blocks.destroy(error));
    return super.write(readable.pipe(blocks), id, offset);
  }
}

function coalesce(size: number): Transform {
  let parts: Buffer[] = [];
  let length = 0;
  return new Transform({
    readableHighWaterMark: size,
    writableHighWaterMark: size,
    transform(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      length += chunk.length;
      if (length < size) return done();
      const block = Buffer.concat(parts, length);
      parts = [];
      length = 0;
      done(null, block);
    },
    flush(done) {
      done(null, length > 0 ? Buffer.concat(parts, length) : undefined);
    },
  });
}
