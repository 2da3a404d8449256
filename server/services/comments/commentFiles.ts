import { randomUUID } from 'node:crypto';
import { ASSET_NAME_MAX } from '@common/api/assets';
import { COMMENT_FILE_MAX_BYTES, COMMENT_FILES_MAX, COMMENT_TEXTS } from '@common/api/comments';
import type { FileStorage } from '../../adapters/storage/fileStorage';
import type { NewCommentFile } from '../../db/repositories/comments';
import type { TxOf } from '../../db/unitOfWork';
import { invalidRecord } from '../../errors';
import { detectFileTypeIn } from '../../media/previews/fileType';
import { contentTypeOf } from '../assets/assetUploads';
import type { ProjectView } from '../projects/projectAccess';
import type { StorageRoom, StorageRoomRepositories } from '../assets/storageRoom';

/** A file a comment brings (a multipart part named `files`). */
export interface CommentUpload {
  filename: string;
  data: Buffer;
}

/** Stored, not yet tied to a comment row. */
export type StoredCommentFile = Omit<NewCommentFile, 'comment_id' | 'created_at'>;

// Control characters (C0, DEL, C1) and the separators of paths on any system.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f/\\]/g;

/**
 * A name safe to show and to send in a download: the last part of any path, NFC, no control
 * characters, at most ASSET_NAME_MAX characters (cut before the extension, which is kept).
 */
export function safeFileName(raw: string): string {
  const base =
    raw
      .slice(-4 * ASSET_NAME_MAX)
      .split(/[/\\]/)
      .pop() ?? '';
  const name = base.normalize('NFC').replace(UNSAFE, '_').trim();
  if (name === '' || name === '.' || name === '..') return 'file';
  if (name.length <= ASSET_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, ASSET_NAME_MAX - extension.length) + extension;
}

/** A stored comment file, as far as the project's storage count goes. */
type CountedFile = Pick<StoredCommentFile, 'project_id' | 'size_bytes'>;

/**
 * Comment attachments, checked like uploads: at most COMMENT_FILES_MAX of at most
 * COMMENT_FILE_MAX_BYTES each (the multipart reader stops a larger one first), of a type Proofroom
 * takes as an asset, detected from the content and agreeing with the name. Stored under the
 * project's folder of comment files through the storage adapter, and counted in the project's
 * storage like uploads: refused the same way (400 invalid_workspace) when the workspace has no
 * room left, and let go when they are deleted.
 */
export class CommentFiles {
  constructor(
    private readonly storage: FileStorage,
    private readonly room: StorageRoom,
  ) {}

  /** Every file checked before any is stored: one refused file refuses the call. */
  check(files: readonly CommentUpload[], alreadyKept = 0): void {
    if (files.length + alreadyKept > COMMENT_FILES_MAX)
      throw invalidRecord({ files: [COMMENT_TEXTS.tooManyFiles] });
    for (const file of files) {
      const name = safeFileName(file.filename);
      if (file.data.length > COMMENT_FILE_MAX_BYTES)
        throw invalidRecord({ files: [COMMENT_TEXTS.fileTooLarge(name)] });
      const detected = detectFileTypeIn(file.data, name);
      if (!detected.ok) throw invalidRecord({ files: [detected.reason] });
    }
  }

  /** Stores checked files (none when the storage left is clearly short); on a failure, those stored so far go again. */
  async store(view: ProjectView, files: readonly CommentUpload[]): Promise<StoredCommentFile[]> {
    const projectId = view.project.id;
    const bytes = files.reduce((sum, f) => sum + f.data.length, 0);
    if (bytes > 0) await this.room.check(view.project.workspace_id, view.userId, bytes);
    const stored: StoredCommentFile[] = [];
    try {
      for (const file of files) {
        const name = safeFileName(file.filename);
        const detected = detectFileTypeIn(file.data, name);
        const contentType = detected.ok ? contentTypeOf(detected.type) : 'application/octet-stream';
        const key = `projects/${projectId}/comments/${randomUUID()}`;
        await this.storage.put(key, file.data, contentType);
        stored.push({
          project_id: projectId,
          name,
          content_type: contentType,
          size_bytes: file.data.length,
          storage_key: key,
        });
      }
    } catch (error) {
      await this.remove(stored.map((f) => f.storage_key));
      throw error;
    }
    return stored;
  }

  /**
   * Inside the transaction that ties the stored files to their comment: room for them, under the
   * workspace's lock (400 invalid_workspace as for uploads), then their bytes in the project's
   * storage.
   */
  async count(
    tx: TxOf<'projects' | StorageRoomRepositories>,
    view: ProjectView,
    stored: readonly CountedFile[],
  ): Promise<void> {
    const bytes = totalBytes(stored);
    if (bytes === 0) return;
    await this.room.take(tx, view.project.workspace_id, view.userId, bytes);
    await tx.projects.addStorageUsed(view.project.id, bytes);
  }

  /** Inside the transaction that deletes their rows: their bytes leave their projects' storage. */
  async uncount(tx: TxOf<'projects'>, files: readonly CountedFile[]): Promise<void> {
    const byProject = new Map<number, number>();
    for (const f of files)
      byProject.set(f.project_id, (byProject.get(f.project_id) ?? 0) + Number(f.size_bytes));
    for (const [projectId, bytes] of byProject) await tx.projects.addStorageUsed(projectId, -bytes);
  }

  /** Files whose rows are gone; a file left behind costs space only. */
  async remove(keys: readonly string[]): Promise<void> {
    await this.storage.deleteMany(keys).catch(() => undefined);
  }
}

function totalBytes(files: readonly CountedFile[]): number {
  return files.reduce((sum, f) => sum + Number(f.size_bytes), 0);
}
