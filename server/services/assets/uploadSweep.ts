import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { UploadPlaces } from '../../adapters/uploads';
import type { Clock } from '../../clock';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { isKnownDead, scratchOwner } from '../../processIdentity';
import type { AssetUploads } from './assetUploads';

/** An upload whose bytes stopped arriving this long ago is looked at by the sweep. */
const QUIET_MS = 10 * 60 * 1000;
/** A scratch folder named before its owner was part of its name. */
const UNOWNED_SCRATCH = /^(preview|page)-[^.]{6}$/;

/**
 * Uploads the requests left behind: one whose bytes are all stored but whose asset was never made
 * (the process stopped between the last byte and the asset) is finished; a partial one untouched
 * for the expiry time is removed and its name and storage let go. Uploads gather in the uploads
 * folder or in the bucket (server/adapters/uploads); the sweep looks at both.
 */
export class UploadSweep {
  constructor(
    private readonly uow: UnitOfWorkOf<'assetUploads'>,
    private readonly uploads: AssetUploads,
    private readonly places: UploadPlaces,
    private readonly dir: string,
    private readonly expiryMs: number,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async run(): Promise<{ finished: number; expired: number }> {
    const done = await this.finishAndExpire();
    await this.sweepLeftovers();
    return done;
  }

  /**
   * What no running work owns (at start, and with every sweep): the scratch folders of processes
   * of this machine that are surely dead (server/processIdentity.ts; another machine's are left to
   * it), and what uploads that have ended (or never got a row) left, once quiet for a while.
   */
  async sweepLeftovers(): Promise<{ scratch: number; uploads: number }> {
    const quietSince = this.clock.now().getTime() - QUIET_MS;
    const scratch = await this.sweepScratch(quietSince);
    let uploads = 0;
    for (const place of this.places.all()) {
      for await (const { id, touchedAt } of place.leftovers()) {
        if (touchedAt >= quietSince) continue;
        const upload = await this.uow.read.assetUploads.findById(id);
        if (upload && upload.status !== 'done' && upload.status !== 'failed') continue;
        await place.remove(id);
        uploads++;
      }
    }
    if (scratch + uploads > 0) this.log.info({ scratch, uploads }, 'upload sweep: leftovers removed');
    return { scratch, uploads };
  }

  private async sweepScratch(quietSince: number): Promise<number> {
    let removed = 0;
    for (const entry of await readdir(this.dir, { withFileTypes: true }).catch(() => [])) {
      if (!entry.isDirectory()) continue;
      const path = join(this.dir, entry.name);
      const owner = scratchOwner(entry.name);
      const dead = owner
        ? isKnownDead(owner)
        : UNOWNED_SCRATCH.test(entry.name) &&
          ((await stat(path).catch(() => null))?.mtimeMs ?? Infinity) < quietSince;
      if (!dead) continue;
      await rm(path, { recursive: true, force: true });
      removed++;
    }
    return removed;
  }

  private async finishAndExpire(): Promise<{ finished: number; expired: number }> {
    const now = this.clock.now().getTime();
    const before = new Date(now - QUIET_MS).toISOString();
    let finished = 0;
    let expired = 0;
    for (const upload of await this.uow.read.assetUploads.listStale('uploading', before)) {
      const place = this.places.of(upload.id);
      const progress = await place.progress(upload.id, Number(upload.size_bytes));
      if (progress?.complete) {
        finished += await this.finish(upload.id, 'uploading');
      } else if (!progress || now - progress.touchedAt > this.expiryMs) {
        await this.uploads.abandon(upload.id, 'The upload was abandoned and removed.');
        await place.remove(upload.id);
        expired++;
      }
    }
    for (const upload of await this.uow.read.assetUploads.listStale('creating', before)) {
      finished += await this.finish(upload.id, 'creating');
    }
    return { finished, expired };
  }

  private async finish(id: string, from: 'uploading' | 'creating'): Promise<number> {
    const place = this.places.of(id);
    try {
      await this.uploads.finish(id, place.bytesOf(id), from);
      return 1;
    } catch (error) {
      this.log.warn({ err: error, upload: id }, 'a left-behind upload could not be finished');
      return 0;
    } finally {
      // The bytes stay where the asset is still to make; tus's record of them is done with.
      await place.forgetRecord(id);
    }
  }
}
