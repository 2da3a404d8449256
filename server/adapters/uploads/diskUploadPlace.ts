import { open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataStore } from '@tus/utils';
import { fileByteSource } from '../../media/previews/byteSource';
import type { FileStorage } from '../storage/fileStorage';
import { CoalescingFileStore } from './coalescingFileStore';
import type { UploadedBytes, UploadPlace, UploadProgress } from './uploadPlace';

/** An upload's file and its tus record (`<id>`, `<id>.json`). */
const UPLOAD_FILE = /^((?:mp)?[0-9a-f]{32})(\.json)?$/;

/** Uploads gathered in a folder of this machine: `<id>` holds the bytes, `<id>.json` tus's record. */
export class DiskUploadPlace implements UploadPlace {
  constructor(
    private readonly dir: string,
    private readonly storage: FileStorage,
    private readonly expiryMs: number,
  ) {}

  tusStore(canceled: (id: string) => Promise<void>): DataStore {
    return new CancelingFileStore(
      { directory: this.dir, expirationPeriodInMilliseconds: this.expiryMs },
      canceled,
    );
  }

  bytesOf(id: string): UploadedBytes {
    return bytesOnDisk(join(this.dir, id), this.storage);
  }

  async progress(id: string, declaredSize: number): Promise<UploadProgress | null> {
    const file = await stat(join(this.dir, id)).catch(() => null);
    return file && { complete: file.size === declaredSize, touchedAt: file.mtimeMs };
  }

  async forgetRecord(id: string): Promise<void> {
    await rm(join(this.dir, `${id}.json`), { force: true });
  }

  async remove(id: string): Promise<void> {
    await rm(join(this.dir, id), { force: true });
    await this.forgetRecord(id);
  }

  async *leftovers(): AsyncIterable<{ id: string; touchedAt: number }> {
    const touched = new Map<string, number>();
    for (const entry of await readdir(this.dir, { withFileTypes: true }).catch(() => [])) {
      const id = entry.isFile() ? UPLOAD_FILE.exec(entry.name)?.[1] : undefined;
      if (!id) continue;
      const file = await stat(join(this.dir, entry.name)).catch(() => null);
      if (file) touched.set(id, Math.max(touched.get(id) ?? 0, file.mtimeMs));
    }
    for (const [id, touchedAt] of touched) yield { id, touchedAt };
  }
}

/** A file on this machine holding an upload's bytes (a tus upload, a multipart request's file). */
export function bytesOnDisk(path: string, storage: FileStorage): UploadedBytes {
  return {
    async open() {
      const file = await open(path, 'r').catch(() => null);
      if (!file) return null;
      const { size } = await file.stat();
      return { ...fileByteSource(file, size), close: () => file.close() };
    },
    keepAs: (key, contentType) => storage.putFile(key, path, contentType),
    discard: () => rm(path, { force: true }),
  };
}

/** tus's file store, where a termination also ends the upload's reservation before the 204 is sent. */
class CancelingFileStore extends CoalescingFileStore {
  constructor(
    options: ConstructorParameters<typeof CoalescingFileStore>[0],
    private readonly canceled: (id: string) => Promise<void>,
  ) {
    super(options);
  }

  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await this.canceled(id);
  }
}
