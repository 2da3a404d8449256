import { PROJECT_TEXTS } from '@common/api/projects';
import type { ActivityAction } from '@common/activity';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { ProjectUserStatesRepository } from '../db/repositories/projectUserStates';
import { authorize } from '../policies/projects';
import type { ActivityLog } from './activityLog';
import type { ProjectAccess, ProjectView } from './projectAccess';
import type { ProjectFiles } from './projectFiles';

export type ProjectStatusValue = 'active' | 'archived';

/**
 * The calls that take many project ids (delete, archive, restore, hide, unhide, leave). Each is
 * all or nothing: one id the caller may not see answers 404 and one they may not act on answers
 * 403, before anything changes.
 */
export class ProjectBulkActions {
  constructor(
    private readonly db: Db,
    private readonly access: ProjectAccess,
    private readonly states: ProjectUserStatesRepository,
    private readonly files: ProjectFiles,
    private readonly activityLog: ActivityLog,
    private readonly clock: Clock,
  ) {}

  /** By the project owner or the workspace owner; the projects' files leave storage after the commit. */
  async destroy(userId: number, ids: number[]): Promise<number> {
    const views = await this.allowed(userId, ids, 'projects.destroy');
    const projectIds = views.map((v) => v.project.id);
    const keys = await this.files.keysOfProjects(projectIds);
    await this.db.deleteFrom('projects').where('id', 'in', projectIds).execute();
    await this.files.remove(keys);
    return views.length;
  }

  /** Archive or restore; projects already in that status are left as they are. */
  async setStatus(userId: number, ids: number[], status: ProjectStatusValue): Promise<number> {
    const views = await this.allowed(userId, ids, 'projects.archive');
    const changing = views.filter((v) => v.project.status !== status);
    const action: ActivityAction = status === 'archived' ? 'project_archived' : 'project_activated';
    await this.db.transaction().execute(async (trx) => {
      if (changing.length === 0) return;
      await trx
        .updateTable('projects')
        .set({ status, updated_at: this.clock.now().toISOString() })
        .where(
          'id',
          'in',
          changing.map((v) => v.project.id),
        )
        .execute();
      for (const view of changing) await this.record(trx, view, action);
    });
    return views.length;
  }

  /** Hiding is the user's own: the project leaves their lists, not anyone else's. */
  async setHidden(userId: number, ids: number[], hidden: boolean): Promise<number> {
    const views = await this.allowed(userId, ids, 'projects.see');
    const at = hidden ? this.clock.now().toISOString() : null;
    await this.states.set(
      views.map((v) => v.project.id),
      userId,
      'hidden_at',
      at,
    );
    return views.length;
  }

  /** A member other than the owner leaves; the owner must transfer the ownership first. */
  async leave(userId: number, ids: number[]): Promise<number> {
    const views = await this.access.manyForUser(ids, userId);
    for (const view of views)
      authorize(
        view,
        'projects.leave',
        view.member?.role === 'owner' ? PROJECT_TEXTS.ownerCannotLeave : undefined,
      );
    await this.db.transaction().execute(async (trx) => {
      for (const view of views) {
        await trx.deleteFrom('project_members').where('id', '=', view.member!.id).execute();
        await this.record(trx, view, 'member_left');
      }
    });
    return views.length;
  }

  private async allowed(
    userId: number,
    ids: number[],
    capability: Parameters<typeof authorize>[1],
  ): Promise<ProjectView[]> {
    const views = await this.access.manyForUser(ids, userId);
    for (const view of views) authorize(view, capability);
    return views;
  }

  private record(trx: Db, view: ProjectView, action: ActivityAction) {
    const member = action === 'member_left';
    return this.activityLog.record(trx, {
      projectId: view.project.id,
      userId: view.userId,
      action,
      objectType: member ? 'ProjectMember' : 'Project',
      objectId: member ? view.member!.id : view.project.id,
    });
  }
}
