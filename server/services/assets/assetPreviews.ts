import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Logger } from 'pino';
import type { FileStorage } from '../../adapters/storage/fileStorage';
import type { Clock } from '../../clock';
import type { AssetVersionRow, PreviewFields } from '../../db/repositories/assetVersions';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import type { PreviewInput, PreviewOutcome } from '../../media/previews/types';
import { scratchPrefix } from '../../processIdentity';
import { projectEvent } from '../projects/projectEvents';

export type RenderPreviews = (input: PreviewInput) => Promise<PreviewOutcome>;

/** Said on a round whose preview job failed every try for a reason of ours, not of the file. */
export const PREVIEW_GAVE_UP = 'The preview could not be made. Try again later.';

/**
 * A round's renditions: the preview pipeline (server/media/previews) run on the stored original,
 * its files stored under a folder of their own (`renditions/<random>/…`, so each run has new
 * addresses), then the round updated in one transaction. A round deleted meanwhile keeps nothing.
 */
/** Tiles stored at once. */
const TILES_AT_ONCE = 8;

export class AssetPreviews {
  constructor(
    private readonly uow: UnitOfWorkOf<'assetVersions' | 'projects'>,
    private readonly storage: FileStorage,
    private readonly render: RenderPreviews,
    private readonly scratchDir: string,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async make(versionId: number, signal: AbortSignal): Promise<void> {
    const round = await this.uow.read.assetVersions.findById(versionId);
    if (!round) return;
    await mkdir(this.scratchDir, { recursive: true });
    const workDir = await mkdtemp(join(this.scratchDir, scratchPrefix('preview')));
    try {
      const path = await this.storage.localFile(round.original_key, join(workDir, 'original'));
      if (!path) throw new Error(`the original of round ${round.id} is missing`);
      const outcome = await this.render({
        path,
        type: round.file_type as PreviewInput['type'],
        workDir,
        signal,
      });
      signal.throwIfAborted();
      const fields = outcome.ok ? await this.store(outcome, round) : failed(outcome.reason);
      await this.save(round, fields);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /** The job's last try failed: the round says so instead of staying 'processing' for ever. */
  async giveUp(versionId: number): Promise<void> {
    const round = await this.uow.read.assetVersions.findById(versionId);
    if (round?.preview_state === 'processing') await this.save(round, failed(PREVIEW_GAVE_UP));
  }

  private async store(
    outcome: Extract<PreviewOutcome, { ok: true }>,
    round: AssetVersionRow,
  ): Promise<PreviewFields> {
    const { renditions } = outcome;
    const prefix = `renditions/${randomUUID().replaceAll('-', '')}`;
    await this.storage.put(`${prefix}/thumbnail`, renditions.thumbnail, 'image/jpeg');
    await this.storage.put(`${prefix}/preview`, renditions.preview, renditions.previewContentType);
    await this.storage.put(`${prefix}/low_res`, renditions.lowRes, 'image/jpeg');
    let tilesKey: string | null = null;
    if (renditions.tilesDir) {
      tilesKey = `${prefix}/tiles`;
      const tilesDir = renditions.tilesDir;
      const files = await filesUnder(tilesDir);
      // Hundreds of small files: on S3 each is a request, so several go at once.
      const store = async (file: string) => {
        const key = `${tilesKey}/${relative(tilesDir, file).split('\\').join('/')}`;
        await this.storage.putFile(key, file, file.endsWith('.dzi') ? 'application/xml' : 'image/jpeg');
      };
      for (let at = 0; at < files.length; at += TILES_AT_ONCE)
        await Promise.all(files.slice(at, at + TILES_AT_ONCE).map(store));
    }
    this.log.debug({ round: round.id, prefix }, 'renditions stored');
    return {
      preview_state: 'ready',
      preview_error: renditions.damaged ?? null,
      width: renditions.width,
      height: renditions.height,
      page_count: renditions.pageCount,
      thumbnail_key: `${prefix}/thumbnail`,
      preview_key: `${prefix}/preview`,
      preview_content_type: renditions.previewContentType,
      low_res_key: `${prefix}/low_res`,
      lqip: renditions.lqip,
      tiles_key: tilesKey,
    };
  }

  private async save(round: AssetVersionRow, fields: PreviewFields): Promise<void> {
    const now = this.clock.now().toISOString();
    const kept = await this.uow.transaction(async (tx) => {
      const current = await tx.assetVersions.findById(round.id);
      const project = await tx.projects.findById(round.project_id);
      if (!current || !project) return false;
      await tx.assetVersions.setPreview(round.id, fields, now);
      await tx.record(
        projectEvent(project, null, 'asset.round_processed', {
          subject: { type: 'Asset', id: round.asset_id },
          data: { version_id: round.id, state: fields.preview_state },
        }),
      );
      return true;
    });
    const prefix = fields.thumbnail_key?.split('/').slice(0, 2).join('/');
    if (!kept && prefix) await this.storage.deletePrefix(prefix);
  }
}

function failed(reason: string): PreviewFields {
  return {
    preview_state: 'failed',
    preview_error: reason,
    width: null,
    height: null,
    page_count: null,
    thumbnail_key: null,
    preview_key: null,
    preview_content_type: null,
    low_res_key: null,
    lqip: null,
    tiles_key: null,
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}
