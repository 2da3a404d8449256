import type { Logger } from 'pino';
import type { FileStorage, StoredEntry } from '../../adapters/storage/fileStorage';
import type { Clock } from '../../clock';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { MAIL_LINK_MS } from './downloads';

/** Files younger than this are left alone: their row may be on its way (a put comes before its commit). */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** Keys looked up in one query. */
const PAGE = 500;
/** A rendition's files share their folder; its row names `<folder>/thumbnail` (and the others). */
const RENDITION = /^(renditions\/[0-9a-f]+)\//;
/** A tus or multipart upload's file in the bucket (`<id>`, `<id>.info`, `<id>.part`…). */
const UPLOAD = /^(?:uploads\/)?((?:mp)?[0-9a-f]{32})(?:\.[a-z]+)?$/;
/** What no row names but is still owned while young: an e-mailed zip lives until its link expires. */
const ZIP = /^downloads\/[0-9a-f]+\.zip$/;
/** The kinds of file rows name one by one. */
const NAMED = /^(originals\/|projects\/\d+\/(comments\/|cover-)|workspaces\/\d+\/logo-|avatars\/\d+\/)/;

export interface OrphanSweepResult {
  checked: number;
  removed: number;
}

/**
 * Files in the storage no row names any more (a put whose transaction failed, a process killed
 * between the two, a delete that reached the database but not the bucket): listed, matched against
 * every column holding a key, and removed once older than the grace period. A key of a kind it
 * does not know is kept: removing is the one mistake that cannot be undone.
 */
export class OrphanSweep {
  constructor(
    private readonly uow: UnitOfWorkOf<'storedKeys'>,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly graceMs = ORPHAN_GRACE_MS,
  ) {}

  async run(): Promise<OrphanSweepResult> {
    const result: OrphanSweepResult = { checked: 0, removed: 0 };
    let page: StoredEntry[] = [];
    for await (const entry of this.storage.list('')) {
      page.push(entry);
      if (page.length < PAGE) continue;
      await this.sweep(page, result);
      page = [];
    }
    await this.sweep(page, result);
    if (result.removed > 0) this.log.info(result, 'orphan sweep: files no row names removed');
    return result;
  }

  private async sweep(entries: StoredEntry[], result: OrphanSweepResult): Promise<void> {
    const now = this.clock.now().getTime();
    const old = entries.filter((entry) => entry.modifiedAt.getTime() < now - this.graceMs);
    result.checked += entries.length;
    const orphans = await this.orphansAmong(old, now);
    if (orphans.length === 0) return;
    await this.storage.deleteMany(orphans);
    result.removed += orphans.length;
  }

  private async orphansAmong(entries: StoredEntry[], now: number): Promise<string[]> {
    const asked = entries.flatMap((entry) => namesOf(entry.key));
    const uploadIds = entries.flatMap((entry) => UPLOAD.exec(entry.key)?.[1] ?? []);
    const [named, running] = await Promise.all([
      this.uow.read.storedKeys.referenced(asked),
      this.uow.read.storedKeys.runningUploads(uploadIds),
    ]);
    return entries
      .filter(({ key, modifiedAt }) => {
        if (ZIP.test(key)) return modifiedAt.getTime() < now - MAIL_LINK_MS - this.graceMs;
        const upload = UPLOAD.exec(key)?.[1];
        if (upload) return !running.has(upload);
        const names = namesOf(key);
        return names.length > 0 && !names.some((name) => named.has(name));
      })
      .map((entry) => entry.key);
  }
}

/** The keys a row would hold for this file (none for a kind the sweep does not know). */
function namesOf(key: string): string[] {
  const rendition = RENDITION.exec(key)?.[1];
  if (rendition) return ['thumbnail', 'preview', 'low_res', 'tiles'].map((file) => `${rendition}/${file}`);
  return NAMED.test(key) ? [key] : [];
}
