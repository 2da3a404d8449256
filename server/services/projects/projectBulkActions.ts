import type { DomainEventInput, DomainEventType } from '@common/domainEvents';
import type { Clock } from '../../clock';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { ProjectView } from './projectAccess';
import type { ProjectFiles } from '../workspaces/projectFiles';

export type ProjectStatusValue = 'active' | 'archived';

/**
 * The calls that take many projects (delete, archive, restore, hide, unhide, leave), each on views
 * the route has loaded with ProjectAccess.forMany and authorised with authorizeBulk
 * (server/policies/projects.ts), so nothing changes unless every project allows it. Each call
 * writes in a fixed number of statements whatever the count, its events included.
 */
export class ProjectBulkActions {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly files: ProjectFiles,
    private readonly clock: Clock,
  ) {}

  /** The projects' files leave storage after the commit. */
  async destroy(views: ProjectView[]): Promise<number> {
    const ids = views.map((v) => v.project.id);
    const keys = await this.files.keysOfProjects(ids);
    await this.uow.transaction(async (tx) => {
      await tx.projects.deleteMany(ids);
      await tx.recordMany(
        views.map((view) => projectEvent(view, 'project.deleted', { name: view.project.name })),
      );
    });
    await this.files.remove(keys);
    return views.length;
  }

  /** Archive or restore; projects already in that status are left as they are. */
  async setStatus(views: ProjectView[], status: ProjectStatusValue): Promise<number> {
    const changing = views.filter((v) => v.project.status !== status);
    if (changing.length > 0)
      await this.uow.transaction(async (tx) => {
        await tx.projects.setStatus(
          changing.map((v) => v.project.id),
          status,
          this.clock.now().toISOString(),
        );
        const type = status === 'archived' ? 'project.archived' : 'project.activated';
        await tx.recordMany(changing.map((view) => projectEvent(view, type)));
      });
    return views.length;
  }

  /** Hiding is the user's own: the project leaves their lists, not anyone else's. */
  async setHidden(userId: number, views: ProjectView[], hidden: boolean): Promise<number> {
    await this.uow.read.projectUserStates.set(
      views.map((v) => v.project.id),
      userId,
      'hidden_at',
      hidden ? this.clock.now().toISOString() : null,
    );
    return views.length;
  }

  /** The caller leaves the projects (never their owner: the policy refuses that). */
  async leave(views: ProjectView[]): Promise<number> {
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
}

function projectEvent(
  view: ProjectView,
  type: DomainEventType,
  data?: Record<string, unknown>,
): DomainEventInput {
  return {
    type,
    workspaceId: view.project.workspace_id,
    projectId: view.project.id,
    actorId: view.userId,
    subject: { type: 'Project', id: view.project.id },
    ...(data ? { data } : {}),
  };
}
