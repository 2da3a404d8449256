import type { ActivityObjectType } from '@common/activity';
import type {
  DomainEventInput,
  DomainEventPayloads,
  DomainEventType,
  DomainEventTypeWithoutData,
} from '@common/domainEvents';
import type { Clock } from '../../clock';
import type { ProjectChanges, ProjectRow } from '../../db/repositories/projects';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import type { ProjectView } from './projectAccess';

type Subject = { type: ActivityObjectType; id: number };

/**
 * An event of a project (and of its workspace) done by `actorId`, about `subject`, the project
 * itself unless said. Its data is the type's (common/domainEvents.ts), which the activity entry's
 * sentence reads (common/activity.ts); it may be left out only when the type's data has nothing required.
 */
export function projectEvent<T extends DomainEventTypeWithoutData>(
  project: Pick<ProjectRow, 'id' | 'workspace_id'>,
  actorId: number | null,
  type: T,
  about?: { subject?: Subject; data?: DomainEventPayloads[T] },
): DomainEventInput<T>;
export function projectEvent<T extends DomainEventType>(
  project: Pick<ProjectRow, 'id' | 'workspace_id'>,
  actorId: number | null,
  type: T,
  about: { subject?: Subject; data: DomainEventPayloads[T] },
): DomainEventInput<T>;
export function projectEvent<T extends DomainEventType>(
  project: Pick<ProjectRow, 'id' | 'workspace_id'>,
  actorId: number | null,
  type: T,
  about: { subject?: Subject; data?: DomainEventPayloads[T] } = {},
): DomainEventInput<T> {
  return {
    type,
    workspaceId: project.workspace_id,
    projectId: project.id,
    actorId,
    subject: about.subject ?? { type: 'Project', id: project.id },
    data: about.data ?? ({} as DomainEventPayloads[T]),
  };
}

/** Sets columns of the viewed project and records the event as the viewer's doing, in one transaction. */
export function changeProject<T extends DomainEventTypeWithoutData>(
  uow: UnitOfWorkOf<'projects'>,
  clock: Clock,
  view: ProjectView,
  changes: ProjectChanges,
  type: T,
  data?: DomainEventPayloads[T],
): Promise<ProjectRow>;
export function changeProject<T extends DomainEventType>(
  uow: UnitOfWorkOf<'projects'>,
  clock: Clock,
  view: ProjectView,
  changes: ProjectChanges,
  type: T,
  data: DomainEventPayloads[T],
): Promise<ProjectRow>;
export function changeProject<T extends DomainEventType>(
  uow: UnitOfWorkOf<'projects'>,
  clock: Clock,
  view: ProjectView,
  changes: ProjectChanges,
  type: T,
  data?: DomainEventPayloads[T],
): Promise<ProjectRow> {
  return uow.transaction(async (tx) => {
    const row = await tx.projects.update(view.project.id, {
      ...changes,
      updated_at: clock.now().toISOString(),
    });
    await tx.record(projectEvent<DomainEventType>(view.project, view.userId, type, { data: data ?? {} }));
    return row;
  });
}
