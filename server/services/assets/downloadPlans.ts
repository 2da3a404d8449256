import { ASSET_TEXTS } from '@common/api/assets';
import { DOWNLOAD_TEXTS, lowResName, withRoundNumber } from '@common/api/downloads';
import type { FileStorage } from '../../adapters/storage/fileStorage';
import type { AssetRow } from '../../db/repositories/assets';
import type { AssetVersionRow } from '../../db/repositories/assetVersions';
import type { ProjectRow } from '../../db/repositories/projects';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError } from '../../errors';
import type { DownloadOptions, DownloadSelection } from './downloadLinks';
import { safeSegment, splitExtension, ZipEntryNames } from './zipEntryNames';
import type { ZipDirectory, ZipEntry, ZipFile } from './zipStream';

/** One stored file to hand out, named as it will be saved. */
export interface PlannedFile {
  name: string;
  key: string;
  modified: Date;
  /** zlib level; 0 stores (zipStream.ts). */
  level: number;
  /** The recorded size (low-res files are estimated): decides between streaming and e-mail. */
  bytes: number;
}

/** What a download sends: one file as it is, or a zip of entries. */
export type DownloadPlan =
  | { kind: 'file'; file: PlannedFile }
  | { kind: 'zip'; fileName: string; entries: ZipEntry[]; files: number; bytes: number };

/**
 * Already-compressed formats are stored as they are: deflating them costs CPU and gains nothing.
 * Text, legacy Office, TIFF (often uncompressed) and InDesign shrink; TIFF and InDesign files are
 * large, so they get the fastest level.
 */
const DEFLATE_LEVEL: Record<string, number> = { txt: 6, csv: 6, doc: 6, xls: 6, tiff: 1, indd: 1 };
/** Low-res JPEGs are a few hundred kilobytes; their size is not recorded, so this bounds it. */
const LOW_RES_ESTIMATE = 1024 * 1024;
/** Rows read at once while listing a project's assets. */
const PAGE = 1000;

const assetNotFound = () => new AppError(404, 'not_found', ASSET_TEXTS.notFound);

/** The repositories DownloadPlans uses. */
type DownloadPlansRepositories = 'assetVersions' | 'assets' | 'folders';

/** Turns a checked selection of one project into the files to send, their names made safe and unique. */
export class DownloadPlans {
  constructor(
    private readonly uow: UnitOfWorkOf<DownloadPlansRepositories>,
    private readonly storage: FileStorage,
  ) {}

  async plan(
    project: ProjectRow,
    selection: DownloadSelection,
    options: DownloadOptions,
  ): Promise<DownloadPlan> {
    switch (selection.kind) {
      case 'assets':
        return this.assets(project, selection.assetIds, options);
      case 'rounds':
        return this.rounds(project, selection.assetId, options);
      case 'folder':
        return this.folder(project, selection.folderId, options);
      case 'project':
        return this.project(project, options);
    }
  }

  /** The file's bytes, or null when the stored file is gone. */
  open(file: PlannedFile) {
    return this.storage.get(file.key);
  }

  private async assets(project: ProjectRow, ids: number[], options: DownloadOptions): Promise<DownloadPlan> {
    const unique = [...new Set(ids)];
    const assets = await this.uow.read.assets.findMany(unique);
    if (assets.length !== unique.length || assets.some((a) => a.project_id !== project.id))
      throw assetNotFound();
    const rounds = await this.currentRounds(assets);
    const files = byName(assets).flatMap((a) => {
      const round = rounds.get(a.id);
      return round ? [this.fileOf(a, round, options)] : [];
    });
    if (unique.length === 1) {
      if (!files[0]) throw assetNotFound();
      return { kind: 'file', file: files[0] };
    }
    const names = new ZipEntryNames();
    const named = files.map((f) => ({ ...f, name: names.file(f.name) }));
    return zip(`${project.name} (${files.length} assets).zip`, named, this);
  }

  private async rounds(
    project: ProjectRow,
    assetId: number,
    options: DownloadOptions,
  ): Promise<DownloadPlan> {
    const asset = await this.uow.read.assets.findById(assetId);
    if (asset?.project_id !== project.id) throw assetNotFound();
    const rounds = await this.uow.read.assetVersions.listForAsset(asset.id);
    if (rounds.length < 2)
      throw new AppError(422, 'invalid_record', DOWNLOAD_TEXTS.allRoundsNeedRounds, {
        all_rounds: [DOWNLOAD_TEXTS.allRoundsNeedRounds],
      });
    const names = new ZipEntryNames();
    const files = rounds.map((round) => {
      const file = this.fileOf(asset, round, { ...options, withRoundNumber: true });
      return { ...file, name: names.file(file.name) };
    });
    return zip(`${splitExtension(asset.name)[0]} (all rounds).zip`, files, this);
  }

