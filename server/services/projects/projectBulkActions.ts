import type { Clock } from '../../clock';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { authorizeBulk, type BulkAction } from '../../policies/projects';
import type { ProjectAccess, ProjectView } from './projectAccess';
import { projectEvent } from './projectEvents';
import type { ProjectFiles } from '../workspaces/projectFiles';

export type ProjectStatusValue = 'active' | 'archived';

/** The repositories ProjectBulkActions uses. */
type ProjectBulkActionsRepositories = 'memberProjects' | 'projectUserStates' | 'projects';

/**
 * The calls that take many projects (delete, archive, restore, hide, unhide, leave). Each loads
 * every project in one query (ProjectAccess.forMany: 404 for any the caller may not see) and
 * authorises the action on all of them (authorizeBulk, server/policies/projects.ts: 403), so
 * nothing changes unless every project allows it. Each call writes in a fixed number of
 * statements whatever the count, its events included.
 */
export class ProjectBulkActions {
  constructor(
    private readonly uow: UnitOfWorkOf<ProjectBulkActionsRepositories>,
    private readonly access: ProjectAccess,
    private readonly files: ProjectFiles,
    private readonly clock: Clock,
  ) {}

  /** The projects' files leave storage after the commit. */
  async destroy(userId: number, projectIds: number[]): Promise<number> {
    const views = await this.allowed(userId, projectIds, 'destroy');
    const ids = views.map((v) => v.project.id);
    const keys = await this.files.keysOfProjects(ids);
    await this.uow.transaction(async (tx) => {
      await tx.projects.deleteMany(ids);
      await tx.recordMany(
        views.map((view) =>
          projectEvent(view.project, view.userId, 'project.deleted', { data: { name: view.project.name } }),
        ),
      );
    });
    await this.files.remove(keys);
    return views.length;
  }

  /** Archive or restore; projects already in that status are left as they are. */
  async setStatus(userId: number, projectIds: number[], status: ProjectStatusValue): Promise<number> {
    const views = await this.allowed(userId, projectIds, 'archive');
    const changing = views.filter((v) => v.project.status !== status);
    if (changing.length > 0)
      await this.uow.transaction(async (tx) => {
        await tx.projects.setStatus(
          changing.map((v) => v.project.id),
          status,
          this.clock.now().toISOString(),
        );
        const type = status === 'archived' ? 'project.archived' : 'project.activated';
        await tx.recordMany(changing.map((view) => projectEvent(view.project, view.userId, type)));
      });
    return views.length;
  }

  /** Hiding is the user's own: the project leaves their lists, not anyone else's. */
  async setHidden(userId: number, projectIds: number[], hidden: boolean): Promise<number> {
    const views = await this.allowed(userId, projectIds, 'hide');
    await this.uow.read.projectUserStates.set(
      views.map((v) => v.project.id),
      userId,
      'hidden_at',
      hidden ? this.clock.now().toISOString() : null,
    );
    return views.length;
  }

  /** The caller leaves the projects (never their owner: the policy refuses that). */
  async leave(userId: number, projectIds: number[]): Promise<number> {
    const views = await this.allowed(userId, projectIds, 'leave');
    const memberships = views.flatMap((view) => (view.member ? [{ view, member: view.member }] : []));
    await this.uow.transaction(async (tx) => {
      await tx.memberProjects.removeMemberships(memberships.map((m) => m.member.id));
      await tx.recordMany(
        memberships.map(({ view, member }) => ({
          type: 'member.left',
          workspaceId: view.project.workspace_id,
          projectId: view.project.id,
          actorId: view.userId,
          subject: { type: 'ProjectMember', id: member.id },
        })),
      );
    });
    return views.length;
  }

  private async allowed(userId: number, projectIds: number[], action: BulkAction): Promise<ProjectView[]> {
    const views = await this.access.forMany(projectIds, userId);
    authorizeBulk(action, views);
    return views;
  }
}
