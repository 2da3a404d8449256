import type { ActivityObjectType } from '@common/activity';
import type { DomainEventInput, DomainEventType } from '@common/domainEvents';
import type { Clock } from '../../clock';
import type { ProjectChanges, ProjectRow } from '../../db/repositories/projects';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import type { ProjectView } from './projectAccess';

/**
 * An event of a project (and of its workspace) done by `actorId`, about `subject`, the project
 * itself unless said. Its data is what the activity entry's sentence reads (common/activity.ts).
 */
export function projectEvent(
  project: Pick<ProjectRow, 'id' | 'workspace_id'>,
  actorId: number | null,
  type: DomainEventType,
  about: { subject?: { type: ActivityObjectType; id: number }; data?: Record<string, unknown> } = {},
): DomainEventInput {
  return {
    type,
    workspaceId: project.workspace_id,
    projectId: project.id,
    actorId,
    subject: about.subject ?? { type: 'Project', id: project.id },
    data: about.data ?? {},
  };
}

/** Sets columns of the viewed project and records the event as the viewer's doing, in one transaction. */
export function changeProject(
  uow: UnitOfWorkOf<'projects'>,
  clock: Clock,
  view: ProjectView,
  changes: ProjectChanges,
  type: DomainEventType,
  data?: Record<string, unknown>,
): Promise<ProjectRow> {
  return uow.transaction(async (tx) => {
    const row = await tx.projects.update(view.project.id, {
      ...changes,
      updated_at: clock.now().toISOString(),
    });
    await tx.record(projectEvent(view.project, view.userId, type, { data }));
    return row;
  });
}
