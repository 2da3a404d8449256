import { randomUUID } from 'node:crypto';
import { ASSET_NAME_MAX, ASSET_TEXTS, hasAllowedExtension } from '@common/api/assets';
import { withoutHiddenCharacters } from '@common/names';
import type { FileStorage } from '../../adapters/storage/fileStorage';
import type { UploadedBytes } from '../../adapters/uploads/uploadPlace';
import type { Clock } from '../../clock';
import type { AssetUploadRow } from '../../db/repositories/assetUploads';
import { assetNameKey, placeKeyOf } from '../../db/repositories/assets';
import { isUniqueViolation } from '../../db/repositories/users';
import type { TxOf, UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError, notFound } from '../../errors';
import { detectFileTypeOf, type FileTypeDetection } from '../../media/previews/fileType';
import { IMAGE_TYPES, type FileType } from '../../media/previews/types';
import { authorize } from '../../policies/projects';
import { ownsUpload } from '../../policies/uploads';
import type { ProjectAccess } from '../projects/projectAccess';
import { projectEvent } from '../projects/projectEvents';
import type { StorageRoom, StorageRoomRepositories } from './storageRoom';
import { uploadRefusal } from './uploadRevocation';
import { hasControlOrSeparator } from './assetNames';

export interface UploadRequest {
  userId: number;
  projectId: number;
  folderId: number | null;
  /** Set for a new round of this asset. */
  assetId: number | null;
  fileName: string;
  /** The size the client declared: reserved in the workspace's storage until the upload ends. */
  sizeBytes: number;
}

export interface UploadOutcome {
  assetId: number;
  versionId: number;
}

/** Sends a round's preview job; the preview side (server/jobs/previewJob.ts) answers it. */
export type QueuePreview = (versionId: number) => Promise<void>;

/** The most of an uploaded name that is read: room for hidden characters around the longest name. */
const UPLOADED_NAME_READ = 4 * (ASSET_NAME_MAX + 1);

const INTERRUPTED = 'The upload was interrupted.';

/** How long a second request for a finishing upload waits for the first one's outcome. */
const FINISH_WAIT_MS = 30_000;

/** How much more a multipart upload of undeclared size reserves at a time. */
const RESERVE_STEP = 8 * 1024 * 1024;

/** The repositories AssetUploads uses. */
type AssetUploadsRepositories =
  'assetUploads' | 'assetVersions' | 'assets' | 'folders' | 'projects' | StorageRoomRepositories;

/**
 * The one path from an upload to an asset or a round, whichever way the bytes came (tus or
 * multipart). `begin` runs every check the spec asks for before a byte is stored and reserves the
 * name and the storage; `finish` checks the content, stores the file and makes the asset and its
 * round in one transaction (the asset appears only with its whole file), then queues its previews.
 */
export class AssetUploads {
  constructor(
    private readonly uow: UnitOfWorkOf<AssetUploadsRepositories>,
    private readonly access: ProjectAccess,
    private readonly room: StorageRoom,
    private readonly storage: FileStorage,
    private readonly queuePreview: QueuePreview,
    private readonly clock: Clock,
  ) {}

