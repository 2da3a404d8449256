import { ACTIVITY_TEXTS, type ActivityAction } from '@common/activity';
import type { DomainEvent } from '@common/domainEvents';
import type { ActivityLogsRepository } from '../db/repositories/activityLogs';
import type { EventSubscriber } from './subscriber';

/** `project.cover_changed` -> `project_cover_changed`, when that is an activity verb. */
export function activityActionOf(type: string): ActivityAction | null {
  const action = type.replace('.', '_');
  return action in ACTIVITY_TEXTS ? (action as ActivityAction) : null;
}

/** Writes a project's activity log from its events; the entry's time is the event's. */
export class ActivityLogSubscriber implements EventSubscriber {
  readonly name = 'activity-log';

  constructor(private readonly activityLogs: ActivityLogsRepository) {}

  async handle(events: DomainEvent[]): Promise<void> {
    const entries = events.flatMap((event) => {
      const action = activityActionOf(event.type);
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
