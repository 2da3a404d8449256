import { randomUUID } from 'node:crypto';
import type { Project } from '@common/api/projects';
import { messages } from '@common/validation';
import type { FileStorage } from '../../adapters/storage/fileStorage';
import type { Clock } from '../../clock';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { invalidRecord } from '../../errors';
import { reencodeImage } from '../../media/reencodeImage';
import { authorize } from '../../policies/projects';
import type { ProjectAccess, ProjectView } from './projectAccess';
import type { ProjectAnswer } from './projectAnswer';
import { changeProject } from './projectEvents';
import { requireActiveProjectWorkspace } from './projects';
import type { WorkspaceAccess } from '../workspaces/workspaceAccess';

/** The largest cover image accepted (projects-side §2 project settings). */
export const COVER_MAX_BYTES = 10 * 1024 * 1024;
/** A cover is stored at most this many pixels on its longer side (a project card is far smaller). */
const COVER_MAX_SIDE = 1600;

export interface CoverUpload {
  filename: string;
  data: Buffer;
}

/**
 * A project's uploaded cover (JPEG, PNG or GIF, checked by name and content): part of the
 * project settings, so it takes projects.edit and an active workspace like PATCH /projects/{id}.
 */
export class ProjectCover {
  constructor(
    private readonly uow: UnitOfWorkOf<'projects'>,
    private readonly storage: FileStorage,
    private readonly access: ProjectAccess,
    private readonly workspaceAccess: WorkspaceAccess,
    private readonly answer: ProjectAnswer,
    private readonly clock: Clock,
  ) {}

  /**
   * `readFile` reads the upload once the caller is let in (404 first), before the policy is asked:
   * a malformed or empty form answers 422 to any member. Answers the project with its new cover.
   */
  async set(userId: number, projectId: number, readFile: () => Promise<CoverUpload>): Promise<Project> {
    const view = await this.access.forUser(projectId, userId);
    const file = await readFile();
    await this.authorize(view);
    const cover = await reencodeImage(file.filename, file.data, { maxSide: COVER_MAX_SIDE });
    if (!cover) throw invalidRecord({ file: [messages.file('Cover')] });
    const key = `projects/${view.project.id}/cover-${randomUUID()}.${cover.extension}`;
    await this.storage.put(key, cover.data, cover.contentType);
    try {
      await this.change(view, key);
    } catch (error) {
      await this.storage.delete(key);
      throw error;
    }
    return this.answer.asSeenBy(userId, projectId);
  }

  /** Answers the project without its cover. */
  async remove(userId: number, projectId: number): Promise<Project> {
    const view = await this.access.forUser(projectId, userId);
    await this.authorize(view);
    if (view.project.cover_key !== null) await this.change(view, null);
    return this.answer.asSeenBy(userId, projectId);
  }

  /** The storage key of the cover, for whoever sees the project (null: it has none). */
  async coverKey(userId: number, projectId: number): Promise<string | null> {
    return (await this.access.forUser(projectId, userId)).project.cover_key;
  }

  private async authorize(view: ProjectView): Promise<void> {
    authorize(view, 'projects.edit');
    await requireActiveProjectWorkspace(this.workspaceAccess, view);
  }

  /** Points the project at the new cover, then lets the old file go once that is committed. */
  private async change(view: ProjectView, key: string | null): Promise<void> {
    await changeProject(
      this.uow,
      this.clock,
      view,
      { cover_key: key },
      key ? 'project.cover_changed' : 'project.cover_removed',
    );
    if (view.project.cover_key) await this.storage.delete(view.project.cover_key).catch(() => undefined);
  }
}