  async begin(id: string, request: UploadRequest): Promise<AssetUploadRow> {
    const fileName = checkFileName(request.fileName);
    const view = await this.access.forUser(request.projectId, request.userId);
    authorize(view, 'assets.upload');
    const { project } = view;
    let folderId = request.folderId;
    if (request.assetId !== null) {
      const asset = await this.uow.read.assets.findById(request.assetId);
      if (asset?.project_id !== project.id) throw notFound();
      folderId = asset.folder_id;
    } else if (folderId !== null) {
      const folder = await this.uow.read.folders.findById(folderId);
      if (folder?.project_id !== project.id) throw notFound();
    }
    if (!Number.isSafeInteger(request.sizeBytes) || request.sizeBytes < 0) throw unreadable();
    if (request.assetId === null) await this.requireFreeName(project.id, folderId, fileName);

    const now = this.clock.now().toISOString();
    const row: AssetUploadRow = {
      id,
      user_id: request.userId,
      project_id: project.id,
      workspace_id: project.workspace_id,
      folder_id: folderId,
      asset_id: request.assetId,
      place_key: placeKeyOf(folderId),
      file_name: fileName,
      reserved_name_key: request.assetId === null ? assetNameKey(fileName) : null,
      size_bytes: request.sizeBytes,
      status: 'uploading',
      result_asset_id: null,
      result_version_id: null,
      error_code: null,
      error_message: null,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.uow.transaction(async (tx) => {
        // One upload at a time per workspace weighs its size against what is left.
        await this.room.take(tx, project.workspace_id, request.userId, request.sizeBytes);
        await tx.assetUploads.create(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameBeingUploaded();
      throw error;
    }
    return row;
  }

  /**
   * The bytes are all received: the asset and its round, made once. A second call for the same
   * upload (a retried request, the sweep after a crash) answers what the first one made.
   */
  async finish(
    id: string,
    bytes: UploadedBytes,
    claimFrom: 'uploading' | 'creating' = 'uploading',
  ): Promise<UploadOutcome> {
    const upload = await this.uow.read.assetUploads.findById(id);
    if (!upload) throw notFound();
    if (upload.status === 'done') return outcomeOf(upload);
    if (upload.status === 'failed') throw failure(upload);
    const now = () => this.clock.now().toISOString();
    // One finisher per upload: another request (or the sweep) that got here first makes the asset.
    if (!(await this.uow.read.assetUploads.transition(id, [claimFrom], 'creating', now())))
      return this.awaitOutcome(id);

    // The uploader may have been removed while the bytes came: the asset is made for a member only.
    const refusal = await uploadRefusal(this.access, upload);
    if (refusal) {
      await bytes.discard();
      return this.fail(upload, refusal);
    }
    const received = await sizeAndType(bytes, upload.file_name);
    // Lost on the way (removed while its asset failed to be made): nothing to make it from.
    if (!received) return this.fail(upload, new AppError(400, 'canceled', INTERRUPTED));
    const { size, type } = received;
    if (!type.ok) {
      await bytes.discard();
      return this.fail(
        upload,
        new AppError(422, 'invalid_content', ASSET_TEXTS.contentRefused(upload.file_name)),
      );
    }
    const key = `originals/${randomUUID().replaceAll('-', '')}`;
    await bytes.keepAs(key, contentTypeOf(type.type));
    let outcome: UploadOutcome;
    try {
      outcome = await this.uow.transaction((tx) => this.create(tx, upload, type.type, size, key, now()));
    } catch (error) {
      await this.storage.delete(key);
      if (error instanceof AppError) return this.fail(upload, error);
      // A failure of ours: the upload stays 'creating' and the sweep tries it again.
      throw error;
    }
    // Outside the try: the asset is made and names its original, which must stay whatever happens here.
    await this.queuePreview(outcome.versionId);
    return outcome;
  }

  /**
   * A multipart upload whose finishing failed on the way (the store or the database did not
   * answer): its request is answered 503 and will be sent again, so the upload lets go of its
   * name and room at once rather than hold them until the sweep. A finished upload is left as it is.
   */
  async release(id: string, bytes: UploadedBytes): Promise<void> {
    await bytes.discard();
    await this.uow.read.assetUploads.transition(
      id,
      ['uploading', 'creating'],
      'failed',
      this.clock.now().toISOString(),
      {
        error_code: 'canceled',
        error_message: INTERRUPTED,
      },
    );
  }

  /** The outcome another finisher is making, once it is made. */
  private async awaitOutcome(id: string): Promise<UploadOutcome> {
    for (let waited = 0; waited < FINISH_WAIT_MS; waited += 100) {
      const upload = await this.uow.read.assetUploads.findById(id);
      if (upload?.status === 'done') return outcomeOf(upload);
      if (upload?.status === 'failed') throw failure(upload);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new AppError(
      409,
      'upload_in_progress',
      'This upload is still being processed. Try again in a moment.',
    );
  }

  /** What an upload became, for its uploader (GET /uploads/{id}/result). */
  async result(userId: number, id: string): Promise<AssetUploadRow> {
    const upload = await this.uow.read.assetUploads.findById(id);
    if (!ownsUpload(userId, upload)) throw notFound();
    return upload;
  }

  /** The uploader may touch their own upload only (tus HEAD, PATCH, DELETE). */
  async requireOwnUpload(userId: number, id: string): Promise<void> {
    await this.result(userId, id);
  }

  /**
   * A running upload whose bytes outgrow its reservation (a multipart body of undeclared size)
   * reserves more: at least `needed` bytes, RESERVE_STEP more when the storage left allows, so
   * that few requests ask. 400 invalid_workspace when `needed` does not fit.
   */
  async reserveMore(id: string, needed: number): Promise<number> {
    return this.uow.transaction(async (tx) => {
      const upload = await tx.assetUploads.findById(id);
      if (upload?.status !== 'uploading') throw notFound();
      const reserved = Number(upload.size_bytes);
      const left = await this.room.take(tx, upload.workspace_id, upload.user_id, needed, reserved);
      const size = Math.min(left, Math.max(needed, reserved + RESERVE_STEP));
      await tx.assetUploads.reserve(id, size);
      return size;
    });
  }

  /** A canceled or abandoned upload lets go of its name and its storage. */
  async abandon(id: string, reason: string): Promise<void> {
    await this.uow.read.assetUploads.transition(id, ['uploading'], 'failed', this.clock.now().toISOString(), {
      error_code: 'canceled',
      error_message: reason,
    });
  }

  private async create(
    tx: TxOf<'assetUploads' | 'assetVersions' | 'assets' | 'projects'>,
    upload: AssetUploadRow,
    type: FileType,
    size: number,
    key: string,
    now: string,
  ): Promise<UploadOutcome> {
    const project = await tx.projects.findById(upload.project_id);
    if (!project) throw notFound();
    let asset = upload.asset_id === null ? undefined : await tx.assets.findById(upload.asset_id);
    if (upload.asset_id !== null && !asset) throw notFound();
    const isNew = !asset;
    if (!asset) {
      try {
        asset = await tx.assets.create({
          projectId: upload.project_id,
          folderId: upload.folder_id,
          name: upload.file_name,
          kind: IMAGE_TYPES.has(type) ? 'image' : 'document',
          createdById: upload.user_id,
          now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(upload.folder_id, undefined);
        throw error;
      }
    }
    const rounds = await tx.assetVersions.listForAsset(asset.id);
    const first = project.assets_start_retouched ? 1 : 0;
    const number = rounds.length === 0 ? first : Math.max(...rounds.map((r) => r.number)) + 1;
    const version = await tx.assetVersions.create({
      assetId: asset.id,
      projectId: project.id,
      number,
      uploaderId: upload.user_id,
      fileName: upload.file_name,
      fileType: type,
      sizeBytes: size,
      originalKey: key,
      now,
    });
    await tx.assets.setCurrentVersion(asset.id, version.id, now);
    await tx.projects.addStorageUsed(project.id, size);
    await tx.assetUploads.transition(upload.id, ['creating'], 'done', now, {
      result_asset_id: asset.id,
      result_version_id: version.id,
    });
    await tx.record(
      projectEvent(project, upload.user_id, isNew ? 'asset.uploaded' : 'asset.round_uploaded', {
        subject: { type: 'Asset', id: asset.id },
        data: { name: asset.name, number, version_id: version.id },
      }),
    );
    return { assetId: asset.id, versionId: version.id };
  }

  private async fail(upload: AssetUploadRow, error: AppError): Promise<never> {
    await this.uow.read.assetUploads.transition(
      upload.id,
      ['uploading', 'creating'],
      'failed',
      this.clock.now().toISOString(),
      { error_code: error.code, error_message: error.message },
    );
    throw error;
  }

  private async requireFreeName(projectId: number, folderId: number | null, fileName: string): Promise<void> {
    const existing = await this.uow.read.assets.findByName(projectId, folderId, fileName);
    if (existing) throw nameTaken(folderId, existing.id);
    if (
      await this.uow.read.assetUploads.nameReserved(projectId, placeKeyOf(folderId), assetNameKey(fileName))
    )
      throw nameBeingUploaded();
  }
}

/**
 * The name as given, less its control, bidirectional and invisible characters (a name from another
 * tool's disk may hold them: they are dropped, not refused, decisions.md); refused when it cannot
 * be a file's name (empty, too long, a path). Capped before the characters are looked at.
 */
function checkFileName(raw: string): string {
  const name = withoutHiddenCharacters(raw.slice(0, UPLOADED_NAME_READ)).normalize('NFC');
  if (name.trim() === '' || name.length > ASSET_NAME_MAX || hasControlOrSeparator(name)) throw unreadable();
  if (!hasAllowedExtension(name))
    throw new AppError(422, 'invalid_extension', ASSET_TEXTS.invalidExtension(name), { file: name });
  return name;
}

const unreadable = () =>
  new AppError(422, 'invalid_record', ASSET_TEXTS.unreadable, { file: [ASSET_TEXTS.unreadable] });

function nameTaken(folderId: number | null, assetId: number | undefined): AppError {
  return folderId === null
    ? new AppError(400, 'asset_in_project', ASSET_TEXTS.nameInProject, { asset_id: assetId ?? null })
    : new AppError(400, 'asset_in_folder', ASSET_TEXTS.nameInFolder, { asset_id: assetId ?? null });
}

const nameBeingUploaded = () =>
  new AppError(422, 'file_filename', ASSET_TEXTS.fileNameTaken, {
    file_filename: [ASSET_TEXTS.fileNameTaken],
  });

/** The received bytes' size and what their content says they are. */
async function sizeAndType(
  bytes: UploadedBytes,
  fileName: string,
): Promise<{ size: number; type: FileTypeDetection } | null> {
  const source = await bytes.open();
  if (!source) return null;
  try {
    return { size: source.size, type: await detectFileTypeOf(source, fileName) };
  } finally {
    await source.close();
  }
}

function outcomeOf(upload: AssetUploadRow): UploadOutcome {
  return { assetId: upload.result_asset_id!, versionId: upload.result_version_id! };
}

function failure(upload: AssetUploadRow): AppError {
  const status = upload.error_code === 'invalid_content' ? 422 : 400;
  return new AppError(
    status,
    upload.error_code ?? 'failed',
    upload.error_message ?? ASSET_TEXTS.uploadFailed,
  );
}

const CONTENT_TYPES: Partial<Record<FileType, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
  gif: 'image/gif',
  psd: 'image/vnd.adobe.photoshop',
  psb: 'image/vnd.adobe.photoshop',
  pdf: 'application/pdf',
  ai: 'application/postscript',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  txt: 'text/plain',
};

/** How an original is served (always as an attachment): its type, or bytes for RAW and INDD. */
export function contentTypeOf(type: FileType): string {
  return CONTENT_TYPES[type] ?? 'application/octet-stream';
}
