import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { isKnownDead, scratchOwner } from '../../processIdentity';
import type { AssetUploads } from './assetUploads';

/** An upload whose bytes stopped arriving this long ago is looked at by the sweep. */
const QUIET_MS = 10 * 60 * 1000;
/** An upload's file and its tus `.json` (`<id>`, `<id>.json`; multipart ids start with `mp`). */
const UPLOAD_FILE = /^((?:mp)?[0-9a-f]{32})(\.json)?$/;
/** A scratch folder named before its owner was part of its name. */
const UNOWNED_SCRATCH = /^(preview|page)-[^.]{6}$/;

/**
 * Uploads the requests left behind: a file complete on disk whose asset was never made (the
 * process stopped between the last byte and the asset) is finished; a partial file untouched for
 * the expiry time is removed and its name and storage let go.
 */
export class UploadSweep {
  constructor(
    private readonly uow: UnitOfWorkOf<'assetUploads'>,
    private readonly uploads: AssetUploads,
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
   * it), and the files of uploads that have ended (or never got a row) quiet for a while.
   */
  async sweepLeftovers(): Promise<{ scratch: number; files: number }> {
    const now = this.clock.now().getTime();
    let scratch = 0;
    let files = 0;
    for (const entry of await readdir(this.dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(this.dir, entry.name);
      if (entry.isDirectory()) {
        const owner = scratchOwner(entry.name);
        const dead = owner
          ? isKnownDead(owner)
          : UNOWNED_SCRATCH.test(entry.name) && (await quietSince(path, now - QUIET_MS));
        if (!dead) continue;
        await rm(path, { recursive: true, force: true });
        scratch++;
        continue;
      }
      const id = UPLOAD_FILE.exec(entry.name)?.[1];
      if (!id) continue;
      const upload = await this.uow.read.assetUploads.findById(id);
      const ended = upload ? upload.status === 'done' || upload.status === 'failed' : true;
      if (!ended || !(await quietSince(path, now - QUIET_MS))) continue;
      await rm(path, { force: true });
      files++;
    }
    if (scratch + files > 0) this.log.info({ scratch, files }, 'upload sweep: leftovers removed');
    return { scratch, files };
  }

  private async finishAndExpire(): Promise<{ finished: number; expired: number }> {
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

/** Untouched since `before` (ms); false when it is already gone. */
async function quietSince(path: string, before: number): Promise<boolean> {
  const info = await stat(path).catch(() => null);
  return info !== null && info.mtimeMs < before;
}
