import type { z } from 'zod';
import type { shareAnswerSchema, SharedProject, ShareRequest } from '@common/api/projects';
import type { Clock } from '../../clock';
import type { ProjectRow } from '../../db/repositories/projects';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { notFound } from '../../errors';
import { authorize } from '../../policies/projects';
import type { FolderService } from './folders';
import type { ProjectAccess, ProjectView } from './projectAccess';
import { changeProject } from './projectEvents';
import type { SharedProject as SharedLinkProject } from '../../policies/sharedReach';
import { randomToken, sha256 } from '../../secrets';
import { linkSecrets } from './linkSecrets';

export type ShareAnswer = z.infer<typeof shareAnswerSchema>;

/**
 * A project's public link (projects-side §6, API.md Sharing): created once and kept while its
 * options change; revoking clears it with its password and expiry. The hash is 256 random bits
 * (base64url); it is stored as is because members are shown the link again.
 */
export class ProjectSharing {
  constructor(
    private readonly uow: UnitOfWorkOf<'projects' | 'workspaces'>,
    private readonly access: ProjectAccess,
    private readonly folders: FolderService,
    private readonly clock: Clock,
  ) {}

  /**
   * `password` and `expires_at`: absent keeps the current one, null removes it. The activity log
   * says 'shared a public link' when the link is made; a later save that changes its settings
   * reads 'changed the settings', one that changes nothing records nothing.
   */
  async share(userId: number, projectId: number, request: ShareRequest): Promise<ShareAnswer> {
    const view = await this.sharer(userId, projectId);
    const now = this.clock.now();
    const { passwordHash, expiresAt } = await linkSecrets(request, now);
    const downloadable = request.downloadable ?? false;
    const current = view.project;
    const changes = {
      share_hash: current.share_hash ?? randomToken(),
      share_hash_downloadable: downloadable ? 1 : 0,
      share_show_comments: request.show_comments ? 1 : 0,
      ...(passwordHash !== undefined ? { share_password_hash: passwordHash } : {}),
      ...(expiresAt !== undefined ? { share_expires_at: expiresAt } : {}),
    };
    if (current.share_hash === null)
      return presentShare(
        await changeProject(this.uow, this.clock, view, changes, 'project.shared', { downloadable }),
      );
    const changed =
      changes.share_hash_downloadable !== current.share_hash_downloadable ||
      changes.share_show_comments !== current.share_show_comments ||
      request.password !== undefined ||
      (changes.share_expires_at !== undefined && changes.share_expires_at !== current.share_expires_at);
    if (!changed) return presentShare(current);
    return presentShare(await changeProject(this.uow, this.clock, view, changes, 'project.share_changed'));
  }

  /** The link stops working at once; a later share creates a new hash. */
  async revoke(userId: number, projectId: number): Promise<void> {
    const view = await this.sharer(userId, projectId);
    if (view.project.share_hash === null) return;
    await changeProject(
      this.uow,
      this.clock,
      view,
      {
        share_hash: null,
        share_hash_downloadable: 0,
        share_show_comments: 0,
        share_password_hash: null,
        share_expires_at: null,
      },
      'project.share_revoked',
    );
  }

  /** What an anonymous viewer sees of a project SharedAccess resolved, through the link they hold. */
  async sharedProject(project: SharedLinkProject): Promise<SharedProject> {
    const workspace = await this.uow.read.workspaces.findById(project.workspace_id);
    if (!workspace || !project.share_hash) throw notFound();
    const hash = encodeURIComponent(project.share_hash);
    return {
      id: project.id,
      name: project.name,
      share_hash: project.share_hash,
      allows_downloads: project.share_hash_downloadable === 1,
      shows_comments: project.share_show_comments === 1,
      cover_url: project.cover_key
        ? `/api/v1/shared/${hash}/cover?v=${sha256(project.cover_key).slice(0, 12)}`
        : null,
      // The workspace logo is served to members only; the shared bar shows the name.
      workspace: { name: workspace.name, logo: null },
      folders: await this.folders.listShared(project),
      link: project.share_link
        ? { kind: project.share_link.kind, scope: project.share_link.scope }
        : { kind: 'view', scope: 'project' },
    };
  }

  /** The caller's view of the project, if they may share it (404, then 403). */
  private async sharer(userId: number, projectId: number): Promise<ProjectView> {
    const view = await this.access.forUser(projectId, userId);
    authorize(view, 'projects.share');
    return view;
  }
}

function presentShare(row: ProjectRow): ShareAnswer {
  return {
    share_hash: row.share_hash ?? '',
    share_hash_downloadable: row.share_hash_downloadable === 1,
    share_show_comments: row.share_show_comments === 1,
    share_expires_at: row.share_expires_at,
    share_has_password: row.share_password_hash !== null,
  };
}