  private async folder(
    project: ProjectRow,
    folderId: number,
    options: DownloadOptions,
  ): Promise<DownloadPlan> {
    const folder = await this.uow.read.folders.findById(folderId);
    if (folder?.project_id !== project.id)
      throw new AppError(404, 'not_found', 'This folder no longer exists.');
    const names = new ZipEntryNames();
    const files = await this.placeFiles(project, folder.id, options);
    return zip(
      `${folder.name}.zip`,
      files.map((f) => ({ ...f, name: names.file(f.name) })),
      this,
    );
  }

  /**
   * The root's files, then each folder as a directory with its files. Folders take their names
   * first, so a root file named like a folder is the one numbered.
   */
  private async project(project: ProjectRow, options: DownloadOptions): Promise<DownloadPlan> {
    const names = new ZipEntryNames();
    const folders = (await this.uow.read.folders.list(project.id)).map((folder) => ({
      folder,
      directory: names.directory(folder.name),
    }));
    const items: (PlannedFile | ZipDirectory)[] = (await this.placeFiles(project, null, options)).map(
      (f) => ({
        ...f,
        name: names.file(f.name),
      }),
    );
    for (const { folder, directory } of folders) {
      items.push({ name: directory, modified: new Date(folder.created_at) });
      for (const file of await this.placeFiles(project, folder.id, options))
        items.push({ ...file, name: names.file(file.name, directory) });
    }
    return zip(`${project.name}.zip`, items, this);
  }

  /** The current round of each asset of one place (the root or a folder), by name. */
  private async placeFiles(project: ProjectRow, folderId: number | null, options: DownloadOptions) {
    const assets: AssetRow[] = [];
    for (let page = 1; ; page++) {
      const { rows } = await this.uow.read.assets.page(project.id, folderId, page, PAGE);
      assets.push(...rows);
      if (rows.length < PAGE) break;
    }
    const rounds = await this.currentRounds(assets);
    return byName(assets).flatMap((a) => {
      const round = rounds.get(a.id);
      return round ? [this.fileOf(a, round, options)] : [];
    });
  }

  private async currentRounds(assets: AssetRow[]): Promise<Map<number, AssetVersionRow>> {
    const ids = assets.map((a) => a.current_version_id).filter((id): id is number => id !== null);
    const rounds = new Map<number, AssetVersionRow>();
    for (let i = 0; i < ids.length; i += PAGE)
      for (const round of await this.uow.read.assetVersions.findMany(ids.slice(i, i + PAGE)))
        rounds.set(round.asset_id, round);
    return rounds;
  }

  /**
   * A round as a file: named after the asset (its name as the members see it) with the round's
   * own extension; the low-res JPEG when asked and made (images only: a document's low-res is a
   * picture of its first page, not the document).
   */
  fileOf(asset: AssetRow, round: AssetVersionRow, options: DownloadOptions): PlannedFile {
    const lowRes = options.lowRes && asset.kind === 'image' && round.low_res_key !== null;
    let name = savedFileName(asset, round);
    if (lowRes) name = lowResName(name);
    if (options.withRoundNumber) name = withRoundNumber(name, round.number);
    const bytes = Number(round.size_bytes);
    return {
      name,
      key: lowRes ? round.low_res_key! : round.original_key,
      modified: new Date(round.created_at),
      level: lowRes ? 0 : (DEFLATE_LEVEL[round.file_type] ?? 0),
      bytes: lowRes ? Math.min(bytes, LOW_RES_ESTIMATE) : bytes,
    };
  }
}

/**
 * The name a round's file is saved under, wherever it is handed out (a download, a zip, the
 * original's address): the asset's name as the members see it now, with the round's own
 * extension. Never the name the file was uploaded with: that may be a working name.
 */
export function savedFileName(
  asset: Pick<AssetRow, 'name'>,
  round: Pick<AssetVersionRow, 'file_name'>,
): string {
  const extension = splitExtension(round.file_name)[1];
  return extension ? `${splitExtension(asset.name)[0]}${extension}` : asset.name;
}

/** One collator for every comparison: `localeCompare` with options builds one per call. */
const collator = new Intl.Collator(undefined, { numeric: true });
const byName = (assets: AssetRow[]) =>
  [...assets].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);

/** A zip of `items` in their order: files (with their storage keys) and directories. */
function zip(
  fileName: string,
  items: (PlannedFile | ZipDirectory)[],
  plans: Pick<DownloadPlans, 'open'>,
): DownloadPlan {
  const files = items.filter((item): item is PlannedFile => 'key' in item);
  return {
    kind: 'zip',
    fileName: safeSegment(fileName, 'download.zip'),
    entries: items.map((item) => ('key' in item ? zipFile(item, plans) : item)),
    files: files.length,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
  };
}

function zipFile(file: PlannedFile, plans: Pick<DownloadPlans, 'open'>): ZipFile {
  return { name: file.name, modified: file.modified, level: file.level, open: () => plans.open(file) };
}
