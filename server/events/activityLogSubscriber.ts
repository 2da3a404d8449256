import { activityVerbOf, type DomainEvent } from '@common/domainEvents';
import type { ActivityLogsRepository } from '../db/repositories/activityLogs';
import type { EventSubscriber } from './subscriber';

/**
 * Writes a project's activity log from its events: those whose type names an activity verb in
 * common/domainEvents.ts and that belong to a project. The entry's time is the event's.
 */
export class ActivityLogSubscriber implements EventSubscriber {
  readonly name = 'activity-log';

  constructor(private readonly activityLogs: ActivityLogsRepository) {}

  async handle(events: DomainEvent[]): Promise<void> {
    const entries = events.flatMap((event) => {
      const action = activityVerbOf(event.type);
      if (action === null || event.projectId === null) return [];
      return [
        {
          eventId: event.id,
          projectId: event.projectId,
          userId: event.actorId,
          action,
          objectType: event.subject?.type ?? 'Project',
          objectId: event.subject?.id ?? event.projectId,
          data: event.data,
          createdAt: event.occurredAt,
        },
      ];
    });
    await this.activityLogs.insertForEvents(entries);
  }
}
