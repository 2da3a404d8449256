import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { UnitOfWork } from '../db/unitOfWork';
import type { AssetUploads } from './assetUploads';

/** An upload whose bytes stopped arriving this long ago is looked at by the sweep. */
const QUIET_MS = 10 * 60 * 1000;

/**
 * Uploads the requests left behind: a file complete on disk whose asset was never made (the
 * process stopped between the last byte and the asset) is finished; a partial file untouched for
 * the expiry time is removed and its name and storage let go.
 */
export class UploadSweep {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly uploads: AssetUploads,
    private readonly dir: string,
    private readonly expiryMs: number,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async run(): Promise<{ finished: number; expired: number }> {
    const now = this.clock.now().getTime();
    const before = new Date(now - QUIET_MS).toISOString();
    let finished = 0;
    let expired = 0;
    for (const upload of await this.uow.read.assetUploads.listStale('uploading', before)) {
      const path = join(this.dir, upload.id);
      const file = await stat(path).catch(() => null);
      if (file && file.size === Number(upload.size_bytes)) {
        finished += await this.finish(upload.id, path, 'uploading');
      } else if (!file || now - file.mtimeMs > this.expiryMs) {
        await this.uploads.abandon(upload.id, 'The upload was abandoned and removed.');
        await rm(path, { force: true });
        expired++;
      }
    }
    for (const upload of await this.uow.read.assetUploads.listStale('creating', before)) {
      finished += await this.finish(upload.id, join(this.dir, upload.id), 'creating');
    }
    return { finished, expired };
  }

  private async finish(id: string, path: string, from: 'uploading' | 'creating'): Promise<number> {
    try {
      await this.uploads.finish(id, path, from);
      await rm(`${path}.json`, { force: true });
      return 1;
    } catch (error) {
      this.log.warn({ err: error, upload: id }, 'a left-behind upload could not be finished');
      return 0;
    }
  }
}
